"""A throw-away PostgreSQL server for tests and benchmarks (``initdb`` + ``pg_ctl``).

``with TempPostgres() as pg: pg.url("name")`` runs a server in a temporary
directory, listening on a unix socket in that directory only (no TCP port),
with ``fsync=off`` (a test server holds nothing worth a disk flush), and
stops it and removes the directory at the end.  PostgreSQL refuses to run as
root, so as root the server runs as the ``postgres`` user when it exists,
else as a ``manaburn-pg`` user created for it.

:func:`find_bin_dir` says where ``initdb`` is, or None when no server
binary exists on this machine (the only case where tests marked
``postgres`` are skipped).
"""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path
from types import TracebackType

__all__ = ["TempPostgres", "find_bin_dir"]

_RUN_AS = ("postgres", "manaburn-pg")


def find_bin_dir() -> Path | None:
    """The directory holding ``initdb``, ``pg_ctl`` and ``postgres``, or None."""
    found = shutil.which("initdb")
    if found:
        return Path(os.path.realpath(found)).parent
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True):
        return Path(candidate).parent
    return None


class TempPostgres:
    """A PostgreSQL server in a temporary directory, on a unix socket there."""

    def __init__(self, bin_dir: Path | None = None) -> None:
        found = bin_dir or find_bin_dir()
        if found is None:
            raise FileNotFoundError("no PostgreSQL server binaries (initdb) on this machine")
        self.bin_dir = found
        self.dir = Path(tempfile.mkdtemp(prefix="manaburn-pg-"))
        self.data = self.dir / "data"
        self.socket_dir = self.dir
        self.port = 5432
        self._user: str | None = None

    # ------------------------------------------------------------------ life
    def start(self) -> TempPostgres:
        if os.geteuid() == 0:
            self._user = _server_user()
            pw = pwd.getpwnam(self._user)
            os.chown(self.dir, pw.pw_uid, pw.pw_gid)
            os.chmod(self.dir, 0o755)
        self._run("initdb", "-D", str(self.data), "-U", "manaburn", "--auth=trust",
                  "--encoding=UTF8", "--locale=C", "--no-sync")
        opts = (f"-c listen_addresses='' -c unix_socket_directories='{self.socket_dir}'"
                f" -c port={self.port} -c fsync=off -c full_page_writes=off -c max_connections=200"
                " -c shared_buffers=64MB")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.dir / "log"), "-o", opts, "-w",
                  "-t", "60", "start")
        return self

    def stop(self) -> None:
        """Stop the server (fast shutdown) and remove its directory."""
        try:
            if (self.data / "postmaster.pid").exists():
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> TempPostgres:
        return self.start()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()

    # ----------------------------------------------------------------- use
    def url(self, dbname: str = "postgres", *, schema: str | None = None) -> str:
        """The address of database *dbname* (and *schema* as the search path)."""
        url = f"postgresql://manaburn@/{dbname}?host={self.socket_dir}&port={self.port}"
        if schema is not None:
            url += f"&options=-csearch_path%3D{schema}"
        return url

    def psql_url(self) -> str:
        return self.url()

    def log(self) -> str:
        try:
            return (self.dir / "log").read_text(errors="replace")
        except OSError:
            return ""

    def _run(self, tool: str, *args: str) -> None:
        cmd = [str(self.bin_dir / tool), *args]
        if self._user is not None:
            cmd = ["runuser", "-u", self._user, "--", *cmd]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd=self.dir)
        if proc.returncode != 0:
            raise RuntimeError(f"{tool} failed ({proc.returncode}): {proc.stderr.strip() or proc.stdout.strip()}"
                               f"\n{self.log()[-2000:]}")


def _server_user() -> str:
    """A non-root user to run the server as (PostgreSQL refuses root)."""
    for name in _RUN_AS:
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", _RUN_AS[1]],
                   check=True, capture_output=True)
    return _RUN_AS[1]
