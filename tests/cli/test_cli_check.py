"""``crew check trick|legal|signal``: exact JSON answers and exit codes."""

from __future__ import annotations

# --- trick -------------------------------------------------------------------------------------


def test_trick_submarine_wins(crew):
    r = crew("check", "trick", "P5", "P9", "S1", "G3", "--json")
    assert r.code == 0
    assert r.json == {
        "winner": {"position": 2, "card": "S1"},
        "reason": "S1 is the only submarine (trump) in the trick",
    }
    assert r.err == ""


def test_trick_highest_of_led_colour_wins_over_higher_other_colour(crew):
    r = crew("check", "trick", "B3", "G9", "B7", "P9", "--json")
    assert r.code == 0
    assert r.json["winner"] == {"position": 2, "card": "B7"}
    assert "B7" in r.json["reason"]


def test_trick_lead_wins_when_nobody_follows(crew):
    r = crew("check", "trick", "Y2", "P9", "G9", "--json")
    assert r.json["winner"] == {"position": 0, "card": "Y2"}
    assert r.json["reason"] == "Y2 led and nobody followed its colour or played a submarine"


def test_trick_highest_submarine_wins(crew):
    r = crew("check", "trick", "S2", "S1", "S4", "S3", "--json")
    assert r.json["winner"] == {"position": 2, "card": "S4"}


def test_trick_accepts_words_and_commas(crew):
    r = crew("check", "trick", "pink5,blue9", "sub2", "--json")
    assert r.code == 0
    assert r.json["winner"] == {"position": 2, "card": "S2"}


def test_trick_human_output(crew):
    r = crew("check", "trick", "P5", "P9", "S1", "G3")
    assert r.code == 0
    assert "Winner: S1, card 3 played" in r.out and "0-based" not in r.out
    assert "only submarine" in r.out


def test_trick_unknown_card_exit_2_names_string(crew):
    r = crew("check", "trick", "P5", "X9", "--json")
    assert r.code == 2
    assert r.out == ""
    assert "'X9'" in r.err and "card 2" in r.err


def test_trick_value_out_of_range(crew):
    r = crew("check", "trick", "P5", "S5")
    assert r.code == 2
    assert "'S5'" in r.err and "submarines are 1-4" in r.err


def test_trick_duplicate_exit_2(crew):
    r = crew("check", "trick", "P5", "G3", "p5", "--json")
    assert r.code == 2
    assert r.out == ""
    assert "P5 is given twice" in r.err


def test_trick_card_counts(crew):
    assert crew("check", "trick", "P5", "--json").code == 2
    r = crew("check", "trick", "P1", "P2", "P3", "P4", "P5", "P6", "--json")
    assert r.code == 2
    assert "2 to 5 cards" in r.err
    five = crew("check", "trick", "P1", "P2", "P3", "P4", "P5", "--json")
    assert five.code == 0
    assert five.json["winner"] == {"position": 4, "card": "P5"}


# --- legal -------------------------------------------------------------------------------------


def test_legal_must_follow(crew):
    r = crew("check", "legal", "--hand", "P3 P7 B2 S4", "--trick", "B5", "--json")
    assert r.code == 0
    assert r.json == {"legal": ["B2"]}


def test_legal_void_may_play_anything(crew):
    r = crew("check", "legal", "--hand", "P3 P7 B2 S4", "--trick", "G5 G9", "--json")
    assert r.json == {"legal": ["P3", "P7", "B2", "S4"]}


def test_legal_submarine_led_must_follow_with_submarine(crew):
    r = crew("check", "legal", "--hand", "P3 S1 B2 S4", "--trick", "S2", "--json")
    assert r.json == {"legal": ["S1", "S4"]}


def test_legal_leading_everything(crew):
    r = crew("check", "legal", "--hand", "S4 P3 B2", "--json")
    assert r.json == {"legal": ["P3", "B2", "S4"]}


def test_legal_human(crew):
    r = crew("check", "legal", "--hand", "P3 P7 B2 S4", "--trick", "B5")
    assert r.code == 0
    assert "Legal: B2" in r.out


