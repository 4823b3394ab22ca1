"""Name tables of the Stave language, typed in from LANGUAGE.md and the General MIDI standard.

Nothing here is read from the compiler's sources: the drum table and the aliases are copied from
/work/shared/LANGUAGE.md, the 128 program names are the General MIDI level 1 names turned into
kebab-case by the rule LANGUAGE.md gives (lowercase, words joined by '-', punctuation dropped).
"""

RESERVED = frozenset(
    "title composer tempo meter key ppq track drums phrase repeat sync at transpose instrument "
    "kit channel volume pan velocity octave major minor".split()
)

# General MIDI level 1 program names, program 0 first.
GM_PROGRAMS = [
    "Acoustic Grand Piano", "Bright Acoustic Piano", "Electric Grand Piano", "Honky-tonk Piano",
    "Electric Piano 1", "Electric Piano 2", "Harpsichord", "Clavinet",
    "Celesta", "Glockenspiel", "Music Box", "Vibraphone",
    "Marimba", "Xylophone", "Tubular Bells", "Dulcimer",
    "Drawbar Organ", "Percussive Organ", "Rock Organ", "Church Organ",
    "Reed Organ", "Accordion", "Harmonica", "Tango Accordion",
    "Acoustic Guitar (nylon)", "Acoustic Guitar (steel)", "Electric Guitar (jazz)",
    "Electric Guitar (clean)", "Electric Guitar (muted)", "Overdriven Guitar",
    "Distortion Guitar", "Guitar Harmonics",
    "Acoustic Bass", "Electric Bass (finger)", "Electric Bass (pick)", "Fretless Bass",
    "Slap Bass 1", "Slap Bass 2", "Synth Bass 1", "Synth Bass 2",
    "Violin", "Viola", "Cello", "Contrabass",
    "Tremolo Strings", "Pizzicato Strings", "Orchestral Harp", "Timpani",
    "String Ensemble 1", "String Ensemble 2", "Synth Strings 1", "Synth Strings 2",
    "Choir Aahs", "Voice Oohs", "Synth Voice", "Orchestra Hit",
    "Trumpet", "Trombone", "Tuba", "Muted Trumpet",
    "French Horn", "Brass Section", "Synth Brass 1", "Synth Brass 2",
    "Soprano Sax", "Alto Sax", "Tenor Sax", "Baritone Sax",
    "Oboe", "English Horn", "Bassoon", "Clarinet",
    "Piccolo", "Flute", "Recorder", "Pan Flute",
    "Blown Bottle", "Shakuhachi", "Whistle", "Ocarina",
    "Lead 1 (square)", "Lead 2 (sawtooth)", "Lead 3 (calliope)", "Lead 4 (chiff)",
    "Lead 5 (charang)", "Lead 6 (voice)", "Lead 7 (fifths)", "Lead 8 (bass + lead)",
    "Pad 1 (new age)", "Pad 2 (warm)", "Pad 3 (polysynth)", "Pad 4 (choir)",
    "Pad 5 (bowed)", "Pad 6 (metallic)", "Pad 7 (halo)", "Pad 8 (sweep)",
    "FX 1 (rain)", "FX 2 (soundtrack)", "FX 3 (crystal)", "FX 4 (atmosphere)",
    "FX 5 (brightness)", "FX 6 (goblins)", "FX 7 (echoes)", "FX 8 (sci-fi)",
    "Sitar", "Banjo", "Shamisen", "Koto",
    "Kalimba", "Bagpipe", "Fiddle", "Shanai",
    "Tinkle Bell", "Agogo", "Steel Drums", "Woodblock",
    "Taiko Drum", "Melodic Tom", "Synth Drum", "Reverse Cymbal",
    "Guitar Fret Noise", "Breath Noise", "Seashore", "Bird Tweet",
    "Telephone Ring", "Helicopter", "Applause", "Gunshot",
]
assert len(GM_PROGRAMS) == 128


def kebab(name):
    """'Lead 8 (bass + lead)' -> 'lead-8-bass-lead' (the LANGUAGE.md rule)."""
    words, word = [], ""
    for ch in name.lower():
        if ch.isalnum():
            word += ch
        else:
            if word:
                words.append(word)
            word = ""
    if word:
        words.append(word)
    return "-".join(words)


INSTRUMENTS = {kebab(n): i for i, n in enumerate(GM_PROGRAMS)}
INSTRUMENT_ALIASES = {
    "piano": 0, "organ": 16, "guitar": 24, "bass": 32, "violin": 40,
    "strings": 48, "choir": 52, "trumpet": 56, "sax": 65, "flute": 73,
}

KITS = {"standard": 0, "room": 8, "power": 16, "electronic": 24, "tr-808": 25,
        "jazz": 32, "brush": 40, "orchestra": 48}

DRUM_TABLE = """
35 acoustic-bass-drum
36 bass-drum kick
37 side-stick rim
38 acoustic-snare snare
39 hand-clap clap
40 electric-snare
41 low-floor-tom
42 closed-hi-hat hat
43 high-floor-tom
44 pedal-hi-hat pedal-hat
45 low-tom tom-low
46 open-hi-hat open-hat
47 low-mid-tom tom-mid
48 hi-mid-tom
49 crash-cymbal crash
50 high-tom tom-high
51 ride-cymbal ride
52 chinese-cymbal china
53 ride-bell
54 tambourine
55 splash-cymbal splash
56 cowbell
57 second-crash
58 vibraslap
59 second-ride
60 hi-bongo
61 low-bongo
62 mute-hi-conga
63 open-hi-conga
64 low-conga
65 high-timbale
66 low-timbale
67 high-agogo
68 low-agogo
69 cabasa
70 maracas
71 short-whistle
72 long-whistle
73 short-guiro
74 long-guiro
75 claves
76 hi-wood-block
77 low-wood-block
78 mute-cuica
79 open-cuica
80 mute-triangle
81 open-triangle
"""
DRUMS = {}
for _line in DRUM_TABLE.strip().splitlines():
    _key, *_names = _line.split()
    for _n in _names:
        DRUMS[_n] = int(_key)

