"""A throwaway PostgreSQL cluster: Debian's (or any installed) server binaries, a temporary folder, a Unix socket.

The server tests start one for their PostgreSQL runs, and ``troef bench server
--processes N`` one for its processes to share. Nothing of it outlives
:meth:`PgCluster.stop`.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

from troef.bench.server import free_port


def pg_bindir() -> Path | None:
    """Where Debian's (or any) PostgreSQL server binaries are, or None."""
    candidates = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3].split(".")[0])
    )
    for path in [*reversed(candidates), shutil.which("initdb")]:
        if path and Path(path).exists():
            bindir = Path(path).resolve().parent
            if (bindir / "pg_ctl").exists() and (bindir / "postgres").exists():
                return bindir
    return None


class PgCluster:
    """A throwaway PostgreSQL cluster in a temporary folder, reached by a Unix socket."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.base = Path(tempfile.mkdtemp(prefix="troef-pg-"))
        self.base.chmod(0o755)
        self.data = self.base / "data"
        self.port = free_port()
        self.prefix: list[str] = []
        if os.geteuid() == 0:
            # initdb and postgres refuse to run as root: run them as the postgres user
            try:
                pwd.getpwnam("postgres")
            except KeyError:
                raise RuntimeError("running as root, but there is no 'postgres' user to run PostgreSQL") from None
            shutil.chown(self.base, "postgres", "postgres")
            self.prefix = ["runuser", "-u", "postgres", "--"]
        self._run([str(bindir / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8"])
        options = f"-k {self.base} -p {self.port} -c listen_addresses='' -c fsync=off -c full_page_writes=off"
        self._run(
            [
                str(bindir / "pg_ctl"),
                "-D",
                str(self.data),
                "-o",
                options,
                "-l",
                str(self.base / "pg.log"),
                "-w",
                "start",
            ]
        )
        self._counter = itertools.count()

    def _run(self, cmd: list[str]) -> None:
        result = subprocess.run(self.prefix + cmd, capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)} failed: {result.stdout}\n{result.stderr}")

    def url(self, dbname: str) -> str:
        return f"postgresql+psycopg://postgres@/{dbname}?host={self.base}&port={self.port}"

    def new_database(self) -> str:
        import psycopg

        name = f"troef_{os.getpid()}_{next(self._counter)}"
        with psycopg.connect(
            host=str(self.base), port=self.port, user="postgres", dbname="postgres", autocommit=True
        ) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run([str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"])
        finally:
            shutil.rmtree(self.base, ignore_errors=True)
