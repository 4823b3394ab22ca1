"""Unit tests of stave_text.py (no music21 needed); expectations worked out by hand.

Usage: python3 test_stave_text.py   -> "stave-text: N passed, M failed", exit 1 on failures.
"""
import sys
from fractions import Fraction as F

import stave_text as s

C4, D4, E4, G4 = ('c', 0, 4, 60), ('d', 0, 4, 62), ('e', 0, 4, 64), ('g', 0, 4, 67)
D_MAJOR = s.key_alterations(2)
C_MAJOR = s.key_alterations(0)
results = []


def check(name, got, want):
    results.append(got == want)
    if got != want:
        print(f'FAIL {name}: got {got!r}, want {want!r}')


def note(length, *pitches, ties=None):
    return s.Event(F(length), list(pitches), ties or [False] * len(pitches))


def words(events, key=C_MAJOR, octave=4, bar_line=True):
    writer = s.Writer(key, octave)
    writer.measure(events, bar_line)
    return ' '.join(writer.out)


# Durations: runs of 1 bits in sixty-fourths, whole notes above a whole standing alone.
for quarters, want in [(1, ['4']), (F(3, 2), ['4.']), (F(7, 4), ['4..']), (F(15, 8), ['4...']),
                       (5, ['1', '4']), (6, ['1.']), (8, ['1', '1']), (F(15, 2), ['1...']),
                       (F(17, 16), ['4', '64']), (F(1, 16), ['64']), (F(1, 3), None),
                       (F(1, 32), None), (0, None)]:
    check(f'duration_tokens({quarters})', s.duration_tokens(F(quarters)), want)
check('token_length', [s.token_length(t) for t in ['1', '4..', '64', '2.']],
      [4, F(7, 4), F(1, 16), 3])
check('fraction_gcd', s.fraction_gcd([F(8, 3), F(4)]), F(4, 3))

# Keys: sharps in the order F C G D A E B, flats backwards.
check('D major', {k for k, v in D_MAJOR.items() if v}, {'f', 'c'})
check('E-flat major', {k: v for k, v in s.key_alterations(-3).items() if v},
      {'b': -1, 'e': -1, 'a': -1})
check('C-sharp major', set(s.key_alterations(7).values()), {1})

# Meters: the written denominator first, else the smallest that works.
check('meter 1/4', s.meter_text(F(1), 4), '1/4')
check('meter 2/8 pickup in 6/8', s.meter_text(F(1), 8), '2/8')
check('meter 5/8', s.meter_text(F(5, 2), 4), '5/8')
check('meter 3/2', s.meter_text(F(6), 2), '3/2')

# Notes: key spelling, sticky octave and duration, ties after inline durations.
check('spelling in D major',
      words([note(1, ('f', 1, 4, 66)), note(1, ('f', 0, 4, 65)),
             note(F(1, 2), ('c', 1, 5, 73), ties=[True]), note(F(3, 2), ('c', 1, 5, 73))], D_MAJOR),
      'f fn > c8~ c4. |')
check('octave jump and back', words([note(1, ('c', 0, 6, 84)), note(1, ('b', -1, 3, 58))]),
      'o6 c o3 bb |')
check('inline tie after the current duration', words([note(1, C4), note(F(5, 4), D4), note(F(1, 4), E4)]),
      'c d~16 e |')
check('inline ties of long notes', words([note(5, C4), note(4, C4)]), 'c1~4 c1 |')
check('tied long note', words([note(5, C4, ties=[True]), note(1, C4)]), 'c1~4~ c |')
check('breve rest', words([note(8)]), 'r1~1 |')
check('double sharp and flat', words([note(1, ('f', 2, 4, 67)), note(1, ('b', -2, 4, 69))]),
      'f## bbb |')
check('chord with one tied member', words([note(2, C4, E4, ties=[True, False]), note(2, C4, G4)]),
      '[c~ e]2 [c g] |')
check('chord across octaves', words([note(1, ('g', 0, 3, 55), C4, ('e', 0, 5, 76))]),
      '[< g > c > e] |')

# Tuplets: equal parts, longer notes as tied items, the current duration left out.
check('triplet eighths', words([note(F(1, 3), C4), note(F(1, 3), D4), note(F(1, 3), E4)]),
      '{c d e} |')
check('quarter and eighth of a triplet', words([note(F(2, 3), C4), note(F(1, 3), D4)]),
      '{c~ c d} |')
check('triplet with a rest, then an eighth',
      words([note(F(1, 3)), note(F(1, 3), C4), note(F(1, 3), D4), note(F(1, 2), E4)]),
      '{r c d} e8 |')
check('half-note triplet', words([note(F(2, 3), C4), note(F(2, 3), D4), note(F(2, 3), E4)]),
      '{c d e}2 |')
