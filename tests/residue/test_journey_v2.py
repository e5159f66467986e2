"""RESIDUE Journey v2 (issue 13): typed phases, Tokens carrying their foe, typed events, old saves migrated."""

import json
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import residue as rs
from tabletop_core.residue import journey as jr
from tabletop_core.residue.hexmap import resolve_area_draw
from tabletop_core.residue.journey import events as ev
from tabletop_core.residue.journey import phases as ph

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _wanderer(seed=1):
    return rs.Wanderer.new(
        hp=6, endurance_dice=["d8", "d8", "d6"], inventory="d8", luck="d6", strain_threshold=3, rng=seed
    )


def _busy_setup():
    """The example content with a Vendor, an optional NPC, Portals and an Anomaly near the start."""
    base = jr.example_setup(max_days=6)
    dealer = rs.Vendor("Dealer", goods=(rs.Item("Pipe", rs.ItemType.TOOL),), prices=(1,))
    tokens = (
        *base.tokens,
        rs.Token(rs.TokenKind.VENDOR, rs.Hex(1, 0), name="Dealer"),
        rs.Token(rs.TokenKind.NPC, rs.Hex(0, 1), name="Hermit", mandatory=False),
        rs.Token(rs.TokenKind.PORTAL, rs.Hex(0, 0), name="A"),
        rs.Token(rs.TokenKind.PORTAL, rs.Hex(-1, 1), name="B"),
        rs.Token(rs.TokenKind.ANOMALY, rs.Hex(1, -1), name="Glow"),
    )
    return attrs.evolve(
        base,
        tokens=tokens,
        vendors=(dealer,),
        npcs=(jr.AreaEntry("Hermit", card=rs.Item("Rot", rs.ItemType.CORRUPTION)),),
        anomalies=(jr.AreaEntry("Glow", hp=-1),),
        portal_rules=jr.PortalRules(strain=1),
    )


# -- any sequence of offered choices keeps the state valid and JSON round-trips ----------------


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_any_offered_choices_keep_the_state_valid_and_round_tripping(seed, data):
    source = tc.dice_source(seed)
    journey = jr.start_journey(_wanderer(seed % 7), _busy_setup(), rng=source)
    for _ in range(40):
        offered = journey.choices()
        if not offered:
            assert journey.is_over
            break
        choice = offered[data.draw(st.integers(0, len(offered) - 1), label="choice")]
        step = journey.apply(choice, rng=source)
        journey = step.journey
        assert isinstance(journey.stage, ph.JourneyStage)
        assert journey.phase is journey.stage.phase
        assert jr.Journey.from_dict(journey.to_dict()) == journey  # the validators accept it again
        assert jr.JourneyStep.from_json(step.to_json()) == step
        for event in step.events:
            assert isinstance(event, ev.JourneyEvent)
            assert ev.JourneyEvent.from_dict(json.loads(json.dumps(event.to_dict()))) == event
            assert str(event) == event.text
            assert "\n" not in str(event)
        assert step.lines == tuple(str(event) for event in step.events)
        assert len(journey.foes) == len(journey.tokens)


def test_a_choice_not_offered_raises_and_changes_nothing():
    journey = jr.start_journey(_wanderer(), jr.example_setup(), rng=3)
    before = journey.to_json()
    with pytest.raises(tc.RuleError, match="is not a choice now"):
        journey.apply(jr.Choice(jr.Act.PASS), rng=1)
    assert journey.to_json() == before


@pytest.mark.parametrize(
    ("path", "value", "error"),
    [
        (("stage", "type"), "residue.Nope", tc.InvalidInput),
        (("stage", "type"), "residue.Trip", tc.InvalidInput),
        (("stage",), "travel", tc.InvalidInput),
        (("tokens", 0, "foe"), {"name": "Husk"}, tc.InvalidInput),
        (("day",), "1", TypeError),
    ],
)
def test_a_tampered_save_raises_a_library_error(path, value, error):
    data = jr.start_journey(_wanderer(), jr.example_setup(), rng=3).to_dict()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises((error, tc.TabletopError)):
        jr.Journey.from_json(json.dumps(data))


