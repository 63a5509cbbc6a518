"""Unit tests of the layered Prestige (M3) and the Garden values (M4)."""
from aristofarsa.core.prestige import apply_ledger, garden_value, ledger_text, prestige
from aristofarsa.core.state import Card, Entry, Slot
from aristofarsa.core.trace import Op


def garden(*names, owners=None):
    owners = owners or list(range(len(names)))
    return [Slot(o, Card(i, n, o)) for i, (n, o) in enumerate(zip(names, owners, strict=True))]


def test_ledger_applies_in_order():
    assert apply_ledger(9, [(Op.MULTIPLY, 2), (Op.ADD, -5)]) == 13
    assert apply_ledger(9, [(Op.ADD, -5), (Op.MULTIPLY, 2)]) == 8
    assert apply_ledger(7, [(Op.ADD, 8), (Op.SET, 3), (Op.MULTIPLY, 2)]) == 6
    assert apply_ledger(1, [(Op.ADD, -7)]) == -6  # negative values are allowed
    assert ledger_text([(Op.ADD, 5), (Op.MULTIPLY, 2), (Op.SET, 4)]) == "+5, ×2, becomes 4"


def test_rogue_needs_any_noble():
    g = garden("Rogue", "Witch")
    assert garden_value(g, 0, [], False) == 0
    g = garden("Rogue", "Witch", "Squire")
    assert garden_value(g, 0, [], False) == 10


def test_squire_only_noble():
    assert garden_value(garden("Squire", "Rogue"), 0, [], False) == 10
    assert garden_value(garden("Squire", "Knight"), 0, [], False) == 5


def test_elder_neighbour_once():
    assert garden_value(garden("Knight", "Elder", "Bishop"), 1, [], False) == 11  # not +10
    assert garden_value(garden("Witch", "Elder", "Rogue"), 1, [], False) == 6
    assert garden_value(garden("Elder", "Squire"), 0, [], False) == 11


def test_servant_is_eleven_only_when_pair_revealed():
    g = garden("Servant", "Witch", "Rogue")
    hidden = Entry(0, 0, Card(99, "Servant", 0), face_up=False)
    assert garden_value(g, 0, [hidden], False) == 1
    hidden.revealed = True
    assert garden_value(g, 0, [hidden], False) == 11
    other_owner = Entry(0, 1, Card(98, "Servant", 1), face_up=True)
    assert garden_value(g, 0, [other_owner], False) == 1


def test_mark_overrides_own_effect_but_not_ledger():
    g = garden("Squire", "Rogue", "Aristocrat")
    g[0].marked = True
    assert garden_value(g, 0, [], False) == 5
    g[0].ledger.append((Op.ADD, 8))
    assert prestige(g, 0, [], False) == 13


def test_courtisan_fixed_bonus_vs_live_variant():
    g = garden("Rogue", "Courtisan")
    g[1].bonus = 10  # fixed when played (M4)
    assert garden_value(g, 1, [], False) == 16
    # courtisan-live: the bonus follows the current Garden value of the Peasant it followed
    assert garden_value(g, 1, [], True) == 6  # it followed nothing when played
    g[1].follows = g[0].card
    assert garden_value(g, 1, [], True) == 16
    g[0] = Slot(0, Card(50, "Jester", 0), played=False)  # the Peasant is exchanged out (M5)
    assert garden_value(g, 1, [], True) == 6
    g2 = garden("Witch", "Courtisan")
    g2[1].bonus = 2
    g2[1].follows = g2[0].card
    g2[0].ledger.append((Op.ADD, 5))  # ledger of the Peasant is not part of its Garden value
    assert garden_value(g2, 1, [], True) == 8
    g2[1].played = False  # exchanged in: no entry bonus (M5)
    assert garden_value(g2, 1, [], True) == 6


def test_damsel_becomes_is_fixed_value():
    g = garden("Knight", "Witch")
    g[0].ledger.append((Op.SET, 2))
    g[0].ledger.append((Op.ADD, 5))
    assert prestige(g, 0, [], False) == 7


def test_a_garden_rule_is_registered_once():
    """A card's Garden rule is one row: its value is read everywhere, and the trace's M4
    step gives its explanation (a Jester +4 while it is alone in the Garden, for the test)."""
    from aristofarsa import SCENARIOS_DIR, scenario
    from aristofarsa.core.prestige import GARDEN_RULES, MOVES, drop_garden_rule, garden_rule
    assert set(GARDEN_RULES) == {"Rogue", "Squire", "Elder", "Servant", "Courtisan", "Bard"}
    assert MOVES == {False: {"Rogue", "Squire", "Elder", "Servant"},
                     True: {"Rogue", "Squire", "Elder", "Servant", "Courtisan"}}
    path = SCENARIOS_DIR / "b10-bishop-cancels-later-card.toml"  # Ana's Jester is played first
    before = scenario.run(scenario.load(path))
    jester = next(s for s in before.garden if s[1] == "Jester")

    def first_plus_four(garden, i, balcony, live):
        return garden[i].card.prestige + (4 if len(garden) == 1 else 0)

    garden_rule("Jester", "M4", "+4 while alone in the Garden", first_plus_four,
                lambda slot, gv, live: "it is alone in the Garden (+4)" if gv > 3 else "not alone")
    try:
        after = scenario.run(scenario.load(path))
        m4 = [e.text for e in after.trace if e.kind == "prestige" and e.rule == "M4"
              and e.target_card == "Jester"]
    finally:
        drop_garden_rule("Jester")
    assert "Jester" not in GARDEN_RULES and "Jester" not in MOVES[False]
    assert m4 == ["Ana's Jester is now 7 (was 3): it is alone in the Garden (+4).",
                  "Ana's Jester is now 3 (was 7): not alone."]
    assert [s for s in after.garden if s[1] == "Jester"] == [jester]  # no longer alone: +4 gone