check('whole-note triplet', words([note(F(4, 3), C4), note(F(4, 3), D4), note(F(4, 3), E4)]),
      '{c d e}1 |')
check('a run of two note values is two tuplets',
      words([note(F(8, 3), C4), note(F(8, 3), D4), note(F(8, 3), E4)]),
      '{c~ c d~}1 {d e~ e} |')
check('tuplet tied onward', words([note(F(1, 3), C4), note(F(1, 3), D4),
                                   note(F(1, 3), E4, ties=[True]), note(1, E4)]),
      '{c d e~} e |')
check('128ths become a tuplet', words([note(F(1, 32), C4), note(F(1, 32), D4),
                                       note(F(3, 16), E4)]),
      '{c d}64 e32. |')
check('a 128th with a dotted 64th', words([note(F(1, 32), C4), note(F(3, 32), D4)]),
      '{c d~ d~ d}32 |')
try:
    words([note(F(1, 3), C4)])
    check('unfinished tuplet raises', 'no exception', 'Unsupported')
except s.Unsupported:
    check('unfinished tuplet raises', 'Unsupported', 'Unsupported')

# Grace notes (v2): a group before its note, octave commands inside it as for any pitch.
graced = note(1, D4)
graced.graces = [[C4], [('b', 0, 3, 59)], [C4, E4]]
check('grace group', words([graced]), '(c < b [> c e]) d |')
lower = note(1, ('b', 0, 3, 59))
lower.graces = [[C4]]
check('the main note\'s octave command goes inside the group', words([lower]), '(c <) b |')
tupleted = note(F(1, 3), D4)
tupleted.graces = [[C4]]
try:
    words([tupleted, note(F(1, 3), E4), note(F(1, 3), G4)])
    check('grace notes in a tuplet are unsupported', 'written', 'Unsupported')
except s.Unsupported:
    check('grace notes in a tuplet are unsupported', 'Unsupported', 'Unsupported')


def sung(length, pitch, *verses, ties=None):
    e = note(length, pitch, ties=ties)
    e.lyrics = {i + 1: v for i, v in enumerate(verses) if v is not None}
    return e


# Lyrics (v2): syllables joined by '-' inside a word, '*' for a lyric note without one (also
# inside a word), tie continuations and rests take none, trailing '*' left out.
verse_events = [sung(1, C4, ('Twin', True), ('Up', False)), sung(1, C4, ('kle', False), None),
                sung(1, G4, None, ('a', False), ties=[True]), note(1, G4), note(1), sung(1, E4, ('star', False)),
                sung(1, D4, None)]
check('lyric notes', len(s.lyric_notes([verse_events])), 5)
check('lyric verses', s.lyric_verses([verse_events]), ['Twin-kle * star', 'Up * a'])
melisma = [sung(1, C4, ('Al', True)), sung(1, D4, None), sung(1, E4, ('le', True)), sung(1, G4, ('lu', False))]
check('a note without a syllable inside a word', s.lyric_verses([melisma]), ['Al-*-le-lu'])
for bad in ['a b', 'x-y', '_', '*']:
    try:
        s.lyric_verses([[sung(1, C4, (bad, False))]])
        check(f'lyric {bad!r} is unsupported', 'written', 'Unsupported')
    except s.Unsupported:
        check(f'lyric {bad!r} is unsupported', 'Unsupported', 'Unsupported')

# Layouts.
bar = [note(1, C4), note(1, D4), note(1, E4), note(1, C4)]
low = [note(1, (p[0], p[1], 3, p[3] - 12)) for p in (C4, D4, E4, C4)]
piece = s.Piece(['meter 4/4'], ['4/4'] * 12, C_MAJOR, [
    s.Track('s1', 'Top', 0, [bar] * 12),
    s.Track('s2', 'Low', 33, [[note(4)]] * 4 + [low] * 8)])
single = s.render(piece, 'single')
check('single layout', single.splitlines()[2:5],
      ['track s1 "Top" {', '  phrase {', '    c d e c | c d e c | c d e c | c d e c |'])
phrases = s.render(piece, 'phrases')
check('phrases layout', [line for line in phrases.splitlines() if not line.startswith('    ')],
      ['meter 4/4', 'ppq 96', '', 'track s1 "Top" {', '  phrase p1 {', '  }', '  repeat p1 x2', '}', '',
       'track s2 "Low" {', '  instrument 33', '  octave 3', '  sync s1.p1 transpose -12 at 5',
       '  sync s1.p1 transpose -12', '}'])
check('phrases need bar lines', s.render(s.Piece([], None, C_MAJOR, []), 'phrases'), None)
check('features', s.features(phrases) >= {'repeat', 'repeat xN', 'sync of another track',
                                          'sync transpose', 'octave setting', 'instrument'}, True)

print(f'stave-text: {sum(results)} passed, {len(results) - sum(results)} failed')
sys.exit(0 if all(results) else 1)
