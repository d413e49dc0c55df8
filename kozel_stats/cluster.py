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

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from .errors import KozelError

RETRIES = 3  # a task that raises (e.g. a worker's memory error) is tried this many more times
CONNECT_TIMEOUT = "20s"


class ClusterError(KozelError):
    """The cluster cannot be reached or cannot play these games."""


@dataclass
class Backend:
    executor: Any  # concurrent.futures.Executor, or None for the local process pool
    workers: int | None  # threads on the cluster (None: the local pool decides)
    where: str  # for the messages and the outputs: "local", "tcp://..." or "local:4"


def _worker_identity() -> tuple[str, str]:
    import kozel_stats

    return kozel_stats.__version__, kozel_stats.engine_digest()


def _need_dask() -> None:
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise ClusterError(
            "--scheduler and --cluster need Dask, which is not installed: pip install 'kozel-stats[dask]'."
        ) from None


def parse_cluster(spec: str) -> int:
    match = re.fullmatch(r"local:(\d{1,4})", spec.strip())
    if not match or not 1 <= int(match.group(1)) <= 1024:
        raise ClusterError(f"--cluster {spec!r}: write local:N, N the number of worker processes (1 to 1024).")
    return int(match.group(1))


def check_scheduler(address: str) -> str:
    if not re.fullmatch(r"(tcp|tls|ucx|inproc)://[^\s/]+(:\d+)?/?", address.strip()):
        raise ClusterError(f"--scheduler {address!r}: give the scheduler's address, e.g. tcp://10.0.0.5:8786.")
    return address.strip()


@contextmanager
def backend(
    scheduler: str | None = None, cluster: str | None = None, notice: Callable[[str], None] | None = None
) -> Iterator[Backend]:
    """The executor the runner plays on: the local pool (neither option), an existing Dask
    cluster (`scheduler`, tcp://HOST:PORT) or a LocalCluster of N worker processes on
    127.0.0.1 (`cluster`, "local:N"). Everything Dask started here is stopped on exit."""
    if scheduler is None and cluster is None:
        yield Backend(None, None, "local")
        return
    if scheduler is not None and cluster is not None:
        raise ClusterError("give --scheduler or --cluster, not both.")
    n_local = parse_cluster(cluster) if cluster is not None else 0
    address = check_scheduler(scheduler) if scheduler is not None else None
    _need_dask()
    from distributed import Client, LocalCluster

    local = None
    try:
        if n_local:
            if notice:
                notice(f"starting a Dask LocalCluster of {n_local} workers on 127.0.0.1")
            local = LocalCluster(
                n_workers=n_local,
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                dashboard_address=None,
            )
            address = local.scheduler_address
        assert address is not None  # given, or the LocalCluster's
        if address.startswith("tcp://"):
            _probe(address)
        try:
            client = Client(address, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            raise ClusterError(
                f"--scheduler {address}: cannot reach the Dask scheduler there ({exc}); is `dask scheduler` "
                "running, and is the address and port right?"
            ) from None
        try:
            yield _ready(client, str(address), cluster or str(address))
        finally:
            client.close()
    finally:
        if local is not None:
            local.close()


def _probe(address: str) -> None:
    """Fail at once, with the reason, when nothing listens at a tcp:// address (Dask's own client
    would keep retrying until its timeout)."""
    import socket

    rest = address[len("tcp://") :].rstrip("/")
    host, _, port = rest.rpartition(":") if ":" in rest else (rest, "", "8786")  # Dask's default port
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=10):
            pass
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise ClusterError(
            f"--scheduler {address}: cannot reach the Dask scheduler there ({reason}); is `dask scheduler` "
            "running, and is the address and port right?"
        ) from None


def _ready(client: Any, address: str, where: str) -> Backend:
    """Check that the cluster has workers and that they play the same games as this machine."""
    import kozel_stats

    threads = sum(client.nthreads().values())
    if threads == 0:
        client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
        threads = sum(client.nthreads().values())
    mine = (kozel_stats.__version__, kozel_stats.engine_digest())
    theirs = client.run(_worker_identity)
    wrong = {w: v for w, v in theirs.items() if tuple(v) != mine}
    if wrong:
        worker, (version, digest) = next(iter(wrong.items()))
        raise ClusterError(
            f"the Dask worker {worker} runs kozel-stats {version} with engine {digest}, this machine "
            f"{mine[0]} with engine {mine[1]}: their games would differ; install the same version on "
            "every worker."
        )
    return Backend(client.get_executor(pure=False, retries=RETRIES), threads, where)
