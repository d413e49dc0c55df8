"""Running the batches past one machine: a Dask distributed cluster as the runner's executor.

`compare` and `sweep` hand their batches to a `concurrent.futures.Executor`; by default a
local process pool, here Dask's (`Client.get_executor`). A task is one batch of games of
every arm and returns only its sufficient statistics (`moments.RunStats`: a few KB for a
comparison, 8·(columns·cells)² bytes of Gram matrix for a sweep), so the network carries
almost nothing. A worker that dies has its tasks re-run elsewhere by the scheduler (and a
task that fails is retried), and since a batch's numbers depend only on the seed and its
game indices, the result is bit-identical whichever worker played what.

Nothing of Dask is imported unless `--scheduler` or `--cluster` is given; Dask is an
optional extra (``pip install 'kozel-stats[dask]'``).
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Callable, Iterator
from concurrent.futures import CancelledError
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ..text import (
    messages,
    play_texts,  # noqa: F401  (importing it declares the sentences this module says)
)
from ..text.errors import KozelError

RETRIES = 3  # a task that raises (e.g. a worker's memory error) is tried this many more times


class ClusterError(KozelError):
    """The cluster cannot be reached or cannot play these games."""


@dataclass
class Backend:
    executor: Any  # concurrent.futures.Executor, or None for the local process pool
    workers: int | None  # threads on the cluster (None: the local pool decides)
    where: str  # for the messages and the outputs: "local", "tcp://..." or "local:4"


def _worker_identity() -> tuple[str, str]:
    import kozel_stats
    from kozel_stats.engine import engine_digest

    return kozel_stats.__version__, engine_digest()


def _need_dask() -> None:
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise ClusterError.keyed("cluster.need_dask") from None


def parse_cluster(spec: str) -> int:
    match = re.fullmatch(r"local:(\d{1,4})", spec.strip())
    if not match or not 1 <= int(match.group(1)) <= 1024:
        raise ClusterError.keyed("cluster.parse_cluster", spec=spec)
    return int(match.group(1))


def check_scheduler(address: str) -> str:
    if not re.fullmatch(r"(tcp|tls|ucx|inproc)://[^\s/]+(:\d+)?/?", address.strip()):
        raise ClusterError.keyed("cluster.check_scheduler", address=address)
    return address.strip()


#: Seconds to reach a --scheduler and hear its handshake (--connect-timeout), and for its first worker.
DEFAULT_CONNECT_TIMEOUT = 20.0
#: The longest a Dask handshake message is (it is a few hundred bytes): more is not a Dask scheduler.
MAX_HANDSHAKE_BYTES = 1 << 20


def check_timeout(seconds: float) -> float:
    if not 0.1 <= seconds <= 3600:
        raise ClusterError.keyed("cluster.check_timeout", seconds=seconds)
    return seconds


def check_backend_options(scheduler: str | None, cluster: str | None, connect_timeout: float | None) -> None:
    """--scheduler / --cluster / --connect-timeout of compare, sweep and atlas, checked before anything is
    written (the cluster itself is reached only when a game is to be played)."""
    if scheduler is not None and cluster is not None:
        raise ClusterError.keyed("cluster.check_backend_options")
    if connect_timeout is not None and scheduler is None:
        raise ClusterError.keyed("cluster.check_backend_options.2")
    if scheduler is not None:
        check_scheduler(scheduler)
    if cluster is not None:
        parse_cluster(cluster)
    if connect_timeout is not None:
        check_timeout(connect_timeout)


@contextmanager
def backend(
    scheduler: str | None = None,
    cluster: str | None = None,
    notice: Callable[[str], None] | None = None,
    timeout: float | None = None,
) -> Iterator[Backend]:
    """The executor the runner plays on: the local pool (neither option), an existing Dask
    cluster (`scheduler`, tcp://HOST:PORT) or a LocalCluster of N worker processes on
    127.0.0.1 (`cluster`, "local:N"). Everything Dask started here is stopped on exit.

    Connecting takes at most `timeout` seconds (--connect-timeout; None: DEFAULT_CONNECT_TIMEOUT): an
    address that accepts connections and never answers, one that is not a Dask scheduler, one that
    cannot be reached is one ClusterError naming the address; Ctrl-C or SIGTERM stop it at once
    (`signals.interruptible`)."""
    if scheduler is None and cluster is None:
        yield Backend(None, None, "local")
        return
    check_backend_options(scheduler, cluster, None)  # (the timeout serves a LocalCluster's start too)
    from ..system import signals

    timeout = check_timeout(DEFAULT_CONNECT_TIMEOUT if timeout is None else timeout)
    n_local = parse_cluster(cluster) if cluster is not None else 0
    address = scheduler.strip() if scheduler is not None else None
    _need_dask()
    from distributed import LocalCluster

    local = None
    client = None
    try:
        with signals.interruptible():  # connecting can always be stopped
            if n_local:
                if notice:
                    notice(f"starting a Dask LocalCluster of {n_local} workers on 127.0.0.1")
                with _quiet_workers():
                    local = LocalCluster(
                        n_workers=n_local,
                        threads_per_worker=1,
                        processes=True,
                        host="127.0.0.1",
                        dashboard_address=None,
                    )
                address = local.scheduler_address
            assert address is not None  # given, or the LocalCluster's
            if address.startswith("tcp://") and not n_local:
                _probe(address, timeout)
            client = _connect(address, timeout)
            ready = _ready(client, str(address), cluster or str(address), timeout)
        with _dask_logs_quiet():
            try:
                yield ready
            except (KeyboardInterrupt, SystemExit, GeneratorExit, KozelError):
                raise
            except BaseException as exc:  # what Dask raises when the cluster goes away mid-run
                lost = (
                    client.status not in ("running", "connecting")
                    or isinstance(exc, (OSError, TimeoutError, CancelledError))
                    or not _listening(str(address))
                )
                if not lost:
                    raise
                raise _lost(address, exc, client.status) from None
    finally:
        with _quiet_workers():
            if client is not None:
                with contextlib.suppress(Exception):  # a scheduler gone meanwhile: nothing left to close
                    client.close(timeout=min(timeout, 10))
            if local is not None:
                local.close(timeout=min(timeout, 10))


@contextmanager
def shared_or_own(
    shared: Backend | None,
    scheduler: str | None,
    cluster: str | None,
    notice: Callable[[str], None] | None = None,
    timeout: float | None = None,
) -> Iterator[Backend]:
    """`shared` when a caller plays many runs on one backend (the atlas: one LocalCluster for all its
    comparisons, not one started and stopped for each), else a backend of the run's own (`backend`)."""
    if shared is not None:
        yield shared
        return
    with backend(scheduler, cluster, notice, timeout) as chosen:
        yield chosen


def _connect(address: str, timeout: float) -> Any:
    """A Dask Client of the scheduler at `address`, or one ClusterError naming it."""
    from distributed import Client

    try:
        return Client(address, timeout=f"{timeout}s")
    except (KeyboardInterrupt, ClusterError):
        raise
    except Exception as exc:  # OSError, TimeoutError, or what a stranger's bytes make of Dask
        raise ClusterError.because("cluster.connect", exc, 120, address=address, timeout=timeout) from None


def _reason_ru(exc: BaseException, reason: str) -> str:
    """Why a connection failed, in Russian: the system's error by its number (never its English words)."""
    from ..text.phrasebook import os_error, translate

    if isinstance(exc, OSError) and exc.errno is not None:
        return os_error(OSError(exc.errno, exc.strerror))
    return translate(reason)


def _lost(address: str, exc: BaseException, status: str) -> ClusterError:
    """The error for a cluster lost mid-run; Dask's own logging is silenced for good first."""
    # the client's reconnection attempts go on logging until this process ends: never shown
    # (tornado's too: the client's event loop logs a closed connection's callback error with its traceback)
    for name in ["distributed", "tornado", *logging.root.manager.loggerDict]:
        if name in ("distributed", "tornado") or name.startswith(("distributed.", "tornado.")):
            logging.getLogger(name).disabled = True
    return ClusterError.keyed(
        "cluster.lost",
        address=address,
        error_type=type(exc).__name__,
        detail=": " + str(exc)[:120] if str(exc) else "",
        status=status,
    )


def _listening(address: str) -> bool:
    """Whether something still accepts connections at a tcp:// address (True for other protocols)."""
    import socket

    if not address.startswith("tcp://"):
        return True
    rest = address[len("tcp://") :].rstrip("/")
    host, _, port = rest.rpartition(":")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=2):
            return True
    except (OSError, ValueError):
        return False