def test_legal_trick_card_in_hand_exit_2(crew):
    r = crew("check", "legal", "--hand", "P3 P7 B2 S4", "--trick", "B2", "--json")
    assert r.code == 2
    assert r.out == ""
    assert "B2" in r.err


def test_legal_bad_inputs(crew):
    bad = crew("check", "legal", "--hand", "P3 Q7", "--json")
    assert bad.code == 2 and "--hand" in bad.err and "'Q7'" in bad.err
    dup = crew("check", "legal", "--hand", "P3 P3", "--json")
    assert dup.code == 2 and "P3 is given twice" in dup.err
    long_trick = crew("check", "legal", "--hand", "P3", "--trick", "B1 B2 B3 B4 B5", "--json")
    assert long_trick.code == 2 and "--trick" in long_trick.err
    empty = crew("check", "legal", "--hand", "", "--json")
    assert empty.code == 2


# --- signal ------------------------------------------------------------------------------------


def test_signal_top(crew):
    r = crew("check", "signal", "--hand", "P3 P7 B2 S4", "P7", "--json")
    assert r.code == 0
    assert r.json["allowed"] is True
    assert r.json["position"] == "top"
    assert set(r.json) == {"allowed", "position", "reason"}


def test_signal_bottom_and_only(crew):
    assert crew("check", "signal", "--hand", "P3 P7 B2 S4", "P3", "--json").json["position"] == (
        "bottom"
    )
    assert crew("check", "signal", "--hand", "P3 P7 B2 S4", "B2", "--json").json["position"] == (
        "middle"
    )


def test_signal_middle_card_not_allowed_exit_1(crew):
    r = crew("check", "signal", "--hand", "P3 P5 P7 B2", "P5", "--json")
    assert r.code == 1
    assert r.json["allowed"] is False
    assert r.json["position"] is None
    assert "neither the highest, the lowest nor the only" in r.json["reason"]


def test_signal_submarine_never(crew):
    r = crew("check", "signal", "--hand", "P3 P7 B2 S4", "S4", "--json")
    assert r.code == 1
    assert r.json == {
        "allowed": False,
        "position": None,
        "reason": "S4 is a submarine; submarines are never communicated",
    }


def test_signal_singleton_only_middle(crew):
    r = crew("check", "signal", "--hand", "P3 P7 B2 S4", "B2", "--position", "top", "--json")
    assert r.code == 1
    assert r.json["allowed"] is False and r.json["position"] is None
    assert "only" in r.json["reason"]
    ok = crew("check", "signal", "--hand", "P3 P7 B2 S4", "B2", "--position", "middle", "--json")
    assert ok.code == 0
    assert ok.json["allowed"] is True and ok.json["position"] == "middle"


def test_signal_wrong_claim(crew):
    r = crew("check", "signal", "--hand", "P3 P7 B2 S4", "P7", "--position", "bottom", "--json")
    assert r.code == 1
    assert r.json["position"] is None
    assert "true: top" in r.json["reason"]


def test_signal_card_not_in_hand_exit_2(crew):
    r = crew("check", "signal", "--hand", "P3 P7 B2 S4", "G1", "--json")
    assert r.code == 2
    assert r.out == ""
    assert "G1 is not in the hand" in r.err


def test_signal_human(crew):
    r = crew("check", "signal", "--hand", "P3 P7 B2 S4", "P7")
    assert r.code == 0
    assert "Allowed: P7 with the token at the top" in r.out
    r = crew("check", "signal", "--hand", "P3 P7 B2 S4", "S4")
    assert r.code == 1
    assert "Not allowed" in r.out


def test_bad_position_choice_is_usage_error(crew):
    r = crew("check", "signal", "--hand", "P3 P7", "P7", "--position", "left")
    assert r.code == 2
    assert "--position" in r.err


def test_check_trick_takes_the_forms_its_error_offers(crew):
    # "blue 3" (one argument with a space) is a form the card error message recommends
    r = crew("check", "trick", "pink5", "blue 3", "sub3", "--json")
    assert r.code == 0, r.err
    assert r.json["winner"] == {"position": 2, "card": "S3"}
    human = crew("check", "trick", "pink5", "blue 3", "sub3").out
    assert "Winner: S3, card 3 played" in human
