"""Play many whole games of Aristofarsa and aggregate their statistics.

    from aristofarsa.games.simulate import simulate
    stats = simulate(1000, players=4, bots=("random",), seed=1, workers=4, progress=True)
    print(stats.to_table())

Determinism (ruling M10): the seed of game ``i`` depends only on the master
seed and ``i`` (:func:`game_seed`), every game is played by the same game
function with the same arguments, and the per-chunk statistics are merged in
game-index order with exact arithmetic. The statistics are therefore identical
(``Stats.__eq__`` and ``Stats.to_json()``) whatever ``workers``, ``scheduler``
or ``chunk_size`` are.

Where games are played:

* ``workers=1`` (default): in this process.
* ``workers=W > 1``: a ``multiprocessing`` pool of W processes with the
  ``spawn`` start method; the chunk runner is a module-level function, so it
  works on every platform. A custom ``game_fn`` must then be picklable (a
  module-level function).
* ``scheduler="tcp://host:port"`` (or a ``distributed.Client``): a Dask
  distributed cluster; ``workers`` is ignored. The cluster's workers must be
  able to import ``aristofarsa`` (and the module of a custom ``game_fn``).

The game function is called as
``game_fn(players, seed, bots, expansion=..., variants=..., trace=False)``
with ``bots`` a list of one bot name per seat, and must return either a
``GameResult`` (anything with ``.summary()``) or the summary dict itself.
It defaults to :func:`aristofarsa.games.game.play_game`.
"""

from __future__ import annotations

import math
import os
import pickle
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from multiprocessing.context import SpawnContext, SpawnProcess
from typing import Any

from aristofarsa.core.messages import Msg, text
from aristofarsa.core.rulings import MAX_PLAYERS, MIN_PLAYERS
from aristofarsa.games.bots import BOTS
from aristofarsa.games.bots import normalize_bots as _normalize_bots
from aristofarsa.games.stats import Stats

__all__ = [
    "ALLOWED_BOTS",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "game_seed",
    "normalize_bots",
    "play_one",
    "simulate",
    "cpu_count",
    "MAX_GAMES",
]

#: Bot names the game runner accepts (the registry's, :data:`aristofarsa.games.bots.BOTS`).
ALLOWED_BOTS = tuple(BOTS)
#: Largest default chunk (games per task).
MAX_CHUNK = 200
#: Most games one simulation may play (a bound on memory and time, not on statistics).
MAX_GAMES = 10_000_000
#: Seconds to wait for a Dask scheduler to answer before saying nothing is listening.
CONNECT_TIMEOUT = 5.0

GameFn = Callable[..., Any]


# ---------------------------------------------------------------------- inputs

def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation with master seed ``seed``.

    Depends only on those two numbers (string-seeded ``random.Random`` hashes
    the string with SHA-512, independent of ``PYTHONHASHSEED``, the process
    and the platform). 53 bits, so that the seed survives a round trip through
    JSON in any language (a JavaScript number holds integers up to 2**53
    exactly) and ``aristofarsa play --seed S`` can replay any simulated game.
    """
    return random.Random(f"aristofarsa:{seed}:{index}").getrandbits(53)


def normalize_bots(bots: str | Iterable[str], players: int) -> tuple[str, ...]:
    """One bot name per seat, from one name for all seats or one per seat.

    ``bots`` may be a sequence of names or a comma-separated string
    (``"random,greedy,random"``). Raises ``ValueError`` naming the allowed bots
    and the allowed counts.
    """
    return tuple(_normalize_bots(bots, players))


def _check_int(name: str, value: Any, low: int | None = None, high: int | None = None,
               note: Msg | None = None) -> int:
    """``value`` if it is an integer in range; else ValueError naming ``name``, the range
    and why (``note``: a message, "ruling M8")."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(text("simulate-error.integer", name=name, got=repr(value)))
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            mid = "simulate-error.at-least-note" if note else "simulate-error.at-least"
        elif low is None:
            mid = "simulate-error.at-most-note" if note else "simulate-error.at-most"
        else:
            mid = "simulate-error.range-note" if note else "simulate-error.range"
        raise ValueError(text(mid, name=name, low=low, high=high, note=note, got=value))
    return value


def _normalize_variants(variants: str | Iterable[str]) -> tuple[str, ...]:
    if isinstance(variants, str):
        variants = (variants,)
    out = tuple(variants)
    for v in out:
        if not isinstance(v, str) or not v:
            raise ValueError(text("simulate-error.variants", got=repr(v)))
    return out


# ---------------------------------------------------------------------- one game