# -- the state: a tagged union of phases; Tokens carry their foe --------------------------------


def test_tokens_carry_their_foe_and_combat_links_enemies_to_tokens():
    journey = jr.start_journey(_wanderer(), jr.example_setup(), rng=3)
    raider = next(t for t in journey.tokens if t.kind is rs.TokenKind.RAIDERS)
    assert raider.foe is None  # drawn at its first Encounter, with the Mutation of the Region it is met in
    assert journey.foes == tuple(t.foe for t in journey.tokens)
    drawn = attrs.evolve(raider, foe=rs.Creature("Raider", hp=4, damage=2))
    assert rs.Token.from_dict(drawn.to_dict()).foe == rs.Creature("Raider", hp=4, damage=2)
    fight = ph.CombatPhase(rs.Encounter((drawn.foe,)), tokens=((0, 1),), retaliators=(0,))
    assert (fight.phase, fight.token_of(0)) == (jr.Phase.DEFEND, 1)
    with pytest.raises(tc.InvalidInput, match="tokens"):
        ph.CombatPhase(rs.Encounter((drawn.foe,)), tokens=((1, 1),))
    with pytest.raises(tc.InvalidInput, match="retaliators"):
        ph.CombatPhase(rs.Encounter((drawn.foe,)), retaliators=(3,))
    with pytest.raises(TypeError, match="then"):
        ph.EscapePhase(then=ph.CheckStrainPhase())


def test_a_version_1_save_in_combat_migrates_every_field_to_its_place():
    old = json.loads((FIXTURES / "format-1" / "residue.Journey.json").read_text(encoding="utf-8"))
    husk = old["foes"][0]  # the fixture's first foe (the Raider), a version 1 Creature
    old.update(
        phase="defend",
        encounter={"type": "residue.Encounter", "version": 1, "enemies": [husk, husk], "surprised": False,
                   "surprise_attack": False, "attacks": 1, "opened": False, "escaped": False},
        encounter_tokens=[None, 0],
        retaliators=[1],
        after_combat="check_strain",
        movement_next=1,
    )  # fmt: skip
    journey = jr.Journey.from_dict(old)
    assert journey.stage == ph.CombatPhase(
        encounter=rs.Encounter((rs.Creature("Raider", hp=4, damage=2),) * 2, attacks=1),
        tokens=((1, 0),),
        retaliators=(1,),
        then=ph.TokenMovement(next=1),
    )
    assert journey.tokens[0].foe == rs.Creature("Raider", hp=4, damage=2)
    old.update(phase="trade", trading="Dealer", encounter=None, encounter_tokens=[], retaliators=[])
    with pytest.raises(tc.InvalidInput, match="trading"):  # no such Vendor in the saved game
        jr.Journey.from_dict(old)


def test_a_version_1_step_keeps_its_log_lines_as_notes():
    old = json.loads((FIXTURES / "format-1" / "residue.JourneyStep.json").read_text(encoding="utf-8"))
    step = jr.JourneyStep.from_dict(old)
    assert list(step.lines) == old["events"]
    assert all(isinstance(event, ev.Note) for event in step.events)


# -- typed events keep the dice and read as one line each ---------------------------------------