@contextmanager
def _dask_logs_quiet() -> Iterator[None]:
    """While the run plays, Dask's own log lines (a lost scheduler's reconnection attempts, with their
    tracebacks) are not printed: the run ends with one message of ours instead."""
    with _dask_loggers_at(CRITICAL):
        yield


CRITICAL = 50  # logging.CRITICAL


@contextmanager
def _dask_loggers_at(level: int) -> Iterator[None]:
    """Every logger of Dask's (its configuration gives some their own level) and of tornado's, whose event loop
    Dask runs on (it logs a callback's error with its traceback), at `level`, then as before."""
    import logging

    names = ["distributed", "dask", "tornado"] + [
        n for n in logging.root.manager.loggerDict if n.startswith(("distributed.", "dask.", "tornado."))
    ]
    loggers = [logging.getLogger(n) for n in names]
    saved = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(level)
    try:
        yield
    finally:
        for lg, old in zip(loggers, saved, strict=True):
            lg.setLevel(old)


@contextmanager
def _quiet_workers() -> Iterator[None]:
    """A LocalCluster's worker processes ignore Ctrl-C (this process handles it and stops them: the
    terminal sends it to every process of the group) and log errors only, and so does Dask here while
    it stops them: an interrupted run prints its one message, not the workers' tracebacks and warnings.
    The worker processes are spawned (a new interpreter): they inherit an ignored SIGINT and the
    environment, which Dask reads its logging levels from."""
    import logging
    import os
    import signal
    import threading

    env = {"DASK_LOGGING__DISTRIBUTED": "error"}
    saved_env = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    # (ignored, not blocked: a blocked SIGINT does not stay blocked in the spawned workers. The price: a Ctrl-C
    # in the seconds the cluster starts or stops is lost; SIGTERM is not)
    main = threading.current_thread() is threading.main_thread()
    handler = signal.getsignal(signal.SIGINT) if main else None
    if main:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with _dask_loggers_at(logging.CRITICAL):
            yield
    finally:
        if main:
            signal.signal(signal.SIGINT, handler)
        for k, v in saved_env.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _probe(address: str, timeout: float) -> None:
    """Fail at once, with the reason, when nothing listens at a tcp:// address, when what listens does not
    answer, or answers in another protocol (an HTTP server): a Dask scheduler sends its handshake as soon as
    a connection opens, eight bytes of length then the message. (Dask's own client would retry until its
    timeout, or read the first bytes of a stranger's answer as a length of exabytes.)"""
    import socket
    import struct

    rest = address[len("tcp://") :].rstrip("/")
    host, _, port = rest.rpartition(":") if ":" in rest else (rest, "", "8786")  # Dask's default port
    try:
        sock = socket.create_connection((host.strip("[]"), int(port)), timeout=timeout)
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        said = messages.Both(reason, _reason_ru(exc, reason))
        raise ClusterError.keyed("cluster.unreachable", address=address, reason=said) from None
    with sock:
        try:
            sock.settimeout(timeout)
            head = b""
            while len(head) < 8:
                chunk = sock.recv(8 - len(head))
                if not chunk:
                    raise ClusterError.keyed("cluster.closed", address=address)
                head += chunk
        except TimeoutError:
            raise ClusterError.keyed("cluster.silent", address=address, timeout=timeout) from None
        except OSError as exc:
            said = messages.Both(str(exc.strerror or exc), _reason_ru(exc, str(exc.strerror or exc)))
            raise ClusterError.keyed("cluster.failed", address=address, reason=said) from None
    (length,) = struct.unpack("<Q", head)
    if not 0 < length <= MAX_HANDSHAKE_BYTES:
        shown = head.decode("latin-1").encode("unicode_escape").decode()
        raise ClusterError.keyed("cluster.protocol", address=address, shown=shown)


def _ready(client: Any, address: str, where: str, timeout: float = DEFAULT_CONNECT_TIMEOUT) -> Backend:
    """Check that the cluster has workers and that they play the same games as this machine."""

    threads = sum(client.nthreads().values())
    if threads == 0:
        try:
            client.wait_for_workers(1, timeout=timeout)
        except (TimeoutError, OSError):
            raise ClusterError.keyed("cluster.ready.2", address=address, timeout=timeout) from None
        threads = sum(client.nthreads().values())
    mine = _worker_identity()
    theirs = client.run(_worker_identity)
    wrong = {w: v for w, v in theirs.items() if tuple(v) != mine}
    if wrong:
        worker, (version, digest) = next(iter(wrong.items()))
        raise ClusterError.keyed(
            "cluster.ready", worker=worker, version=version, digest=digest, mine=mine[0], engine=mine[1]
        )
    return Backend(client.get_executor(pure=False, retries=RETRIES), threads, where)
