"""Keeps the translation catalogs in step with the code: extract, update, compile, check.

Each *area* is one catalog folder and the source files whose marked words it translates
(design.md, decision 10: game terms and move descriptions under `engine/locale`, service,
email and browser words under `service/locale`, the CLI's under `clients/locale`). A folder
holds `<language>/LC_MESSAGES/castillo.po`, edited by translators, and the `.mo` compiled
from it, which `engine.i18n` reads at run time (committed, so a checkout runs without a
build step; `check` proves each `.mo` is the compilation of its `.po`).

    python -m service.catalogs update            # re-extract; add new words to every .po; compile
    python -m service.catalogs update --add cs   # the same, starting Czech in every area
    python -m service.catalogs compile           # .po -> .mo after translating
    python -m service.catalogs check             # what is untranslated, fuzzy or not compiled

Words are marked with `engine.i18n`'s `_`, `n_`, `p_`, `N_` and `NP_` in Python, `_`/`ngettext`/
`pgettext` in Jinja2 templates, and `t`/`tn`/`tp` in the browser's JavaScript.
"""

from __future__ import annotations

import argparse
import gettext
import io
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from engine.i18n import DOMAIN, SOURCE

ROOT = Path(__file__).resolve().parents[1]
PYTHON_KEYWORDS = {"_": None, "N_": None, "n_": (1, 2), "p_": ((1, "c"), 2), "NP_": ((1, "c"), 2)}
JINJA_KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
JS_KEYWORDS = {"t": None, "tn": (1, 2), "tp": ((1, "c"), 2)}
METHODS = {".py": "python", ".j2": "jinja2.ext:babel_extract", ".js": "javascript", ".html": "javascript"}
KEYWORDS = {".py": PYTHON_KEYWORDS, ".j2": JINJA_KEYWORDS, ".js": JS_KEYWORDS, ".html": JS_KEYWORDS}
WIDTH = 100


@dataclass(frozen=True)
class Area:
    """One catalog folder and the source files (globs under the repository root) it covers."""

    name: str
    folder: str
    sources: tuple[str, ...]
    exclude: tuple[str, ...] = ()

    @property
    def path(self) -> Path:
        """Returns the catalog folder."""
        return ROOT / self.folder

    def files(self) -> list[Path]:
        """Returns the source files, sorted, without the excluded ones."""
        skip = {p for pattern in self.exclude for p in ROOT.glob(pattern)}
        found = {p for pattern in self.sources for p in ROOT.glob(pattern) if p.suffix in METHODS}
        return sorted(found - skip)


AREAS = (
    Area(
        "terms",
        "engine/locale/terms",
        ("engine/terms.py", "clients/python/phrases*.py", "clients/python/describe.py"),
    ),
    Area("reasons", "engine/locale/reasons", ("engine/**/*.py",), ("engine/i18n.py", "engine/terms.py")),
    Area("api", "service/locale/api", ("service/**/*.py",), ("service/catalogs.py",)),
    Area("mail", "service/locale/mail", ("workers/**/*.py", "workers/templates/**/*.j2")),
    Area("web", "service/locale/web", ("clients/browser/*.js",)),
    Area(
        "cli",
        "clients/locale/cli",
        ("clients/*.py", "clients/python/*.py", "clients/bots/*.py"),
        ("clients/python/phrases*.py", "clients/python/describe.py"),
    ),
)


def template(area: Area) -> Catalog:
    """Returns the catalog of every word marked in the area's source files."""
    catalog = Catalog(domain=DOMAIN, project="Castillo", fuzzy=False)
    for path in area.files():
        results = extract_from_file(
            METHODS[path.suffix], path, keywords=KEYWORDS[path.suffix], comment_tags=("TRANSLATORS:",)
        )
        for lineno, message, comments, context in results:
            where = [(path.relative_to(ROOT).as_posix(), lineno)]
            catalog.add(message, None, where, auto_comments=comments, context=context)
    return catalog


def languages() -> list[str]:
    """Returns every language any area has a catalog for (English, the source, has none)."""
    found = {
        entry.name
        for area in AREAS
        if area.path.is_dir()
        for entry in area.path.iterdir()
        if (entry / "LC_MESSAGES" / f"{DOMAIN}.po").is_file()
    }
    return sorted(found - {SOURCE})