def test_a_move_reports_its_dice_as_typed_events():
    w = rs.Wanderer.new(hp=6, endurance_dice=["d8", "d8", "d6"], inventory="d8", luck="d6", strain_threshold=3,
                        rng=tc.ScriptedDice([7, 5, 3]))  # fmt: skip
    j = jr.start_journey(w, jr.example_setup(), rng=tc.ScriptedDice([4, 2, 1]))
    j = j.apply(jr.Choice(jr.Act.COMMIT_MOVE, die=0), rng=tc.ScriptedDice([])).journey
    step = j.apply(jr.Choice(jr.Act.MOVE, direction=rs.Direction.S), rng=tc.ScriptedDice([6, 1, 3]))
    kinds = [type(e).__name__ for e in step.events]
    assert kinds == [
        "ChoiceMade",  # every step opens with the choice applied
        "Moved", "RuleApplied", "DieRolled", "DieRolled",
        "Note", "RuleApplied",  # the Area Entry, then what it did (a record that keeps its dice)
        "Note",  # an Undiscovered Hex: Travel ends once it is resolved
        "Note", "RuleApplied", "StrainChecked",  # End Travel, Token Movement, Check Strain
        "PhaseBegan",  # and closes with the phase begun when it changed
    ]  # fmt: skip
    assert step.events[0] == ev.ChoiceMade(jr.Choice(jr.Act.MOVE, direction=rs.Direction.S))
    assert step.events[-1] == ev.PhaseBegan(jr.Phase.CHECK_STRAIN)
    moved, gear, region, area = step.events[1:5]
    assert moved == ev.Moved(rs.Hex(0, 1), rs.Direction.S)
    assert (gear.result.roll.die, gear.result.roll.value) == (rs.StepDie.D8, 6)  # the Gear roll, kept whole
    assert region == ev.DieRolled("Undiscovered Region at (0,1)", 3, 1, "Ash Flats")
    assert area == ev.DieRolled("Discover Area in Ash Flats", 3, 3, "Dust Sea")
    assert str(area) == "Discover Area in Ash Flats: d3 -> 3: Dust Sea"


def test_event_lines():
    husk = rs.Creature("Husk", hp=3, damage=2)
    assert str(ev.HPChanged("a trap", 6, 6, 6)) == "a trap: no HP lost (HP 6/6)"
    assert str(ev.HPChanged("Gear 0: Exposed, the Region Hazard", 6, 5, 6)) == (
        "Gear 0: Exposed, the Region Hazard: loses 1 HP (HP 6 -> 5/6)"
    )
    assert str(ev.StrainGained("Switch Items", 2, 3)) == "Switch Items: +2 Strain (Strain 3)"
    assert str(ev.CombatBegan((husk, husk))) == (
        "Face enemy 1 Husk (HP 3/3, Defense 0, Damage 2), enemy 2 Husk (HP 3/3, Defense 0, Damage 2)"
    )
    assert str(ev.TokenFound(0, "Portal A at (0,0)", "no Encounter")) == "Token 1 (Portal A at (0,0)): no Encounter"
    assert str(ev.NewDay(2)) == "New Day 2"
    with pytest.raises(tc.InvalidInput, match="face"):
        ev.DieRolled("a roll", 4, 5)
    with pytest.raises(TypeError, match="result"):
        ev.RuleApplied("a line")
    with pytest.raises(tc.InvalidInput, match="JourneyEvent"):
        ev.JourneyEvent.from_dict(rs.Hex(0, 0).to_dict())


# -- the log lines issue 13 quoted, fixed ------------------------------------------------------------


def test_the_odd_log_lines_are_fixed():
    blocked = rs.Health(6, 6).suffer(2, blocked=2)
    assert str(blocked) == "Suffer 2 Damage, Defense blocks 2: no HP lost (HP 6/6)"  # was "-> -0 HP: 6 -> 6/6"
    assert str(jr.Choice(jr.Act.ATTACK, die=2, target=0)) == "Commit Attack enemy 1 die 3"  # was "enemy 0 die 2"
    hexmap = rs.HexMap(regions=(rs.Region("Glass Wastes", ("Spire", "Lake")),))
    assert str(resolve_area_draw(hexmap, "Glass Wastes", 1)) == "Glass Wastes: roll 1 -> Spire"  # was "d1 -> Spire"
    j = jr.start_journey(_wanderer(), jr.example_setup(), rng=3)
    resting = j.apply(jr.Choice(jr.Act.END_TRAVEL), rng=1).journey
    back = resting.apply(jr.Choice(jr.Act.TRAVEL), rng=1)
    assert str(back) == "Day 1: return to the Travel Phase: Travel Phase: Commit Move or End Travel"
    assert back.events == (ev.ChoiceMade(jr.Choice(jr.Act.TRAVEL)), ev.PhaseBegan(jr.Phase.TRAVEL))  # once
    _end, steps = jr.play_journey(j, jr.CautiousPolicy(), rng=5)
    log = "\n".join(str(step) for step in steps)
    assert "Start Day: Start Day:" not in log
    assert "Start Day: d" in log
    assert "token 0" not in log
    assert "-> -0 HP" not in log