def _default_game_fn() -> GameFn:
    try:
        from aristofarsa.games.game import play_game
    except ImportError as exc:
        raise ImportError(   # i18n: developer (a broken install of the package itself)
            "simulate needs the game runner aristofarsa.games.game.play_game, which cannot be imported "
            f"({exc}); pass game_fn=... to use another game function"
        ) from exc
    return play_game


def play_one(
    game_fn: GameFn,
    players: int,
    seed: int,
    bots: tuple[str, ...],
    expansion: bool = False,
    variants: tuple[str, ...] = (),
) -> dict[str, Any]:
    """Play one game with trace off and return its summary dict.

    Checks that the summary reports the seed it was played with and the bots
    it was asked for (a mismatch would break reproducibility silently).
    """
    result = game_fn(players, seed, list(bots), expansion=expansion, variants=tuple(variants), trace=False)
    summary = result if isinstance(result, Mapping) else result.summary()
    if not isinstance(summary, Mapping):
        raise TypeError(f"the game summary must be a dict, got {type(summary).__name__}")  # i18n: developer
    if "seed" in summary and summary["seed"] != seed:
        raise RuntimeError(f"the game runner reports seed {summary['seed']!r} for a game played "
                           f"with seed {seed}")   # i18n: developer
    seats = summary.get("seats")
    played = summary.get("bots")
    if isinstance(seats, list) and isinstance(played, Mapping) and len(seats) == len(bots):
        asked = dict(zip(seats, bots, strict=True))
        if any(played.get(name) != bot for name, bot in asked.items()):
            raise RuntimeError(f"the game runner reports bots {dict(played)} for a game played "
                               f"with bots {asked}")   # i18n: developer
    return dict(summary)


@dataclass(frozen=True)
class _Chunk:
    """Games ``start`` (inclusive) to ``stop`` (exclusive) of one simulation."""

    start: int
    stop: int
    seed: int
    players: int
    bots: tuple[str, ...]
    expansion: bool
    variants: tuple[str, ...]
    game_fn: GameFn | None  # None: aristofarsa.games.game.play_game, imported where the chunk runs


def _run_chunk(chunk: _Chunk) -> Stats:
    """Play one chunk of games and return their statistics (module-level: picklable)."""
    fn = chunk.game_fn if chunk.game_fn is not None else _default_game_fn()
    stats = Stats()
    started = time.perf_counter()
    for index in range(chunk.start, chunk.stop):
        summary = play_one(fn, chunk.players, game_seed(chunk.seed, index), chunk.bots,
                           chunk.expansion, chunk.variants)
        stats.add(summary)
    stats.elapsed = time.perf_counter() - started
    return stats


def _run_numbered_chunk(item: tuple[int, _Chunk]) -> tuple[int, Stats]:
    number, chunk = item
    return number, _run_chunk(chunk)


# ---------------------------------------------------------------------- progress