def po_path(area: Area, language: str) -> Path:
    """Returns where the area's catalog of `language` is."""
    return area.path / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(area: Area, language: str) -> Catalog:
    """Returns the area's catalog of `language` (a new, empty one when there is none yet)."""
    path = po_path(area, language)
    if not path.is_file():
        return Catalog(locale=language, domain=DOMAIN, project="Castillo", fuzzy=False)
    with path.open("rb") as f:
        return read_po(f, locale=language, domain=DOMAIN)


def po_bytes(catalog: Catalog) -> bytes:
    """Returns a catalog as .po text, in the layout every update writes."""
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, omit_header=False, include_previous=False)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    """Returns a catalog compiled for gettext (fuzzy entries left out)."""
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def update(add: Sequence[str] = ()) -> list[Path]:
    """Brings every area's catalogs in step with its sources and compiles them; returns what changed."""
    changed = []
    for area in AREAS:
        fresh = template(area)
        for language in sorted({*languages(), *add}):
            catalog = read(area, language)
            catalog.update(fresh, no_fuzzy_matching=True, update_creation_date=False)
            catalog.obsolete.clear()
            changed += _write(po_path(area, language), po_bytes(catalog))
            changed += _write(po_path(area, language).with_suffix(".mo"), mo_bytes(catalog))
    return changed


def compile_all() -> list[Path]:
    """Compiles every .po to its .mo; returns the .mo files that changed."""
    changed = []
    for area in AREAS:
        for language in languages():
            if po_path(area, language).is_file():
                mo = mo_bytes(read(area, language))
                changed += _write(po_path(area, language).with_suffix(".mo"), mo)
    return changed


def _write(path: Path, data: bytes) -> list[Path]:
    """Writes `data` to `path` unless it holds it already; returns [path] when written."""
    if path.is_file() and path.read_bytes() == data:
        return []
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return [path]


def problems(area: Area, language: str) -> list[str]:
    """Returns what is wrong with the area's catalog of `language`: missing, untranslated or
    fuzzy words, and a .mo that is not the compilation of the .po."""
    path = po_path(area, language)
    if not path.is_file():
        return [f"{path.relative_to(ROOT)}: no catalog"]
    catalog = read(area, language)
    out = []
    for message in template(area):
        if not message.id:
            continue
        have = catalog.get(message.id, message.context)
        where = f"{path.relative_to(ROOT)}: {message.id!r}" + (
            f" (context {message.context!r})" if message.context else ""
        )
        strings = () if have is None else (have.string if isinstance(have.string, tuple) else (have.string,))
        if have is None:
            out.append(f"{where} is missing")
        elif not all(strings):
            out.append(f"{where} is untranslated")
        elif have.fuzzy:
            out.append(f"{where} is fuzzy")
    mo = path.with_suffix(".mo")
    if not mo.is_file() or _entries(mo.read_bytes()) != _entries(mo_bytes(catalog)):
        out.append(f"{mo.relative_to(ROOT)} is not the compilation of its .po (run compile)")
    return out


def _entries(mo: bytes) -> dict[object, str]:
    """Returns a compiled catalog's translations without its header (which names Babel's version)."""
    found = gettext.GNUTranslations(io.BytesIO(mo))._catalog  # type: ignore[attr-defined]
    return {key: value for key, value in found.items() if key != ""}


def main(argv: Sequence[str] | None = None) -> int:
    """Runs `update`, `compile` or `check`; prints what changed or what is wrong."""
    parser = argparse.ArgumentParser(prog="python -m service.catalogs", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    up = sub.add_parser("update", help="re-extract the words and bring every catalog in step; compile")
    up.add_argument("--add", action="append", default=[], metavar="LANGUAGE", help="start a language")
    sub.add_parser("compile", help="compile every .po to its .mo")
    sub.add_parser("check", help="list missing, untranslated and fuzzy words and stale .mo files")
    args = parser.parse_args(argv)
    if args.command == "update":
        for path in update(args.add):
            print(f"wrote {path.relative_to(ROOT)}")
        return 0
    if args.command == "compile":
        for path in compile_all():
            print(f"wrote {path.relative_to(ROOT)}")
        return 0
    found = [p for area in AREAS for language in languages() for p in problems(area, language)]
    print("\n".join(found) if found else f"every catalog is complete ({', '.join(languages())})")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
