"""The command line: help everywhere, cards, scenarios, crowns, output formats."""
import json

import pytest

from aristofarsa import SCENARIOS_DIR
from aristofarsa.core.cards import CARDS, PROVISIONAL_CROWNS, family


@pytest.mark.parametrize("cmd", [[], ["resolve"], ["check"], ["cards"], ["scenarios"],
                                 ["play"], ["simulate"]])
def test_help_everywhere(cmd, run_cli):
    proc = run_cli(*cmd, "--help")
    assert proc.returncode == 0
    assert "usage: aristofarsa" in proc.stdout


def test_no_command_is_usage_error(run_cli_process):
    proc = run_cli_process()          # the entry point itself, as a process
    assert proc.returncode == 2 and "usage" in proc.stderr and "Traceback" not in proc.stderr


def test_cards_table_json_matches_data(run_cli):
    proc = run_cli("cards", "--expansion", "--json")
    out = json.loads(proc.stdout)
    assert out["crowns_provisional"] is True
    names = [c["name"] for c in out["cards"]]
    assert names == list(CARDS)
    servant = next(c for c in out["cards"] if c["name"] == "Servant")
    assert servant == {**servant, "type": "Peasant", "prestige": 1, "copies": 2, "crowns": 1}
    assert len(family(False)) == 12 and len(family(True)) == 16
    base = json.loads(run_cli("cards", "--json").stdout)
    assert [c["name"] for c in base["cards"]] == [n for n in CARDS if not CARDS[n].expansion]


def test_cards_text_marks_crowns_provisional(run_cli):
    out = run_cli("cards").stdout
    assert "provisional (ruling M9)" in out
    assert "Aristocrat" in out and "5*" in out


def test_crowns_file_replaces_values(tmp_path, run_cli, example):
    f = tmp_path / "crowns.toml"
    f.write_text("[crowns]\nAristocrat = 10\nmerchant = 4\n")
    out = json.loads(run_cli("cards", "--json", "--crowns", str(f)).stdout)
    crowns = {c["name"]: c["crowns"] for c in out["cards"]}
    assert crowns["Aristocrat"] == 10 and crowns["Merchant"] == 4 and out["crowns_provisional"] is False
    assert crowns["Rogue"] == PROVISIONAL_CROWNS["Rogue"]
    res = json.loads(run_cli("resolve", example, "--json", "--crowns", str(f)).stdout)
    assert res["crowns"]["Caio"] == 14 and res["crowns_provisional"] is False
    f.write_text("[crowns]\nDragon = 3\n")
    proc = run_cli("resolve", example, "--crowns", str(f))
    assert proc.returncode == 2 and "unknown card 'Dragon'" in proc.stderr


def test_scenario_crowns_key_changes_ranking(tmp_path, run_cli, example):
    src = open(example).read().split("[expect]")[0]
    f = tmp_path / "r.toml"
    assert 'name = "Ana"\n' in src
    f.write_text('crowns = { Aristocrat = 0, Merchant = 0 }\n'
                 + src.replace('name = "Ana"\n', 'name = "Ana"\nscored = ["Rogue"]\n', 1))
    res = json.loads(run_cli("resolve", str(f), "--json").stdout)
    assert res["crowns"] == {"Ana": 2, "Bruno": 0, "Caio": 0}
    # E4: Ana has more crowns; Caio (Aristocrat scored) beats Bruno at 0 crowns
    assert res["ranking"] == [["Ana"], ["Caio"], ["Bruno"]]


def test_scenarios_lists_library(run_cli):
    out = run_cli("scenarios").stdout
    assert "example-merchant-crowns-aristocrat.toml: The Merchant crowns the Aristocrat" in out
    assert len(out.strip().splitlines()) == len(list(SCENARIOS_DIR.glob("*.toml")))


def test_resolve_text_and_markdown(run_cli, example):
    text = run_cli("resolve", example).stdout
    assert text.startswith("The Merchant crowns the Aristocrat")
    assert "Winning card: Caio's Aristocrat (13). Starts next round: Caio." in text and "— B5" in text
    md = run_cli("resolve", example, "--markdown").stdout
    assert md.startswith("## The Merchant crowns the Aristocrat")
    assert "| # | phase | what happened | Prestige | ruling |" in md


def test_variant_flag_changes_outcome(tmp_path, run_cli, example):
    f = tmp_path / "w.toml"
    f.write_text(open(example).read().split("[expect]")[0].replace(
        'target = "Caio", delta = -5', 'target = "Ana", delta = 5'))
    assert run_cli("resolve", str(f)).returncode == 2  # the Witch may not target its owner
    res = json.loads(run_cli("resolve", str(f), "--json", "--variant", "witch-own").stdout)
    assert res["garden"][0]["prestige"] == 10  # marked Knight 5, +5


def test_check_skips_files_without_expect(tmp_path, run_cli, example):
    f = tmp_path / "a.toml"
    f.write_text(open(example).read().split("[expect]")[0])
    proc = run_cli("check", str(tmp_path))
    assert proc.returncode == 0 and "SKIP" in proc.stdout and "1 without [expect]" in proc.stdout
    proc = run_cli("check", str(tmp_path / "missing"))
    assert proc.returncode == 2 and "no such file or folder" in proc.stderr


