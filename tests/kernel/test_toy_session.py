"""The table plays any ruleset: the session, its seats, standing orders and undo, with the toy ruleset.

Issue 14 item 3: "A ruleset is one package that supplies: its sheet schema and content loading, its clock
(turn order), the legal commands and how each expands into steps, ..., when the fight is over, and its AI."
The session reaches the toy only through :class:`game.rulesets.package.Ruleset` and ``Fight``.
"""

from __future__ import annotations

import pytest

from game.kernel.decisions import PASS, StandingOrder
from game.rulesets.package import Ruleset
from game.session import AI, Session
from tests.kernel.toy import Go, Struck
from tests.kernel.toy_package import ToyPackage, toy_source


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """``game.rulesets.ruleset`` finds the toy under its name, as it finds a package's ``RULESET``."""
    import game.session

    package: Ruleset = ToyPackage()
    monkeypatch.setattr(game.session, "ruleset", lambda name: package if name == "toy" else None)


def test_the_ai_plays_a_toy_fight_to_the_end_through_the_session() -> None:
    session = Session(toy_source({"red": AI, "blue": AI}), {"red": AI, "blue": AI})
    for _ in range(2000):
        if session.encounter.over:
            break
        session.step_ai()
    assert session.encounter.over and session.acting_controller is None
    assert any(isinstance(e, Struck) for e in session.all_events())
    assert [p.by for p in session.played] and {p.by for p in session.played} <= {AI}


def _declare_fast(session: Session) -> None:
    """Both players declare "fast" for the round, each asked in turn (a tie: red acts first, a then b)."""
    while session.question is not None:
        asked = session.question
        assert session.acting_controller == session.controller_of(asked.chooser)
        session.answer(asked.id, "fast", by=session.acting_controller or "")


def test_a_players_turn_waits_for_the_player_and_hands_a_reaction_to_the_chooser() -> None:
    """Hot-seat: the table goes to whoever must answer (the toy's strike-as-it-leaves window), not only to
    the player whose piece acts."""
    session = Session(toy_source({"red": "Ann", "blue": "Bob"}), {"red": "Ann", "blue": "Bob"})
    _declare_fast(session)
    assert session.encounter.acting is not None and session.encounter.acting.id == "a"
    assert session.acting_controller == "Ann" and session.step_ai() == []  # a person's turn: the AI waits
    session.apply(Go("a", "step", 0), by="Ann")  # a leaves c's side: c's player is asked
    asked = session.question
    assert asked is not None and asked.kind == "reaction:strike" and asked.chooser == "c"
    assert session.acting_controller == "Bob"
    session.answer(asked.id, PASS, by="Bob")
    assert session.question is None and session.acting_controller == "Ann"  # back to red: b's turn
    assert session.encounter.acting is not None and session.encounter.acting.id == "b"


def test_a_standing_order_answers_without_stopping_the_table() -> None:
    session = Session(toy_source({"red": "Ann", "blue": "Bob"}), {"red": "Ann", "blue": "Bob"})
    session.standing_orders = {"Bob": {"reaction:strike": StandingOrder.NEVER}}
    _declare_fast(session)
    session.apply(Go("a", "step", 0), by="Ann")
    assert session.question is None and session.played[-1].by == "standing order"
    assert session.played[-1].command.option == PASS


def test_the_ai_answers_for_its_side_and_undo_follows_the_fights_turns() -> None:
    session = Session(toy_source({"red": "Ann", "blue": AI}), {"red": "Ann", "blue": AI})
    _declare_fast(session)  # only Ann is asked; the AI declared for blue
    assert [p.by for p in session.played].count(AI) == 1
    session.apply(Go("a", "step", 0), by="Ann")
    assert session.played[-1].by == AI and session.played[-1].command.option == "strike"
    session.apply(Go("b", "wait"), by="Ann")
    assert session.undo_refusal() == "the last command belongs to a turn that is over"


def test_a_ruleset_without_game_master_edits_refuses_them_in_one_line() -> None:
    """The table's edits and dice reach a fight only through the optional ``Editing`` protocol: the toy
    has none, so the session refuses them, naming the ruleset, and records nothing."""
    from game.grid import Square
    from game.kernel.engine import Impossible
    from game.rulesets import edits as ed

    session = Session(toy_source({"red": "Ann", "blue": "ai"}), {"red": "Ann", "blue": "ai"})
    assert session.editing is None
    for command in (ed.SetHitPoints("a", 1), ed.PlaceCreature("a", Square(3, 0))):
        with pytest.raises(Impossible, match="ruleset toy takes no game master's edits"):
            session.edit(command)
    with pytest.raises(Impossible, match="ruleset toy takes no game master's edits nor table dice"):
        session.roll("1d6", by="Ann")
    assert session.played == []
