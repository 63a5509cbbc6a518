"""Every kind of invalid scenario gives exit 2 and a message naming file, player, key and
what is allowed — never a traceback."""
import pytest

BASE = {
    "Ana": 'garden = "Knight"\nconspire = { card = "Witch", target = "Caio", delta = -5 }\nhand = ["Jester"]',
    "Bruno": 'garden = "Rogue"\nconvoke = { discard = ["Servant", "Merchant"], take = "Bishop" }',
    "Caio": 'garden = "Aristocrat"\nconspire = { card = "Merchant", target = "Caio" }\nhand = ["Damsel"]',
}


def scenario(top="", **players):
    blocks = dict(BASE)
    blocks.update(players)
    body = "".join(f'\n[[player]]\nname = "{n}"\n{b}\n' for n, b in blocks.items() if b is not None)
    return top + "\n" + body


CASES = {
    "unknown top key": (scenario('colour = "red"'), ["unknown key `colour`", "allowed top-level keys"]),
    "unknown player key": (scenario(Ana=BASE["Ana"] + '\nhat = "big"'),
                           ["player 'Ana'", "unknown key `hat`", "allowed player keys"]),
    "too many copies": (scenario(Ana=BASE["Ana"].replace('["Jester"]', '["Knight"]')),
                        ["player 'Ana'", "2 copies of Knight (garden, hand)", "a family has 1"]),
    "card in two places": (scenario(Bruno=BASE["Bruno"] + '\ndeck = ["Rogue"]'),
                           ["player 'Bruno'", "2 copies of Rogue (garden, deck)"]),
    "three servants": (scenario(Caio=BASE["Caio"].replace('["Damsel"]', '["Servant", "Servant", "Servant"]')),
                       ["player 'Caio'", "3 copies of Servant", "a family has 2"]),
    "expansion card without expansion": (scenario(Ana=BASE["Ana"].replace('["Jester"]', '["Bard"]')),
                                         ["player 'Ana'", "`hand`", "Bard is an Exiled expansion card",
                                          "expansion = true"]),
    "unknown card": (scenario(Ana=BASE["Ana"].replace('"Knight"', '"Kinght"')),
                     ["player 'Ana'", "`garden`", "'Kinght' is not a card name", "Rogue, Servant"]),
    "unaffordable convoke": (scenario(Bruno='garden = "Rogue"\nconvoke = { discard = ["Servant", "Witch"], take = "Aristocrat" }'),
                             ["player 'Bruno'", "`convoke.take` = 'Aristocrat'", "total 5", "allowed: Squire"]),
    "convoke with wrong discards": (scenario(Bruno='garden = "Rogue"\nconvoke = { discard = ["Servant"], take = "Squire" }\nhand = ["Witch"]'),
                                    ["player 'Bruno'", "convoke.discard", "every card left in hand"]),
    "convoke take not a noble": (scenario(Bruno='garden = "Rogue"\nconvoke = { discard = ["Servant", "Merchant"], take = "Witch" }'),
                                 ["player 'Bruno'", "convoke.take", "not a Parlor Noble", "Squire, Courtisan"]),
    "illegal witch target (own)": (scenario(Ana='garden = "Knight"\nconspire = { card = "Witch", target = "Ana", delta = -5 }\nhand = ["Jester"]'),
                                   ["player 'Ana'", "`conspire.target` = 'Ana'", "allowed: Bruno, Caio"]),
    "illegal witch delta": (scenario(Ana='garden = "Knight"\nconspire = { card = "Witch", target = "Caio", delta = 3 }\nhand = ["Jester"]'),
                            ["player 'Ana'", "`conspire.delta` = 3", "allowed: -5, +5"]),
    "target is not a player": (scenario(Caio='garden = "Aristocrat"\nconspire = { card = "Merchant", target = "Zed" }\nhand = ["Damsel"]'),
                               ["player 'Caio'", "'Zed'", "allowed: Ana, Bruno, Caio"]),
    "missing choice": (scenario(Caio='garden = "Aristocrat"\nconspire = "Merchant"\nhand = ["Damsel"]'),
                       ["player 'Caio'", "choice `target` is missing", "allowed: Ana, Bruno, Caio"]),
    "choice the card does not take": (scenario(Ana='garden = { card = "Knight", target = "Bruno" }\nconspire = { card = "Witch", target = "Caio", delta = -5 }\nhand = ["Jester"]'),
                                      ["player 'Ana'", "`garden.target` is not a choice of Knight"]),
    "two players": (scenario(Caio=None), ["2 players", "3 to 6 players"]),
    "seven players": ("\n".join(f'[[player]]\nname = "P{i}"\ngarden = "Rogue"\nconspire = "Jester"\n' for i in range(7)),
                      ["7 players", "3 to 6 players"]),
    "duplicate names": (scenario(Caio=None) + '\n[[player]]\nname = "ana"\ngarden = "Squire"\nconspire = "Jester"\n',
                        ["two players are named", "unique"]),
    "malformed toml": ('title = "oops\n[[player]]', ["not valid TOML"]),
    "no action": (scenario(Ana='garden = "Knight"\nhand = ["Jester"]'),
                  ["player 'Ana'", "exactly one Phase-2 action", "`conspire` or `convoke`"]),
    "both actions": (scenario(Ana=BASE["Ana"] + '\nconvoke = { discard = ["Jester"], take = "Squire" }'),
                     ["player 'Ana'", "exactly one Phase-2 action", "got conspire, convoke"]),
    "unknown variant": (scenario('variants = ["witch-everything"]'),
                        ["unknown variant 'witch-everything'", "courtisan-live", "witch-own"]),
    "first not a player": (scenario('first = "Zed"'), ["`first` = 'Zed' is not a player", "Ana, Bruno, Caio"]),
    "wrong type": (scenario('expansion = "yes"'), ["`expansion` must be true or false"]),
    "unknown expect key": (scenario() + '\n[expect]\nwinner = "Caio"\n', ["[expect]", "unknown key `winner`", "winners"]),
    "unknown ruling id": (scenario('rulings = ["Z9"]'), ["unknown ruling ID 'Z9'"]),
    "bad crowns": (scenario('crowns = { Rogue = -1 }'), ["crowns: Rogue must be a whole number >= 0"]),
    "parlor with elder": (scenario('expansion = true', Bruno=BASE["Bruno"] + '\nparlor = ["Bishop", "Elder"]'),
                          ["player 'Bruno'", "Elder cannot sit in a Parlor"]),
    "take not in given parlor": (scenario(Bruno=BASE["Bruno"] + '\nparlor = ["Squire"]'),
                                 ["player 'Bruno'", "`convoke.take` = Bishop is not in the Parlor (Squire)"]),
    "bard reveals a card not in hand": (
        scenario('expansion = true', Ana='garden = { card = "Bard", target = "Bruno", reveal = "Knight" }\nconspire = "Jester"\nhand = ["Witch"]'),
        ["player 'Ana'", "`garden.reveal` = 'Knight'", "allowed: Rogue, Servant, Merchant"]),
    "scribe draw not accounted": (
        scenario('expansion = true', Ana='garden = { card = "Scribe", discard = "Jester" }\nconspire = "Witch"\nhand = ["Squire"]\ndeck = ["Rogue"]'),
        ["player 'Ana'", "Scribe draws Rogue"]),
    "passes but could act": (scenario(Ana='garden = "Knight"\npasses = true\nhand = ["Jester"]'),
                             ["player 'Ana'", "`passes = true`", "P8"]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_invalid_scenario_exit_2_with_clear_message(name, tmp_path, run_cli):
    text, needles = CASES[name]
    path = tmp_path / "round.toml"
    path.write_text(text, encoding="utf-8")
    proc = run_cli("resolve", str(path), "--json")
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr
    assert proc.stdout == ""
    assert str(path) in proc.stderr
    for needle in needles:
        assert needle in proc.stderr, (needle, proc.stderr)


def test_non_text_file(tmp_path, run_cli):
    path = tmp_path / "image.toml"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe")
    proc = run_cli("resolve", str(path))
    assert proc.returncode == 2 and "not a text file" in proc.stderr and "Traceback" not in proc.stderr


def test_missing_file(tmp_path, run_cli):
    proc = run_cli("resolve", str(tmp_path / "nope.toml"))
    assert proc.returncode == 2 and "cannot read" in proc.stderr


def test_bad_variant_flag(tmp_path, run_cli):
    proc = run_cli("resolve", "x.toml", "--variant", "nope")
    assert proc.returncode == 2 and "allowed: courtisan-live" in proc.stderr


def test_auto_fills_only_missing_choices(tmp_path, run_cli):
    path = tmp_path / "round.toml"
    path.write_text(CASES["missing choice"][0], encoding="utf-8")
    proc = run_cli("resolve", str(path), "--auto", "--json")
    assert proc.returncode == 0, proc.stderr
    import json
    out = json.loads(proc.stdout)
    autos = [e for e in out["trace"] if e.get("auto")]
    assert len(autos) == 1 and "--auto" in autos[0]["text"] and autos[0]["actor"] == "Caio"
    path.write_text(CASES["illegal witch delta"][0], encoding="utf-8")
    proc = run_cli("resolve", str(path), "--auto")
    assert proc.returncode == 2 and "`conspire.delta` = 3" in proc.stderr


def test_choice_made_illegal_by_a_replay(tmp_path, run_cli):
    from aristofarsa import SCENARIOS_DIR
    src = (SCENARIOS_DIR / "b10-replay-choice-made-again.toml").read_text()
    path = tmp_path / "r.toml"
    path.write_text(src.replace(', replay = { exchange = "Jester" }', ""))
    proc = run_cli("resolve", str(path))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "player 'Bruno'" in proc.stderr and "became illegal" in proc.stderr
    assert "`replay` table" in proc.stderr and "allowed: Jester, none (it is optional)" in proc.stderr
    proc = run_cli("resolve", str(path), "--auto")
    assert proc.returncode == 0
    assert "Bruno does not use the optional exchange for Squire (chosen by --auto" in proc.stdout


def test_scribe_discard_is_required_even_with_auto(tmp_path, run_cli):
    text = scenario('expansion = true', Bruno='garden = { card = "Scribe" }\nconspire = "Witch"\n'
                                              'hand = ["Damsel", "Jester"]\ndeck = ["Jester", "Merchant"]')
    text = text.replace('hand = ["Damsel", "Jester"]\ndeck = ["Jester", "Merchant"]',
                        'hand = ["Damsel", "Jester"]\ndeck = ["Merchant"]')
    path = tmp_path / "s.toml"
    path.write_text(text)
    for extra in ([], ["--auto"]):
        proc = run_cli("resolve", str(path), *extra)
        assert proc.returncode == 2, proc.stdout
        assert "player 'Bruno'" in proc.stderr and "needs `garden.discard`" in proc.stderr