class _NoBar:
    def update(self, n: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


class _TextBar:
    """A plain progress line on stderr, for installs without tqdm."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
        self._show()

    def _show(self) -> None:
        pct = 100 * self.done // self.total if self.total else 100
        sys.stderr.write("\r" + text("simulate.progress", done=self.done, total=self.total,
                                      percent=pct))
        sys.stderr.flush()

    def update(self, n: int = 1) -> None:
        self.done += n
        self._show()

    def close(self) -> None:
        sys.stderr.write("\n")
        sys.stderr.flush()


def _progress_bar(progress: bool, total: int) -> Any:
    if not progress:
        return _NoBar()
    try:
        from tqdm import tqdm
    except ImportError:  # the core install: a plain line instead of tqdm's bar
        return _TextBar(total)

    # no monitor thread: with the main thread alone, a Ctrl-C while a pool worker spawns
    # is held for it (_QuietSpawnProcess); another thread would take it, and drop it
    # (a subclass made by type(): the engine core has no nested class statements)
    bar = type("Bar", (tqdm,), {"monitor_interval": 0})
    return bar(total=total, unit="game", desc="simulate", file=sys.stderr, dynamic_ncols=True)


class _InOrder:
    """Merge chunk results in chunk order, whatever order they finish in."""

    def __init__(self, bar: Any) -> None:
        self.stats = Stats()
        self.pending: dict[int, Stats] = {}
        self.next = 0
        self.bar = bar

    def put(self, number: int, part: Stats) -> None:
        self.bar.update(part.games)
        self.pending[number] = part
        while self.next in self.pending:
            self.stats._absorb(self.pending.pop(self.next))
            self.next += 1


# ---------------------------------------------------------------------- backends

def _run_serial(chunks: list[_Chunk], sink: _InOrder) -> None:
    for number, chunk in enumerate(chunks):
        sink.put(number, _run_chunk(chunk))


def _ignore_interrupt() -> None:
    """Pool workers leave Ctrl-C to the parent, which stops them: no traceback from each."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def cpu_count() -> int:
    """CPUs this process may run on (its affinity, where the platform says)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # pragma: no cover - macOS, Windows
        return os.cpu_count() or 1


class _QuietSpawnProcess(SpawnProcess):
    """A spawned worker that starts with Ctrl-C ignored: an ignored signal stays ignored
    across exec, and Python then installs no KeyboardInterrupt handler, so no worker, not
    even one still starting, prints a traceback; the parent stops them all.

    The parent's Ctrl-C is also blocked while the worker spawns, so one that comes then is
    held (Linux never discards a blocked signal, ignored or not) and arrives once the parent's
    own handler is back, instead of being lost (the games then ran on to the end). That holds
    while the main thread is the only one, as it is when the pool starts (the progress bar has
    no monitor thread): another thread would take the signal while it is ignored.
    """

    def start(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return super().start()
        can_block = hasattr(signal, "pthread_sigmask")
        if can_block:
            mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # only for the ms of the spawn
        try:
            return super().start()
        finally:
            signal.signal(signal.SIGINT, previous)
            if can_block:
                signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # a held Ctrl-C arrives here


class _QuietSpawnContext(SpawnContext):
    Process = _QuietSpawnProcess


def _run_pool(chunks: list[_Chunk], workers: int, sink: _InOrder) -> None:
    processes = min(workers, len(chunks))
    if sys.platform != "win32":
        # started now, not inside a worker's spawn: it unblocks SIGINT once it has started,
        # which would let a Ctrl-C held by _QuietSpawnProcess through while still ignored
        from multiprocessing import resource_tracker
        resource_tracker.ensure_running()
    with _QuietSpawnContext().Pool(processes=processes, initializer=_ignore_interrupt) as pool:
        for number, part in pool.imap_unordered(_run_numbered_chunk, enumerate(chunks)):
            sink.put(number, part)


def _dask_client(scheduler: Any) -> tuple[Any, Any, bool]:
    try:
        from distributed import Client, as_completed
    except ImportError as exc:
        raise ImportError(text("simulate-error.no-dask")) from exc
    if isinstance(scheduler, str):
        _check_listening(scheduler)
        try:
            client = Client(scheduler, timeout=f"{CONNECT_TIMEOUT:g}s")  # type: ignore[no-untyped-call]
        except Exception as exc:  # noqa: BLE001 - whatever answers there is not a Dask scheduler
            first = str(exc).splitlines()[0][:200] if str(exc) else ""
            raise ValueError(text("simulate-error.not-dask", address=scheduler,
                                  error=f"{exc.__class__.__name__}: {first}")) from None
        return client, as_completed, True
    if hasattr(scheduler, "submit") and hasattr(scheduler, "map"):
        return scheduler, as_completed, False
    raise ValueError(text("simulate-error.scheduler", got=repr(scheduler)))


def _check_listening(address: str) -> None:
    """Fail fast, with a message, when nothing listens at a tcp:// scheduler address."""
    import socket
    from urllib.parse import urlsplit
    url = urlsplit(address if "://" in address else f"tcp://{address}")
    try:
        host, port = url.hostname, url.port
    except ValueError:
        host = port = None
    if url.scheme not in ("tcp", "tls") or not host or port is None:
        raise ValueError(text("simulate-error.address", address=address))
    try:
        socket.create_connection((host, port), timeout=CONNECT_TIMEOUT).close()
    except OSError as exc:
        reason = exc.strerror or str(exc) or exc.__class__.__name__
        raise ValueError(text("simulate-error.nothing-there", address=address, reason=reason,
                              host=host, port=port)) from None


def _dask_threads(client: Any) -> int:
    try:
        return max(1, int(sum(client.nthreads().values())))
    except Exception:  # pragma: no cover - only a sizing hint
        return 1


def _run_dask(chunks: list[_Chunk], client: Any, as_completed: Any, sink: _InOrder) -> None:
    futures = client.map(_run_chunk, chunks, pure=False)
    number_of = {future.key: number for number, future in enumerate(futures)}
    try:
        for future, part in as_completed(futures, with_results=True):
            sink.put(number_of[future.key], part)
    finally:
        client.cancel(futures)


def _check_game_fn(game_fn: GameFn | None, parallel: bool) -> None:
    """Fail fast, with a clear message: no game function at all, or one that cannot be sent
    to worker processes."""
    if game_fn is None:
        _default_game_fn()
    elif not callable(game_fn):
        raise ValueError(f"game_fn must be callable, got {game_fn!r}")   # i18n: developer (API)
    elif parallel:
        try:
            pickle.dumps(game_fn)
        except Exception as exc:
            raise ValueError(   # i18n: developer (a programmer's game_fn)
                f"game_fn {game_fn!r} cannot be sent to worker processes ({exc}); "
                "use a module-level function, or workers=1"
            ) from exc


def _chunk_size(games: int, parallelism: int) -> int:
    """Games per task: about 8 tasks per worker (50 games serially), at most ``MAX_CHUNK``."""
    target = 8 * parallelism if parallelism > 1 else 50
    return max(1, min(MAX_CHUNK, math.ceil(games / target))) if games else 1


def _play_chunks(chunks: list[_Chunk], client: Any, as_completed: Any, workers: int,
                 bar: Any) -> _InOrder:
    """Every chunk, on the cluster, in a pool or here; their statistics merged in order."""
    sink = _InOrder(bar)
    try:
        if not chunks:
            pass
        elif client is not None:
            _run_dask(chunks, client, as_completed, sink)
        elif workers > 1 and len(chunks) > 1:
            _run_pool(chunks, workers, sink)
        else:
            _run_serial(chunks, sink)
    finally:
        bar.close()
    return sink


# ---------------------------------------------------------------------- simulate

def simulate(
    games: int,
    players: int,
    bots: str | Iterable[str] = ("random",),
    seed: int = 0,
    expansion: bool = False,
    variants: str | Iterable[str] = (),
    workers: int = 1,
    scheduler: Any = None,
    progress: bool = False,
    game_fn: GameFn | None = None,
    *,
    chunk_size: int | None = None,
) -> Stats:
    """Play ``games`` whole games and return their :class:`~aristofarsa.games.stats.Stats`.

    games       number of games (0 gives empty statistics)
    players     3 to 6 (M8)
    bots        one bot name for every seat or one per seat (``ALLOWED_BOTS``),
                as a sequence or a comma-separated string
    seed        master seed; game ``i`` is played with ``game_seed(seed, i)``
    expansion   play with the Exiled expansion
    variants    names of house-rule variants to switch on
    workers     processes to use (1: this process); at most the number of CPUs
                and the number of tasks (more are not started)
    scheduler   Dask scheduler address (or a ``distributed.Client``): play on
                that cluster instead; ``workers`` is then ignored
    progress    show a tqdm progress bar on stderr, advanced per finished chunk
    game_fn     the game function (default ``aristofarsa.games.game.play_game``)
    chunk_size  games per task (default: about 8 tasks per worker, at most
                ``MAX_CHUNK``); it never changes the statistics

    The result's ``meta`` records seed, players, bots (one per seat),
    expansion and variants; ``elapsed`` the wall-clock seconds.
    """
    games = _check_int("games", games, low=0)
    if games > MAX_GAMES:
        raise ValueError(text("simulate-error.games", most=MAX_GAMES, got=games))
    players = _check_int("players", players, MIN_PLAYERS, MAX_PLAYERS, note=Msg("simulate-error.note-m8"))
    seat_bots = normalize_bots(bots, players)
    seed = _check_int("seed", seed, low=0, note=Msg("simulate-error.note-seed"))
    variants = _normalize_variants(variants)
    expansion = bool(expansion)
    if scheduler is None:
        # more processes than CPUs only add start-up cost and memory (a process storm)
        workers = min(_check_int("workers", workers, low=1), cpu_count())
    if chunk_size is not None:
        chunk_size = _check_int("chunk_size", chunk_size, low=1)

    started = time.perf_counter()
    meta = {"seed": seed, "players": players, "bots": list(seat_bots),
            "expansion": expansion, "variants": list(variants)}

    _check_game_fn(game_fn, parallel=scheduler is None and workers > 1)
    client = as_completed = None
    own_client = False
    if scheduler is not None:
        client, as_completed, own_client = _dask_client(scheduler)
        parallelism = _dask_threads(client)
    else:
        parallelism = workers
    try:
        size = chunk_size if chunk_size is not None else _chunk_size(games, parallelism)
        chunks = [_Chunk(start, min(start + size, games), seed, players, seat_bots, expansion,
                         variants, game_fn)
                  for start in range(0, games, size)]
        sink = _play_chunks(chunks, client, as_completed, workers, _progress_bar(progress, games))
    finally:
        if own_client and client is not None:
            client.close()

    stats = sink.stats
    if sink.pending or stats.games != games:  # pragma: no cover - a backend lost a chunk
        raise RuntimeError(f"simulate: {stats.games} of {games} games came back")   # i18n: developer
    stats.meta = meta
    stats.elapsed = time.perf_counter() - started
    return stats