DYNAMICS = {"ppp": 16, "pp": 33, "p": 49, "mp": 64, "mf": 80, "f": 96, "ff": 112, "fff": 127}

# Major-key names by number of fifths (negative = flats), as in the standard spelling.
MAJOR_NAMES = ["Cb", "Gb", "Db", "Ab", "Eb", "Bb", "F", "C", "G", "D", "A", "E", "B", "F#", "C#"]
MINOR_NAMES = ["Ab", "Eb", "Bb", "F", "C", "G", "D", "A", "E", "B", "F#", "C#", "G#", "D#", "A#"]


def key_name(fifths, minor):
    """The key's name in mido's spelling: 'D', 'Bb', 'G#m'."""
    return (MINOR_NAMES[fifths + 7] + "m") if minor else MAJOR_NAMES[fifths + 7]

# Chord-symbol qualities of LANGUAGE.md (Songwriting, v2): quality -> intervals in semitones above
# the root. "" is the plain major triad.
CHORD_QUALITIES = {
    "": (0, 4, 7), "m": (0, 3, 7), "dim": (0, 3, 6), "aug": (0, 4, 8), "sus2": (0, 2, 7),
    "sus4": (0, 5, 7), "5": (0, 7),
    "6": (0, 4, 7, 9), "m6": (0, 3, 7, 9), "7": (0, 4, 7, 10), "maj7": (0, 4, 7, 11),
    "m7": (0, 3, 7, 10), "mmaj7": (0, 3, 7, 11), "dim7": (0, 3, 6, 9), "m7b5": (0, 3, 6, 10),
    "9": (0, 4, 7, 10, 14), "maj9": (0, 4, 7, 11, 14), "m9": (0, 3, 7, 10, 14),
    "add9": (0, 4, 7, 14), "madd9": (0, 3, 7, 14), "11": (0, 4, 7, 10, 14, 17),
    "13": (0, 4, 7, 10, 14, 21), "7sus4": (0, 5, 7, 10),
    # "More chord symbols" (v3): the qualities lead sheets add.
    "7b9": (0, 4, 7, 10, 13), "7#9": (0, 4, 7, 10, 15), "7#11": (0, 4, 7, 10, 18),
    "7b13": (0, 4, 7, 10, 20), "7b5": (0, 4, 6, 10), "7#5": (0, 4, 8, 10),
    "alt": (0, 4, 10, 13, 15, 20), "m11": (0, 3, 7, 10, 14, 17), "69": (0, 4, 7, 9, 14),
    "m69": (0, 3, 7, 9, 14), "maj7#11": (0, 4, 7, 11, 18), "13sus4": (0, 5, 7, 10, 14, 21),
    "9sus4": (0, 5, 7, 10, 14), "m13": (0, 3, 7, 10, 14, 21), "maj13": (0, 4, 7, 11, 14, 21),
}
assert len(CHORD_QUALITIES) == 38  # the 37 qualities of the two tables and the plain triad

# "More chord symbols": how lead sheets spell qualities. A sign for the quality ('+' aug, '+7'
# 7#5, '°' or 'o' dim, 'ø' or 'ø7' m7b5, 'Δ' or 'Δ7' maj7, 'Δ' before 9, 13 or 7#11 for 'maj',
# '6/9' for 69), and '-' for 'm' before the rest of a minor quality ('-7' m7, '-' m, '-Δ7'
# mmaj7, '-6/9' m69; also 'm' before 'Δ' and '6/9').
SIGN_SPELLINGS = {"+": "aug", "+7": "7#5", "°": "dim", "°7": "dim7", "o": "dim", "o7": "dim7",
                  "ø": "m7b5", "ø7": "m7b5", "Δ": "maj7", "Δ7": "maj7", "Δ9": "maj9", "Δ13": "maj13",
                  "Δ7#11": "maj7#11", "6/9": "69"}
MINOR_RESTS = {"": "m", "6": "m6", "7": "m7", "9": "m9", "11": "m11", "13": "m13", "69": "m69",
               "6/9": "m69", "maj7": "mmaj7", "Δ": "mmaj7", "Δ7": "mmaj7", "7b5": "m7b5", "add9": "madd9"}
SPELLINGS = dict(SIGN_SPELLINGS)
SPELLINGS.update({"-" + rest: q for rest, q in MINOR_RESTS.items()})
SPELLINGS.update({"m" + rest: q for rest, q in MINOR_RESTS.items() if "m" + rest not in CHORD_QUALITIES})
assert len(SPELLINGS) == 30 and all(q in CHORD_QUALITIES for q in SPELLINGS.values())


def chord_quality(text):
    """The quality (a key of CHORD_QUALITIES) a symbol's quality text names, or None."""
    if text in CHORD_QUALITIES:
        return text
    return SPELLINGS.get(text)