def test_failing_dask_cluster_is_a_clear_error(monkeypatch, capsys):
    import aristofarsa.games.simulate as sim
    from aristofarsa.cli import main

    def broken(*args, **kwargs):
        raise RuntimeError("Error during deserialization of the task graph\nmore detail")
    monkeypatch.setattr(sim, "simulate", broken)
    code = main(["simulate", "--games", "2", "--players", "4", "--scheduler", "tcp://127.0.0.1:1"])
    err = capsys.readouterr().err
    assert code == 2
    assert "--scheduler tcp://127.0.0.1:1: the Dask cluster failed" in err
    assert "must be able to import aristofarsa" in err and "Traceback" not in err
    monkeypatch.setattr(sim, "simulate", broken)
    try:  # without a scheduler the same failure is a bug, not bad input: it propagates
        main(["simulate", "--games", "2", "--players", "4"])
    except RuntimeError:
        pass
    else:
        raise AssertionError("an internal error was swallowed")


def test_user_facing_details(tmp_path, run_cli, example):
    from aristofarsa import SCENARIOS_DIR as LIB
    # the description is part of the explanation; Markdown shows no "None" changes
    text = run_cli("resolve", example).stdout
    assert "Why the Knight is only 5" in text
    md = run_cli("resolve", example, "--markdown").stdout
    assert "None" not in md and "| 8 | P1 |" in md
    # an Aristocrat's mark shows the drop from the value last shown
    out = run_cli("resolve", str(LIB / "m4-aristocrat-mark-outlives-the-aristocrat.toml")).stdout
    assert "marks Ana's Squire: Garden value exactly 5 for the rest of the round (10 → 5)" in out
    # a replay says why values go back
    out = run_cli("resolve", str(LIB / "b10-bishop-replay.toml")).stdout
    assert "Bruno's Servant is 1 again (was 12): for the replay every Balcony adjustment" in out


def test_warnings_and_hints(tmp_path, run_cli, example):
    src = open(example).read().split("[expect]")[0]
    short = tmp_path / "short.toml"
    import re
    short.write_text(re.sub(r'^hand = \["Jester"\].*$', "", src, count=1, flags=re.M))
    proc = run_cli("resolve", str(short))
    assert proc.returncode == 0
    assert "warning:" in proc.stderr and "player 'Ana' starts the round with 2 cards" in proc.stderr
    late = tmp_path / "late.toml"
    late.write_text(src + '\nexpansion = true\n')
    proc = run_cli("resolve", str(late))
    assert proc.returncode == 2 and "write it before the first [[player]]" in proc.stderr
    proc = run_cli("resolve", str(tmp_path))
    assert proc.returncode == 2 and "is a folder" in proc.stderr and "aristofarsa check" in proc.stderr
    bad_crowns = tmp_path / "c.toml"
    bad_crowns.write_text("[crowns]\nKnigt = 3\n")
    proc = run_cli("resolve", example, "--crowns", str(bad_crowns))
    assert proc.returncode == 2 and str(bad_crowns) in proc.stderr and "'Knigt'" in proc.stderr
    own = tmp_path / "own.toml"
    own.write_text(src.replace('target = "Caio", delta = -5', 'target = "Caio", delta = -5')
                   .replace('conspire = { card = "Merchant", target = "Caio" }',
                            'conspire = { card = "Witch", target = "Caio", delta = 5 }'))
    proc = run_cli("resolve", str(own), "--variant", "bishop-no-undo")
    assert proc.returncode == 2 and "variants in play: bishop-no-undo" in proc.stderr


def test_check_reports_invalid_files_without_expect(tmp_path, run_cli, example):
    src = open(example).read().split("[expect]")[0]
    (tmp_path / "bad.toml").write_text(src.replace('target = "Caio", delta = -5',
                                                   'target = "Zed", delta = -5'))
    proc = run_cli("check", str(tmp_path))
    assert proc.returncode == 2
    assert "INVALID" in proc.stderr and "'Zed'" in proc.stderr
    assert "0 passed, 0 failed, 1 invalid" in proc.stdout


def test_negative_seeds_are_refused(tmp_path, run_cli, example):
    proc = run_cli("play", "--players", "4", "--seed", "-7")
    assert proc.returncode == 2 and "seed must be a whole number >= 0, got -7" in proc.stderr
    f = tmp_path / "s.toml"
    f.write_text("seed = -1\n" + open(example).read().split("[expect]")[0])
    proc = run_cli("resolve", str(f))
    assert proc.returncode == 2 and "`seed` must be a whole number >= 0" in proc.stderr


def test_round1_starter_statistics():
    from aristofarsa.games.simulate import simulate
    from aristofarsa.games.stats import Stats
    base = {"rounds": 3, "end_reason": "aristocrat-scored", "seats": ["A", "B", "C"],
            "bots": {"A": "random", "B": "random", "C": "random"}, "card_stats": {},
            "players": {"A": {"crowns": 5}, "B": {"crowns": 1}, "C": {"crowns": 0}}}
    stats = Stats.from_summaries([
        {**base, "seed": 1, "first": "A", "ranking": [["A"], ["B"], ["C"]]},
        {**base, "seed": 2, "first": "B", "ranking": [["A", "B"], ["C"]]},
        {**base, "seed": 3, "first": "C", "ranking": [["A"], ["B", "C"]]},
    ])
    out = stats.to_json()["round1_starter"]
    assert out == {"games": 3, "wins": 1.5, "win_rate": 0.5, "equal_share": 1 / 3}
    assert "Round-1 starter (a seeded draw, M2) won 50.0% of 3 games" in stats.to_table()
    real = simulate(40, 4, seed=5)
    assert real.starter_games == 40 and 0 <= real.starter_wins <= 40
