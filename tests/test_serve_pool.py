"""The pool of preheated kernels mends itself (``cli/voila_fixes.watch_pool_entry``), shown
without a server: a kernel manager whose kernels are plain objects. The same on a real server
(a kernel killed while it waits): tests/browser/test_pool_recovery.py."""
from __future__ import annotations

import asyncio
import concurrent.futures
import logging

import pytest

from aristofarsa.cli import voila_fixes
from aristofarsa.core.messages import Msg

NOTEBOOK = "lab.ipynb"


class Restarter:
    def __init__(self) -> None:
        self.restart_limit = 5
        self.callbacks: dict[str, list] = {"restart": [], "dead": []}


class Kernel:
    """What the watch uses of Jupyter's kernel manager for one kernel."""
    def __init__(self) -> None:
        self._restarter = Restarter()
        self.cleaned = False

    def add_restart_callback(self, callback, event: str = "restart") -> None:
        self._restarter.callbacks[event].append(callback)

    def die(self) -> None:                      # the restarter's poll finds the process dead
        if self._restarter.restart_limit == 0:
            for callback in self._restarter.callbacks["dead"]:
                callback()

    async def cleanup_resources(self) -> None:
        self.cleaned = True


class Manager:
    """The pool's part of ``AppKernelManager``: ``fill_if_needed`` starts each new entry as a
    task whose outcome the test decides."""
    def __init__(self, starts: list) -> None:
        self._pools: dict[str, list] = {}
        self._pool_losses: dict[str, int] = {}
        self._pool_restart_limits: dict[str, int] = {}
        self._kernels: dict[str, Kernel] = {}
        self.starts = starts                    # each start: a kernel id, or an exception
        self.delays: list[float | None] = []
        self.shut: list[str] = []

    def __contains__(self, kernel_id: str) -> bool:
        return kernel_id in self._kernels

    def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None) -> None:
        pool = self._pools.setdefault(str(notebook_name), [])
        if not pool:
            self.delays.append(delay)
            task = asyncio.ensure_future(self._start(self.starts.pop(0)))
            pool.append(task)
            voila_fixes.watch_pool_entry(self, str(notebook_name), task)

    async def _start(self, outcome) -> dict:
        if isinstance(outcome, Exception):
            raise outcome
        self._kernels[outcome] = Kernel()
        return {"kernel_id": outcome, "task": asyncio.ensure_future(asyncio.sleep(3600)),
                "renderer": None}

    async def shutdown_kernel(self, kernel_id: str, now: bool = False) -> None:
        assert now
        self.shut.append(kernel_id)
        del self._kernels[kernel_id]

    def waiting(self) -> list[str]:
        return [t.result()["kernel_id"] for t in self._pools.get(NOTEBOOK, ())
                if t.done() and t.exception() is None]


def run_apart(main):
    """``asyncio.run(main())`` in a thread of its own (a browser test before this one, in the
    same process, leaves Playwright's event loop running in this thread)."""
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, main()).result()


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_a_kernel_that_did_not_start_leaves_the_pool_and_another_starts(caplog) -> None:
    async def run() -> Manager:
        manager = Manager([OSError("Address already in use"), OSError("disk full"), "k3"])
        manager.fill_if_needed(delay=0, notebook_name=NOTEBOOK)
        await settle()
        return manager

    with caplog.at_level(logging.WARNING, logger="aristofarsa.serve"):
        manager = run_apart(run)
    assert manager.waiting() == ["k3"]
    assert len(manager._pools[NOTEBOOK]) == 1          # no failed entry left for a visitor
    # each loss in a row waits longer before the next start: no busy loop of failing starts
    assert manager.delays == [0, voila_fixes.REFILL_BACKOFF[0], voila_fixes.REFILL_BACKOFF[1]]
    assert manager._pool_losses[NOTEBOOK] == 2
    said = [r.getMessage() for r in caplog.records]
    assert said == [str(Msg("serve-log.pool-start-failed", {"notebook": NOTEBOOK, "error": e}))
                    for e in ("Address already in use", "disk full")]


def test_a_kernel_that_dies_while_it_waits_is_shut_down_and_replaced(caplog) -> None:
    async def run() -> tuple[Manager, dict]:
        manager = Manager(["k1", "k2"])
        manager.fill_if_needed(delay=0, notebook_name=NOTEBOOK)
        await settle()
        first = manager._pools[NOTEBOOK][0].result()
        kernel = manager._kernels["k1"]
        # while it waits, its restarter restarts nothing: a restarted process never runs the
        # notebook again, so the death is reported instead
        assert kernel._restarter.restart_limit == 0
        assert manager._pool_restart_limits == {"k1": 5}
        kernel.die()
        await settle()
        return manager, first

    with caplog.at_level(logging.WARNING, logger="aristofarsa.serve"):
        manager, first = run_apart(run)
    assert manager.shut == ["k1"]
    assert first["task"].cancelled()                   # the notebook's run on the dead process
    assert manager.waiting() == ["k2"]
    assert "k1" not in manager._pool_restart_limits
    assert [r.getMessage() for r in caplog.records] == [
        str(Msg("serve-log.pool-kernel-lost", {"kernel": "k1", "notebook": NOTEBOOK}))]


def test_a_kernel_off_jupyters_list_already_has_its_files_cleaned_up() -> None:
    async def run() -> Kernel:
        manager = Manager(["k1", "k2"])
        manager.fill_if_needed(delay=0, notebook_name=NOTEBOOK)
        await settle()
        kernel = manager._kernels.pop("k1")            # Jupyter's own "dead" callback ran first
        kernel.die()
        await settle()
        assert manager.shut == [] and manager.waiting() == ["k2"]
        return kernel

    assert run_apart(run).cleaned


def test_a_visitors_kernel_gets_its_restart_limit_back_and_is_not_watched_any_more() -> None:
    async def run() -> Manager:
        manager = Manager(["k1", "k2"])
        manager.fill_if_needed(delay=0, notebook_name=NOTEBOOK)
        await settle()
        manager._pool_losses[NOTEBOOK] = 3
        manager._pools[NOTEBOOK].pop(0)                # a visitor takes it (Voila's own step)
        voila_fixes.given_from_pool(manager, NOTEBOOK, "k1")
        kernel = manager._kernels["k1"]
        assert kernel._restarter.restart_limit == 5    # a page's kernel restarts as Jupyter's do
        kernel._restarter.restart_limit = 0
        kernel.die()                                   # the page's kernel dies: not the pool's
        await settle()
        return manager

    manager = run_apart(run)
    assert manager.shut == [] and NOTEBOOK not in manager._pool_losses


@pytest.mark.parametrize("how", ["cancelled", "pool cleared"])
def test_nothing_is_replaced_while_the_server_shuts_down(how: str) -> None:
    async def run() -> Manager:
        manager = Manager([OSError("Address already in use"), "k2"])
        manager.fill_if_needed(delay=0, notebook_name=NOTEBOOK)
        if how == "cancelled":
            manager._pools[NOTEBOOK][0].cancel()
        else:
            manager._pools = {}                        # Voila's shutdown_all takes the pools
        await settle()
        return manager

    manager = run_apart(run)
    assert manager.delays == [0] and manager.starts == ["k2"]
