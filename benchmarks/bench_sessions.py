"""Replay-until-open: what the click-driven sessions cost against plain runs, side by side.

Not a test: prints figures measured in one run, interleaved (A, B, A, B, ...) so machine
noise hits both sides alike, and the ratios between them.

- Rounds: every bundled lesson driven from no choices (``RoundSession(sc, written=False)``),
  each choice answered by the ``--auto`` policy as the "person", with an undo and the same
  answer again after each; against a plain ``scenario.run`` of the same lessons.
- Games: a 4-player game with one human seat (first option each time) and random bots,
  answer by answer; against ``play_game`` with the same person as a decider.
- Bots only ("next round"): 6-player random-bot games played by ``step_round`` (one game
  kept between calls), against the same played by replaying the whole game before each
  round (the former way), and against ``play_game``.

    python benchmarks/bench_sessions.py [--seconds 3]
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, too

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.controllers.game_session import GameSession
from aristofarsa.controllers.session import RoundSession, ask_of
from aristofarsa.core.decisions import AutoDecider, Request
from aristofarsa.games.game import play_game


def drive_round(sc: scenario.Scenario) -> int:
    """One lesson from no choices, answered one by one with an undo after each."""
    session = RoundSession(sc, written=False)
    auto = AutoDecider()
    answers = 0
    while session.pending is not None:
        value = auto.decide(session.pending)
        session.answer(value)
        session.undo()
        session.answer(value)
        answers += 1
    return answers


class FirstOption:
    auto = False
    needs_history = False

    def decide(self, request: Request) -> object:
        return ask_of(request).options[0].value


def drive_game(seed: int) -> int:
    session = GameSession(players=4, seed=seed, bots="random", human_seats={0})
    answers = 0
    while not session.over:
        assert session.ask is not None
        session.answer(session.ask.options[0].value)
        answers += 1
    return answers


class ReplayEachRound(GameSession):
    """The former bots-only "next round": the whole game played again before each round."""

    def step_round(self) -> None:
        if self.bots_to_move:
            self._replay("round")


def bots_by_rounds(seed: int, cls: type[GameSession] = GameSession) -> int:
    session = cls(players=6, seed=seed, bots="random", human_seats=())
    rounds = 0
    while not session.over:
        session.step_round()
        rounds += 1
    return rounds


def interleaved(a, b, seconds: float) -> tuple[float, float, int, int]:
    """Alternate calls of a() and b() for about ``seconds`` in total; their times and
    counts (each returns how many units it did)."""
    ta = tb = 0.0
    na = nb = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or not (na and nb):
        t0 = time.perf_counter()
        na += a()
        t1 = time.perf_counter()
        nb += b()
        t2 = time.perf_counter()
        ta += t1 - t0
        tb += t2 - t1
    return ta, tb, na, nb


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per comparison")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    lessons = [scenario.load(p) for p in sorted(SCENARIOS_DIR.glob("*.toml"))]

    def sessions() -> int:
        return sum(drive_round(sc) for sc in lessons)

    def plain() -> int:
        for sc in lessons:
            scenario.run(sc)
        return len(lessons)

    ts, tp, answers, runs = interleaved(sessions, plain, args.seconds)
    passes = runs // len(lessons)
    per_lesson_session = ts / passes / len(lessons)
    per_lesson_run = tp / passes / len(lessons)
    print(f"bundled lessons:                         {len(lessons)}")
    print(f"answers per pass (all lessons):          {answers // passes:,}")
    print(f"session answers/s (answer+undo+answer):  {answers / ts:,.0f}"
          f"   ({ts / answers * 1e3:.3f} ms each)")
    print(f"plain scenario.run rounds/s:             {runs / tp:,.0f}")
    print(f"a lesson answered one by one costs       x{per_lesson_session / per_lesson_run:.1f}"
          " of one plain run")
    print(f"  (per answer: x{ts / answers / per_lesson_run:.2f} of one plain run)")

    seeds = list(range(3))

    def game_sessions() -> int:
        return sum(drive_game(s) for s in seeds)

    def game_plain() -> int:
        for s in seeds:
            play_game(4, seed=s, bots="random", trace=True, decider_overrides={0: FirstOption()})
        return len(seeds)

    tg, tq, gans, games = interleaved(game_sessions, game_plain, args.seconds)
    passes = games // len(seeds)
    print(f"game: human answers per pass ({len(seeds)} games): {gans // passes:,}")
    print(f"game session answers/s (random bots):    {gans / tg:,.0f}   ({tg / gans * 1e3:.2f} ms each)")
    print(f"a game answered one by one costs         x{(tg / passes) / (tq / passes):.1f} of one play_game")

    seeds = list(range(10))

    def live() -> int:
        return sum(bots_by_rounds(s) for s in seeds)

    def replaying() -> int:
        return sum(bots_by_rounds(s, ReplayEachRound) for s in seeds)

    def bots_plain() -> int:
        for s in seeds:
            play_game(6, seed=s, bots="random", trace=True)
        return len(seeds)

    tl, tr, rounds_live, rounds_replaying = interleaved(live, replaying, args.seconds)
    tl2, tp, _, _ = interleaved(live, bots_plain, args.seconds)   # the same passes on each side
    per_round_live, per_round_replaying = tl / rounds_live, tr / rounds_replaying
    print(f"bots only, 'next round' ({len(seeds)} 6-player games): {per_round_live * 1e3:.2f} ms a round "
          f"in one game, {per_round_replaying * 1e3:.2f} ms replaying "
          f"(x{per_round_replaying / per_round_live:.1f})")
    print(f"bots only, a game by 'next round' costs  x{tl2 / tp:.2f} of one play_game"
          " (the set-up shown first included)")


if __name__ == "__main__":
    main()
