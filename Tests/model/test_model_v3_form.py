"""Hand-computed expectations for LANGUAGE.md "Form (v3)": unit tests of the model's form.

    python3 Tests/model/test_model_v3_form.py                 # the model alone
    python3 Tests/model/test_model_v3_form.py --stave PATH    # and every song here through `stave`

Ends with "N passed, M failed". With --stave every valid song below is also compiled and its MIDI
compared with the model (one check per song), and every song the model rejects must be rejected by
`stave check` (exit status 1) — test_model_v2's machinery.

Every expected value was worked out by hand from LANGUAGE.md (the working is in the comments), not
by running the model. ppq 480: a whole note is 1920 ticks. The songs play one whole note per bar,
so the performance order can be read off the notes' pitches.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import model_form  # noqa: E402
import test_model_v2 as t2  # noqa: E402
from stave_syntax import ModelError  # noqa: E402

W = 1920
C, D, E, F, G, A, B = 60, 62, 64, 65, 67, 69, 71


def song(form, bars="c1 | d1 | e1 | f1 | g1 | a1 | b1 | > c1 |", extra=""):
    """A one-track song whose bar k holds one whole note (c d e f g a b c' for bars 1-8)."""
    return f"{form}\ntrack a {{ phrase {{ {bars} }} {extra} }}\n"


def order(text):
    """The pitches of track a in performance order."""
    return [p for _, _, p, _ in t2.notes(text)]


def starts(text):
    return [s for s, _, _, _ in t2.notes(text)]


def form_bars(form_text, nbars):
    """The model's performance order of written bars for form statements alone."""
    stmts = []
    for line in form_text.strip().splitlines():
        from stave_syntax import Scanner
        sc = Scanner(line)
        w = sc.word()
        stmts.append(model_form.parse_statement(sc, w, 0))
    f = model_form.Form(stmts)
    f.check(nbars)
    return f.performance_bars()


# --- Passes and endings --------------------------------------------------------------------------

def test_language_example_5_10_endings_11_12_13():
    # LANGUAGE.md: `repeat bars 5-10 endings 11-12 13` plays 5-12, 5-10, 13.
    assert form_bars("repeat bars 5-10 endings 11-12 13", 14) == \
        [1, 2, 3, 4] + list(range(5, 13)) + list(range(5, 11)) + [13, 14]


def test_x3_with_two_endings():
    # N = 3, E = 2: ending 1 on passes 1 … N−E+1 = 1, 2; ending 2 on pass 3; then bar 4.
    # Performance: 1 2 | 1 2 | 1 3 | 4 -> c d c d c e f, one whole note each.
    text = song("repeat bars 1-1 x3 endings 2 3", "c1 | d1 | e1 | f1 |")
    assert order(text) == [C, D, C, D, C, E, F]
    assert starts(text) == [k * W for k in range(7)]


def test_x3_without_endings_and_two_endings_of_two_bars():
    # repeat bars 2-3 x3 endings 4-5 6: passes 1, 2 take 4-5, pass 3 takes 6.
    assert form_bars("repeat bars 2-3 x3 endings 4-5 6", 7) == \
        [1, 2, 3, 4, 5, 2, 3, 4, 5, 2, 3, 6, 7]
    # x2 without endings: 1 2 2 3
    assert order(song("repeat bars 2-2", "c1 | d1 | e1 |")) == [C, D, D, E]


def test_one_ending_follows_every_pass():
    # E = 1, N = 2: N−E+1 = 2 passes take ending 1: 1 2 1 2 3.
    assert order(song("repeat bars 1-1 endings 2", "c1 | d1 | e1 |")) == [C, D, C, D, E]


# --- Jumps -------------------------------------------------------------------------------------

def test_dc_al_fine():
    # 1 2 3 4, D.C. at the end of 4 -> from bar 1, Fine at the end of 2: c d e f c d.
    text = song("fine at 2\ndc at 4", "c1 | d1 | e1 | f1 |")
    assert order(text) == [C, D, E, F, C, D]
    assert starts(text) == [k * W for k in range(6)]


def test_ds_al_coda():
    # segno 2, To Coda 3, D.S. 4, coda 6: 1 2 3 4, jump to 2: 2 3, to the coda: 6. Bar 5 never
    # plays (a warning). c d e f d e a.
    text = song("segno at 2\nto-coda at 3\nds at 4\ncoda at 6", "c1 | d1 | e1 | f1 | g1 | a1 |")
    assert order(text) == [C, D, E, F, D, E, A]


def test_ds_al_coda_with_endings_inside():
    # repeat 2-3 endings 4 5, segno 2, D.S. 6, To Coda 5 (in the last ending), coda 8:
    # first pass 1, 2 3 4, 2 3 5, 6 -> jump pass from 2: the repeat once with its last ending:
    # 2 3 5, To Coda at the end of 5 -> 8. Bar 7 never plays.
    text = song("repeat bars 2-3 endings 4 5\nsegno at 2\nds at 6\nto-coda at 5\ncoda at 8")
    assert order(text) == [C, D, E, F, D, E, G, A, D, E, G, C + 12]


def test_ds_landing_inside_a_repeat():
    # repeat 1-3 endings 4 5, segno 2, D.S. 6: 1 2 3 4 1 2 3 5 6, then from 2 (inside the body):
    # the rest of the body 2 3, the last ending 5, then 6 (the jump is not taken again).
    text = song("repeat bars 1-3 endings 4 5\nsegno at 2\nds at 6", "c1 | d1 | e1 | f1 | g1 | a1 |")
    assert order(text) == [C, D, E, F, C, D, E, G, A, D, E, G, A]


def test_jump_inside_an_ending():
    # repeat 1-2 endings 3 4, D.C. at 3 (in ending 1, taken on the pass that plays it):
    # 1 2 3, jump pass: 1 2 and the last ending 4, then 5.
    text = song("repeat bars 1-2 endings 3 4\ndc at 3", "c1 | d1 | e1 | f1 | g1 |")
    assert order(text) == [C, D, E, C, D, F, G]


# --- Seams ---------------------------------------------------------------------------------------

def test_note_cut_at_a_seam():
    # c1~ | c1 under repeat bars 1-1: pass 1 plays bar 1 and jumps back, so the tied note is cut
    # at the end of bar 1 (0-1920); pass 2 goes on into bar 2, the joined note sounds 1920-5760.
    text = song("repeat bars 1-1", "c1~ | c1 |")
    assert t2.notes(text) == [(0, W, C, 100), (W, 2 * W, C, 100)]


def test_tempo_reestablished_at_a_seam():
    # tempo 60 at 2 under repeat bars 1-2: 120 (default) at 0, 60 at bar 2 (1920), back to 120
    # at the seam (3840, bar 1 again), 60 at 5760. µs per quarter: 500000 / 1000000.
    text = song("tempo 60 at 2\nrepeat bars 1-2", "c1 | d1 | e1 |")
    assert t2.evaluate(text)["tempos"] == [(W, 1_000_000), (2 * W, 500_000), (3 * W, 1_000_000)]


def test_meter_reestablished_at_a_seam():
    # meter 3/4 at 2 under repeat bars 1-2 (bar 1 4/4 = 1920, bar 2 3/4 = 1440):
    # 4/4 at 0, 3/4 at 1920, 4/4 again at 3360, 3/4 at 5280.
    text = song("meter 3/4 at 2\nrepeat bars 1-2", "c1 | d2. | e2. |")
    assert t2.evaluate(text)["meters"] == [(1920, 3, 4, 24, 8), (3360, 4, 4, 24, 8),
                                            (5280, 3, 4, 24, 8)]


def test_tempo_in_force_at_a_seam_follows_rule_8():
    # ppq 24 (96 ticks a bar): 140 BPM at 3/128 (tick 2.25 -> 2, track a), 1000 BPM at 1/64
    # (tick 1.5 -> 2, track b, later in the file: it wins tick 2). 60 BPM at the middle of bar 2
    # (tick 144). The second pass of bar 2 starts at 192: in force there is 1000 (what the
    # written score plays), so 60000 µs again at 192, and 1000000 at 240.
    text = ("ppq 24\nrepeat bars 2-2\ntrack a { phrase { r64. tempo 140 r64. } phrase at 2 "
            "{ r2 tempo 60 r2 } phrase at 3 { c1 } }\ntrack b { phrase { r64 tempo 1000 c64 } }\n")
    assert t2.evaluate(text)["tempos"] == [(2, 60000), (144, 1_000_000), (192, 60000),
                                            (240, 1_000_000)]


# --- Verses --------------------------------------------------------------------------------------

def test_verses_count_soundings():
    # lyrics chorus "one" "two" on a phrase under repeat bars 1-1 x3: the soundings in
    # performance order sing verse 1, 2, 1 (((n − 1) mod 2) + 1).
    text = ('repeat bars 1-1 x3\ntrack a { lyrics chorus "one" "two" phrase chorus { c1 | } '
            'phrase { d1 } }\n')
    assert t2.lyrics(text) == [(0, "one"), (W, "two"), (2 * W, "one")]
    assert order(text) == [C, C, C, D]


def test_verses_of_a_two_bar_phrase_and_a_later_repeat():
    # A two-bar phrase with words "a b" "c d" under repeat bars 1-2, then `repeat v` at bar 3:
    # soundings 1, 2 (the passes), 3 (the Repeat copy): verses 1, 2, 1.
    text = ('repeat bars 1-2\ntrack a { lyrics v "a b" "c d" phrase v { c1 | d1 | } repeat v }\n')
    assert t2.lyrics(text) == [(0, "a"), (W, "b"), (2 * W, "c"), (3 * W, "d"),
                               (4 * W, "a"), (5 * W, "b")]


# --- Keys and transposition ----------------------------------------------------------------------

def test_key_change_mid_song():
    # key d; key f at 2. Bar 1: f is F♯ (66). Bar 2 (F major): f is F (65). Bar 3: b is B♭ (70).
    # `repeat p at 4` copies bar 1's Original: F♯ 66 although F major is in force (rule 6).
    text = "key d\nkey f at 2\ntrack a { phrase p { f1 } phrase { f1 | b1 } repeat p }\n"
    assert order(text) == [66, 65, 70, 66]
    assert t2.evaluate(text)["keys"] == [(0, "D"), (W, "F")]


def test_key_change_under_a_repeat_is_reestablished():
    # key g at 2 under repeat bars 1-2: C at 0, G at bar 2, C again at the seam, G again.
    text = song("key g at 2\nrepeat bars 1-2", "f1 | f1 | f1 |")
    assert order(text) == [F, 66, F, 66, 66]
    assert t2.evaluate(text)["keys"] == [(W, "G"), (2 * W, "C"), (3 * W, "G")]


def test_transpose_a_song_with_a_key_change():
    # transpose 2 with key d, key f at 2: every melody pitch + 2 (f# 66 -> 68, f 65 -> 67,
    # bb 70 -> 72); D major + 2 = E major (4 sharps; F♭ major does not exist), F major + 2 =
    # G major (1 sharp). Drums do not move (kick 36).
    text = ("transpose 2\nkey d\nkey f at 2\ntrack a { phrase { f1 | f1 | b1 } }\n"
            "drums d { phrase { kick1 } }\n")
    assert order(text) == [68, 67, 72]
    assert t2.evaluate(text)["keys"] == [(0, "E"), (W, "G")]
    assert t2.notes(text, 1) == [(0, W, 36, 100)]


def test_transposition_tie_cases():
    # LANGUAGE.md: E major + 2 -> F♯ major, B major + 1 -> C major, C major + 6 -> G♭ major;
    # A minor + 6 -> E♭ minor (flats for A minor); a multiple of 12 keeps C♯ major (7 sharps);
    # D major + 1 -> E♭ major (3 flats, not D♯ major's 9 sharps); F♯ major - 12 stays F♯.
    assert model_form.transposed_key(4, False, 2) == 6
    assert model_form.transposed_key(5, False, 1) == 0
    assert model_form.transposed_key(0, False, 6) == -6
    assert model_form.transposed_key(0, True, 6) == -6
    assert model_form.transposed_key(7, False, 12) == 7
    assert model_form.transposed_key(2, False, 1) == -3
    assert model_form.transposed_key(6, False, -12) == 6
    # G♭ major (6 flats) + 12 stays; G♭ + 2 -> A♭ (4 flats); B♭ minor + 2 -> C minor (3 flats)
    assert model_form.transposed_key(-6, False, 2) == -4
    assert model_form.transposed_key(-5, True, 2) == -3


def test_transpose_ties_through_the_compiler():
    # key e, transpose 2 -> F♯ major (6 sharps, the old key's side); key b, transpose 1 -> C.
    assert t2.evaluate("key e\ntranspose 2\ntrack a { phrase { e1 } }\n")["keys"] == [(0, "F#")]
    assert t2.evaluate("key b\ntranspose 1\ntrack a { phrase { b1 } }\n")["keys"] == []
    assert t2.evaluate("transpose 6\ntrack a { phrase { c1 } }\n")["keys"] == [(0, "Gb")]


# --- Patterns ------------------------------------------------------------------------------------

def test_pattern_plays_only_where_placed():
    # `pattern g { c d e f }` does not move the cursor; `repeat g x2` plays it twice from bar 1:
    # eight quarters, not twelve (a phrase would have played once more).
    text = "track a { pattern g { c d e f } repeat g x2 }\n"
    assert starts(text) == [k * 480 for k in range(8)]
    assert order(text) == [C, D, E, F] * 2


# --- Errors --------------------------------------------------------------------------------------

def test_errors():
    bad = [
        "repeat bars 3-2",                         # A > B
        "repeat bars 1-2 x101",                    # N outside 2-100
        "repeat bars 1-2 x2 endings 3 4 5",        # fewer passes than endings
        "repeat bars 1-2 endings 4",               # an ending that leaves a gap
        "repeat bars 1-2\nrepeat bars 2-3",        # repeats that overlap
        "ds at 3",                                 # ds without segno
        "fine at 2",                               # fine without a jump
        "dc at 4\nfine at 2\nto-coda at 1\ncoda at 5",  # fine together with to-coda
        "dc at 4\nto-coda at 2",                   # to-coda without coda
        "dc at 4\nto-coda at 2\ncoda at 3",        # coda not after the jump bar
        "dc at 3\nfine at 4",                      # fine not before the jump bar
        "repeat bars 2-4\ndc at 3",                # a jump inside a repeat's body
        "dc at 2\nds at 3\nsegno at 1",            # a dc and a ds
        "segno at 1\nsegno at 2\nds at 3",         # a second segno
        "repeat bars 1-9",                         # a bar outside the written score
        "key d at 2\nkey e at 2",                  # two key changes at one bar
    ]
    for form in bad:
        text = song(form, "c1 | d1 | e1 | f1 | g1 | a1 |")
        try:
            t2.evaluate(text)
        except ModelError:
            continue
        raise AssertionError(f"the model accepts {form!r}")


def main():
    return t2.run_tests(globals(), t2.through_stave)


if __name__ == "__main__":
    sys.exit(main())
