"""Locks a data folder for one `castillo serve`: a second one on the same folder says who holds it.

The lock is an advisory `flock` on `serve.lock` in the folder, held by the supervisor for its
lifetime (the file descriptor is not inherited by its children) and released by the kernel
when it exits, however it exits. The file holds the holder's pid, for the message.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

LOCK_NAME = "serve.lock"


class FolderBusy(RuntimeError):
    """Signals that another process holds the data folder's lock; `pid` names it (0 if unknown)."""

    def __init__(self, folder: Path, pid: int) -> None:
        holder = f"process {pid}" if pid else "another process"
        super().__init__(
            f"the data folder {folder} is in use by {holder} (another `castillo serve`); "
            "stop it first, or give this one another --data folder"
        )
        self.pid = pid


class FolderLock:
    """The exclusive lock of one data folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / LOCK_NAME
        self.fd: int | None = None

    def acquire(self) -> None:
        """Takes the lock and writes this pid into it; raises FolderBusy naming the holder."""
        self.folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = _read_pid(fd)
            os.close(fd)
            raise FolderBusy(self.folder, pid) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self.fd = fd

    def release(self) -> None:
        """Lets the lock go (exiting does too)."""
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def _read_pid(fd: int) -> int:
    """Returns the pid written in a lock file (0 when it holds none)."""
    text = os.pread(fd, 32, 0).decode(errors="replace").strip()
    return int(text) if text.isdigit() else 0
