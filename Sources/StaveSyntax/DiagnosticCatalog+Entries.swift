/// The catalog's entries, one per ID. Examples are complete inputs: Stave songs, or for
/// `save-…` IDs excerpts of a save file. An example holding `…` is abbreviated (the full input
/// is a test fixture).
extension DiagnosticID {
    /// This ID's catalog entry.
    public var explanation: DiagnosticExplanation {
        func entry(_ summary: String, _ explanation: String, wrong: String, right: String) -> DiagnosticExplanation {
            DiagnosticExplanation(id: self, severity: .error, summary: summary, explanation: explanation, wrong: wrong, right: right)
        }
        func warning(_ summary: String, _ explanation: String, wrong: String, right: String) -> DiagnosticExplanation {
            DiagnosticExplanation(id: self, severity: .warning, summary: summary, explanation: explanation, wrong: wrong, right: right)
        }
        func body(_ text: String) -> String { "track lead {\n  phrase { \(text) }\n}" }
        func drums(_ text: String) -> String { "drums beat {\n  phrase { \(text) }\n}" }
        switch self {
        // Stave 3 form: DiagnosticCatalog+Form.swift
        case .formBarsBackwards, .formBarOutside, .formDuplicateSign, .formRepeatCount, .formEndingGap, .formRepeatOverlap,
             .formDsWithoutSegno, .formSignWithoutJump, .formFineAndCoda, .formCodaUnpaired, .formCodaBeforeJump,
             .formSignOutsideJumpPass, .formJumpInRepeat, .formSegnoUnused, .formBarsUnplayed:
            return formExplanation
        // Lexical
        case .invalidCharacter:
            return entry("a character that Stave does not use",
                         "Only the characters of the language may stand outside strings and comments: letters, digits, `# ~ . ' | [ ] { } ( ) < > ! /` and spaces. Put words meant for people in a `//` comment or a string.",
                         wrong: body("c d $ e"), right: "// c d $ e\n" + body("c d e"))
        case .unterminatedString:
            return entry("a string without its closing quote",
                         "A string runs from `\"` to the next `\"` on the same line. Close it before the line ends.",
                         wrong: "title \"Ode to Joy", right: "title \"Ode to Joy\"")
        case .unterminatedComment:
            return entry("a block comment without its closing `*/`",
                         "`/*` starts a comment that runs to the next `*/`; without one the rest of the file is a comment. Block comments do not nest.",
                         wrong: "/* verse two\n" + body("c d e"), right: "/* verse two */\n" + body("c d e"))
        case .invalidEscape:
            return entry("a backslash in a string that starts no escape",
                         "Inside strings only `\\\"` (a quote) and `\\\\` (a backslash) are escapes.",
                         wrong: "title \"Rock\\n Roll\"", right: "title \"Rock \\\\ Roll\"")
        case .invalidUTF8:
            return entry("bytes that are not UTF-8 text",
                         "Stave files are UTF-8. Save the file as UTF-8 in your editor (Latin-1 and Windows-1252 files show this error at their first accented letter).",
                         wrong: "title \"Café\"\n" + body("c <byte E9> e"), right: "title \"Café\"\n" + body("c e"))
        case .notAStaveSong:
            return entry("a file of another kind given where a song is expected",
                         "`stave check` and `stave compile` read Stave text. A Standard MIDI File (it starts with `MThd`) or a Stave save file (a JSON object with \"format\" and \"version\") is reported once instead of as thousands of errors: turn a save file into text with `stave print SONG.json`.",
                         wrong: "{\"format\": \"stave-song\", \"version\": 2, \"song\": {}}", right: body("c d e"))
        // Syntax
        case .unexpectedToken:
            return entry("something that cannot stand here",
                         "The parser met a token that no statement or phrase element can start with at this place. Remove it or write what was meant.",
                         wrong: body("c d ) e"), right: body("c d e"))
        case .expectedToken:
            return entry("something is missing here",
                         "A statement was cut short: a word, a number, a brace or an ID that its syntax needs is missing. The message names what was expected.",
                         wrong: "track {\n  phrase { c d e }\n}", right: body("c d e"))
        case .numberTooLarge:
            return entry("a number too large to read",
                         "Numbers in Stave are small (bars, tempos, velocities); one with this many digits is a typing mistake.",
                         wrong: "tempo 1200000000000000000000", right: "tempo 120")
        case .invalidDuration:
            return entry("a duration that is not 1, 2, 4, 8, 16, 32 or 64",
                         "Durations are written as note values: 1 whole, 2 half, 4 quarter … 64 sixty-fourth, with up to three dots. Other lengths are tuplets (`{c d e}4`) or ties (`c4~16`).",
                         wrong: body("c3 d e"), right: body("c4 d e"))
        case .durationNotAttached:
            return entry("a duration separated from its note",
                         "A duration follows its note, rest or chord directly: `c4`, `[c e g]2`. A number after a space belongs to nothing.",
                         wrong: body("c 4 d"), right: body("c4 d"))
        case .durationNotAllowed:
            return entry("a duration where none may stand",
                         "Items of a tuplet and pitches of a chord take their length from the group: write the duration once, after `}` or `]`.",
                         wrong: body("{c8 d e}4"), right: body("{c d e}4"))
        case .tooManyDots:
            return entry("more than three dots",
                         "A duration takes at most three dots (`c4...`). Longer values are written with ties.",
                         wrong: body("c2.... c"), right: body("c2...~64 c"))
        case .invalidPitch:
            return entry("a word that is not a pitch",
                         "Pitches are the letters `a`–`g` with accidentals (`#`, `b`, `n`), then a duration. On a drum track, use drum names.",
                         wrong: body("c h4 e"), right: body("c b4 e"))
        case .tooManyAccidentals:
            return entry("more than two accidentals",
                         "A pitch takes at most a double sharp (`##`) or a double flat (`bb`).",
                         wrong: body("c### d"), right: body("c## d"))
        case .unknownDrum:
            return entry("a name that is no General MIDI drum",
                         "Drum tracks play the General MIDI drum names of LANGUAGE.md (`kick`, `snare`, `hat`, `crash` …). The message suggests the closest name.",
                         wrong: drums("kik snare"), right: drums("kick snare"))
        case .emptyChord:
            return entry("a chord with no pitches",
                         "`[ ]` must hold at least one pitch. For silence write a rest, `r`.",
                         wrong: body("c [] e"), right: body("c r e"))
        case .emptyTuplet:
            return entry("a tuplet with no items",
                         "`{ }` divides its duration among its items, so it needs at least one. For silence write a rest, `r`.",
                         wrong: body("c {}4 e"), right: body("c {r}4 e"))
        case .nestingTooDeep:
            return entry("chords and tuplets nested deeper than 64 levels",
                         "Tuplets may nest inside tuplets, but at most 64 deep; no music needs more, and the limit keeps every input safe to compile.",
                         wrong: body(String(repeating: "{", count: 65) + "c" + String(repeating: "}", count: 65)),
                         right: body(String(repeating: "{", count: 3) + "c" + String(repeating: "}", count: 3)))
        case .invalidTie:
            return entry("a tie that is written wrongly",
                         "`~` follows a note or chord (after its duration) and is followed by a space, a bar line or an inline duration (`c2~8`).",
                         wrong: body("c~~ c"), right: body("c~ c"))
        case .reservedWord:
            return entry("a reserved word used as an ID",
                         "The words of the language (`title composer tempo meter key ppq track drums phrase repeat sync at transpose instrument kit channel volume pan velocity octave major minor`) cannot name tracks or phrases.",
                         wrong: "track key {\n  phrase { c }\n}", right: "track keys {\n  phrase { c }\n}")
        case .invalidIdentifier:
            return entry("an ID with characters IDs cannot hold",
                         "Track and phrase IDs are letters, digits and `_`, starting with a letter or `_`. Hyphens belong to instrument and drum names only.",
                         wrong: "track lead-guitar {\n  phrase { c }\n}", right: "track lead_guitar {\n  phrase { c }\n}")
        case .unclosedBlock:
            return entry("a `{` without its `}`",
                         "Every track and phrase body ends with `}`. The error points at the `{` that is never closed.",
                         wrong: "track lead {\n  phrase { c d e }\n", right: body("c d e"))
        // Stave 2 syntax
        case .invalidNoteVelocity:
            return entry("`@` without a velocity",
                         "`@N` gives one note or chord its own velocity N (0–127) without moving the velocity cursor: the number follows `@` directly, after the duration and marks (`snare16@35`, `c4.'@90`, `[c e g]2@70`).",
                         wrong: body("c4@ d e"), right: body("c4@40 d e"))
        case .noteVelocityNotAllowed:
            return entry("a note's own velocity where none may stand",
                         "`@N` marks one sounding note or chord, right after its duration and marks and before `~` (`c2@70~8`). A rest sounds nothing, a whole tuplet is several notes (give its items their own: `{c@40 d e}4`) and a grace note plays at the velocity in force.",
                         wrong: body("r4@40 c d"), right: body("r4 c@40 d"))
        // Stave 3 staves
        case .staffFull:
            return entry("a third track on one staff",
                         "`staff PART N` writes the track on staff N of the notated part PART; two tracks on one staff are its voices 1 (stems up) and 2 (stems down), and a staff holds no more. Put the third track on another staff or in another part.",
                         wrong: "track s { staff choir 1\n  phrase { g4 } }\ntrack a { staff choir 1\n  phrase { e4 } }\ntrack t { staff choir 1\n  phrase { c4 } }",
                         right: "track s { staff choir 1\n  phrase { g4 } }\ntrack a { staff choir 1\n  phrase { e4 } }\ntrack t { staff choir 2\n  phrase { c4 } }")
        case .staffGap:
            return entry("a part whose staves skip a number",
                         "The staves of a part are numbered from 1 (the top staff) without gaps: a part with a staff 2 has a staff 1. `staff PART` alone is staff 1.",
                         wrong: "track rh { staff piano 1\n  phrase { o5 c } }\ntrack lh { staff piano 3\n  phrase { o3 c } }",
                         right: "track rh { staff piano 1\n  phrase { o5 c } }\ntrack lh { staff piano 2\n  phrase { o3 c } }")
        // Stave 3 feel
        case .swingValue:
            return entry("a swing value out of range",
                         "`swing 8` swings eighths and `swing 16` sixteenths; `swing 8 P` gives the first note of each pair P percent of the pair, 50 (straight) to 75 (a dotted feel). Without P the ratio is exactly 2:1. `swing none` keeps a track straight.",
                         wrong: "swing 12\n" + body("c8 d e f g a b > c"), right: "swing 8 60\n" + body("c8 d e f g a b > c"))
        case .humanizeValue:
            return entry("a humanize value out of range",
                         "`humanize T [V] [seed S]` moves each note's start and end by up to T milliseconds (0–50) and its velocity by up to V (0–30); S (from 0) picks another set of random draws. `humanize none` keeps a track exact.",
                         wrong: "humanize 60\n" + body("c4 d e f"), right: "humanize 15 8\n" + body("c4 d e f"))
        // Stave 3 accompaniment
        case .compSourceWithoutSymbols:
            return entry("a comp of a track without chord symbols",
                         "`comp SOURCE STYLE.PART` plays the chord symbols of SOURCE (`[C]`, `[Am7]`); a track without any gives the comp no harmony to play.",
                         wrong: "track lead {\n  phrase { c d e f }\n}\ntrack piano {\n  comp lead block.piano\n}", right: "track lead {\n  phrase { [C]2 [G7]2 | }\n}\n" + "track piano {\n  comp lead block.piano\n}")
        case .compUnknownTrack:
            return entry("a comp of a track that does not exist",
                         "SOURCE in `comp SOURCE STYLE.PART` is the ID of the track whose chord symbols the comp plays.",
                         wrong: "track lead {\n  phrase { [C]2 [G7]2 | }\n}\n" + "track piano {\n  comp melody block.piano\n}", right: "track lead {\n  phrase { [C]2 [G7]2 | }\n}\n" + "track piano {\n  comp lead block.piano\n}")
        case .compUnknownStyle:
            return entry("a comp in a style that does not exist",
                         "The built-in styles are block, pop, rock, ballad, swing, bossa and waltz; a song may define its own with `style ID { part NAME METER { pattern } }`.",
                         wrong: "track lead {\n  phrase { [C]2 [G7]2 | }\n}\n" + "track piano {\n  comp lead samba.piano\n}", right: "track lead {\n  phrase { [C]2 [G7]2 | }\n}\n" + "track piano {\n  comp lead bossa.piano\n}")
        case .compUnknownPart:
            return entry("a comp of a part its style does not have",
                         "The built-in styles have the parts piano, bass and drums; a song's own style has the parts it defines.",
                         wrong: "track lead {\n  phrase { [C]2 [G7]2 | }\n}\n" + "track piano {\n  comp lead pop.organ\n}", right: "track lead {\n  phrase { [C]2 [G7]2 | }\n}\n" + "track piano {\n  comp lead pop.piano\n}")
        case .compKindMismatch:
            return entry("a drum part in a melody track, or the reverse",
                         "A part whose pattern plays drum names belongs to a drum track (`drums ID { comp … }`); a part of chord-tone words to a melody track.",
                         wrong: "track lead {\n  phrase { [C]2 [G7]2 | }\n}\n" + "track piano {\n  comp lead pop.drums\n}", right: "track lead {\n  phrase { [C]2 [G7]2 | }\n}\n" + "drums beat {\n  comp lead pop.drums\n}")
        case .patternLength:
            return entry("a pattern that is not one bar long",
                         "A style's pattern lasts exactly one bar of its meter: it is laid from the start of every bar of the comp.",
                         wrong: "style mine {\n  part bass 4/4 { root2 fifth4 }\n}", right: "style mine {\n  part bass 4/4 { root2 fifth2 }\n}")
        case .compMeterWithoutPattern:
            return entry("a bar whose meter the comp's part has no pattern for",
                         "A part has one pattern per meter; every bar the comp plays needs a pattern for its meter. Add one (`part bass 3/4 { root2 fifth4 }`) or use a style that has it (`waltz` and `ballad` play 3/4).",
                         wrong: "meter 3/4\ntrack lead {\n  phrase { [C]2. }\n}\ntrack piano {\n  comp lead pop.piano\n}", right: "meter 3/4\ntrack lead {\n  phrase { [C]2. }\n}\ntrack piano {\n  comp lead waltz.piano\n}")
        case .styleBuiltInName:
            return entry("a style named like a built-in one",
                         "block, pop, rock, ballad, swing, bossa and waltz are built in; copy one from the README under a name of your own to change it.",
                         wrong: "style pop {\n  part bass 4/4 { root1 }\n}", right: "style mypop {\n  part bass 4/4 { root1 }\n}")
        case .compWithPhrases:
            return entry("a comp track that also has phrases",
                         "A track with `comp` plays the comp and nothing else: write the other notes in a track of their own.",
                         wrong: "track lead {\n  phrase { [C]2 [G7]2 | }\n}\n" + "track piano {\n  comp lead pop.piano\n  phrase { c1 }\n}", right: "track lead {\n  phrase { [C]2 [G7]2 | }\n}\n" + "track piano {\n  comp lead pop.piano\n}")
        case .compTwice:
            return entry("two comps in one track",
                         "A track plays at most one comp; give each part a track of its own.",
                         wrong: "track lead {\n  phrase { [C]2 [G7]2 | }\n}\n" + "track piano {\n  comp lead pop.piano\n  comp lead pop.bass\n}", right: "track lead {\n  phrase { [C]2 [G7]2 | }\n}\n" + "track piano {\n  comp lead pop.piano\n}\ntrack bass {\n  comp lead pop.bass\n}")
        case .patternElementNotAllowed:
            return entry("something a style's pattern cannot hold",
                         "A pattern plays chord-tone words (root third fifth seventh ninth bass chord approach) or drum names, with durations, rests, ties, tuplets, chords, octave and velocity commands, hairpins and marks; pitches, chord symbols, tempo, markers, controllers and grace groups belong to phrases.",
                         wrong: "style mine {\n  part bass 4/4 { c1 }\n}", right: "style mine {\n  part bass 4/4 { root1 }\n}")
        case .patternMixesKinds:
            return entry("a pattern with both chord-tone words and drum names",
                         "A part is played by one track: chord-tone words by a melody track, drum names by a drum track. Write two parts.",
                         wrong: "style mine {\n  part band 4/4 { root2 kick2 }\n}", right: "style mine {\n  part bass 4/4 { root2 root2 }\n  part drums 4/4 { kick2 kick2 }\n}")
        case .styleDuplicate:
            return entry("a style or a pattern defined twice",
                         "A style's ID is unique, and a part has one pattern per meter.",
                         wrong: "style mine {\n  part bass 4/4 { root1 }\n  part bass 4/4 { fifth1 }\n}", right: "style mine {\n  part bass 4/4 { root1 }\n  part bass 3/4 { fifth2. }\n}")
        case .misplacedMark:
            return entry("an articulation mark where none may stand",
                         "Articulation marks (`'` staccato, `_` tenuto, `^` accent) follow a note's duration and dots directly, before `~`: `c4'`, `f#8._`, `[c e g]2^`. Inside a chord or a tuplet they follow the pitch (`[c^ e g]2`, `{c' d' e}4`).",
                         wrong: body("c'4 d e"), right: body("c4' d e"))
        case .duplicateMark:
            return entry("an articulation mark written twice",
                         "Each of `'`, `_` and `^` marks a note at most once.",
                         wrong: body("c4^^ d"), right: body("c4^ d"))
        case .conflictingMarks:
            return entry("staccato and tenuto on one note",
                         "`'` (half the length) and `_` (the full length) say opposite things: keep one.",
                         wrong: body("c4'_ d"), right: body("c4' d"))
        case .markOnRest:
            return entry("an articulation mark on a rest",
                         "Marks change how a note sounds; a rest sounds nothing. Mark the notes around it.",
                         wrong: body("c4 r4' d"), right: body("c4' r4 d"))
        case .markOnTuplet:
            return entry("an articulation mark on a whole tuplet",
                         "Marks after `}` are not allowed: mark the items inside the tuplet, after their pitches.",
                         wrong: body("{c d e}4' f"), right: body("{c' d' e'}4 f"))
        case .emptyGrace:
            return entry("a grace group without a note",
                         "A grace group `( … )` holds the grace notes played before the note that follows it: at least one pitch or chord.",
                         wrong: body("() c4 d"), right: body("(d) c4 d"))
        case .graceItemNotAllowed:
            return entry("something a grace group cannot hold",
                         "A grace group holds pitches, chords, octave and velocity commands only: no durations, rests, ties, marks, tuplets or other commands. Grace notes take their length from the note they decorate.",
                         wrong: body("(d8 e) c4"), right: body("(d e) c4"))
        case .graceWithoutNote:
            return entry("a grace group that decorates no note",
                         "A grace group stands directly before the note or chord it decorates (a space is allowed). Before a rest, a command or the end of a phrase it has nothing to decorate.",
                         wrong: body("c4 (d) r4"), right: body("c4 (d) e4"))
        case .invalidPedal:
            return entry("a pedal command that is neither down nor up",
                         "The sustain pedal is `pedal down` (CC64 127) or `pedal up` (CC64 0).",
                         wrong: body("pedal on c d e"), right: body("pedal down c d e"))
        case .markerWithoutBar:
            return entry("a header marker without its bar",
                         "In the header a marker needs its place: `marker \"Chorus\" at 17`. Inside a phrase body, `marker \"Chorus\"` marks where it stands.",
                         wrong: "marker \"Chorus\"\n" + body("c d e"), right: "marker \"Chorus\" at 1\n" + body("c d e"))
        case .invalidChordSymbol:
            return entry("a chord symbol that cannot be read",
                         "Inside a chord bracket, a word that starts with an upper-case letter is a chord symbol: ROOT QUALITY [/BASS], where ROOT and BASS are `A`–`G` with at most one `#` or `b` (`[Bb7/D]`). A lower-case word that would be a symbol with an upper-case root (`[am7]`) is reported here too: pitches are lower case, chord symbols start with an upper-case root.",
                         wrong: body("[am7]2 c"), right: body("[Am7]2 c"))
        case .unknownChordQuality:
            return entry("a chord symbol with a quality Stave does not know",
                         "The qualities are those of LANGUAGE.md: none, m, dim, aug, sus2, sus4, 5, 6, m6, 7, maj7, m7, mmaj7, dim7, m7b5, 9, maj9, m9, add9, madd9, 11, 13, 7sus4, 7b9, 7#9, 7#11, 7b13, 7b5, 7#5, alt, m11, 69, m69, maj7#11, 13sus4, 9sus4, m13 and maj13, also spelt as lead sheets do (`C-7`, `C+`, `C°7`, `Cø`, `CΔ9`, `C6/9`). A quality written another way that means one of them (`min7`, `M7`, `7sus`, `m7(b5)`) is answered with that one; otherwise the message lists them, never guessing a chord that sounds different.",
                         wrong: body("[Cmin7]2 c"), right: body("[Cm7]2 c"))
        case .chordSymbolOutsideChord:
            return entry("a chord symbol outside a chord bracket",
                         "Chord symbols stand inside `[ ]`, with the duration after the bracket: `[C]4`. Pitches are lower case (`c4`).",
                         wrong: body("C4 d e"), right: body("[C]4 d e"))
        case .chordSymbolInDrums:
            return entry("a chord symbol on a drum track",
                         "Drum tracks play drum names; chord symbols belong to melody tracks.",
                         wrong: drums("[C]4 kick"), right: drums("[kick snare]4 kick"))
        case .duplicateChordSymbol:
            return entry("two chord symbols in one chord",
                         "A chord bracket holds at most one chord symbol (and any melody pitches): write two chords.",
                         wrong: body("[C G]2 c"), right: body("[C]2 [G]2 c"))
        case .lyricsInDrums:
            return entry("lyrics on a drum track",
                         "Words are sung to melody notes: `lyrics` statements belong to melody tracks.",
                         wrong: "drums beat {\n  phrase groove { kick snare }\n  lyrics groove \"boom tss\"\n}",
                         right: "track lead {\n  phrase verse { c d }\n  lyrics verse \"la la\"\n}")
        // Header and settings
        case .duplicateHeader:
            return entry("a header statement given twice",
                         "`title`, `composer`, `tempo`, `meter`, `key` and `ppq` appear once each; later changes use `tempo … at BAR` and `meter … at BAR`.",
                         wrong: "tempo 100\ntempo 120", right: "tempo 100\ntempo 120 at 5")
        case .duplicateSetting:
            return entry("a track setting given twice",
                         "A setting applies to the whole track wherever it stands, so it may be written once.",
                         wrong: "track lead {\n  volume 90\n  volume 80\n  phrase { c }\n}", right: "track lead {\n  volume 80\n  phrase { c }\n}")
        case .valueOutOfRange:
            return entry("a number outside its range",
                         "Each number has a range: volume, pan and velocity 0–127, channel 1–16, tempo 1–1000, ppq 24–32767, bars from 1. The message names the range.",
                         wrong: "track lead {\n  volume 200\n  phrase { c }\n}", right: "track lead {\n  volume 127\n  phrase { c }\n}")
        case .invalidMeter:
            return entry("a meter Stave cannot write",
                         "A meter is N/D with N from 1 to 64 and D one of 1, 2, 4, 8, 16, 32, 64.",
                         wrong: "meter 4/3", right: "meter 4/4")
        case .invalidKey:
            return entry("a key with more than seven sharps or flats",
                         "Keys are the 15 major and 15 minor keys of up to seven sharps or flats. `g# major` would need eight sharps: write `ab major`.",
                         wrong: "key g# major", right: "key ab major")
        case .unknownInstrument:
            return entry("an instrument name that is not General MIDI",
                         "`instrument` takes a General MIDI name in kebab-case (`electric-piano-1`), an alias (`piano`, `guitar`, `strings` …) or a program number 0–127. The message suggests the closest name.",
                         wrong: "track lead {\n  instrument pianno\n  phrase { c }\n}", right: "track lead {\n  instrument piano\n  phrase { c }\n}")
        case .unknownKit:
            return entry("a drum kit name that is not General MIDI",
                         "`kit` takes standard, room, power, electronic, tr-808, jazz, brush, orchestra or a program number 0–127.",
                         wrong: "drums beat {\n  kit rock\n  phrase { kick }\n}", right: "drums beat {\n  kit power\n  phrase { kick }\n}")
        case .settingNotAllowed:
            return entry("a setting that this kind of track does not have",
                         "`instrument`, `octave` and `transpose` belong to melody tracks, `kit` to drum tracks; a sync on a drum track cannot transpose.",
                         wrong: "drums beat {\n  instrument piano\n  phrase { kick }\n}", right: "drums beat {\n  kit standard\n  phrase { kick }\n}")
        case .octaveInDrums:
            return entry("an octave command on a drum track",
                         "Drum names are fixed keys; `o5`, `>` and `<` mean nothing there.",
                         wrong: drums("kick o5 snare"), right: drums("kick snare"))
        case .meterConflict:
            return entry("two different meters for one bar",
                         "Each bar has one meter. `meter … at 1` replaces the header meter; other bars may be named once.",
                         wrong: "meter 3/4 at 5\nmeter 6/8 at 5", right: "meter 3/4 at 5\nmeter 6/8 at 9")
        case .tempoConflict:
            return warning("two tempo changes at one moment",
                         "Two tempos fall on the same tick: the later in the file wins, and the earlier is never heard. Remove the one you do not mean. Equal tempos do not warn.",
                         wrong: "tempo 100 at 3\ntempo 120 at 3", right: "tempo 100 at 3\ntempo 120 at 4")
        case .tempoRampBars:
            return entry("a tempo ramp whose bars run backwards",
                         "`tempo BPM at A-B` ramps from the start of bar A to the end of bar B, so A must not come after B. Write the bars in order, A-B without spaces.",
                         wrong: "tempo 60 at 2-1\n" + body("c1 | d1"), right: "tempo 60 at 1-2\n" + body("c1 | d1"))
        case .tempoRampConflict:
            return entry("another tempo change inside a tempo ramp",
                         "A ramp sets every quarter note's tempo from the start of bar A to the end of bar B, so no other tempo (a header `tempo … at BAR`, an in-body `tempo`, another ramp) may fall inside those bars. Move the change outside the ramp or end the ramp before it.",
                         wrong: "tempo 60 at 1-2\ntempo 90 at 2\n" + body("c1 | d1 | e1"), right: "tempo 60 at 1-2\ntempo 90 at 3\n" + body("c1 | d1 | e1"))
        case .tempoTooSlowForMIDI:
            return warning("a tempo slower than MIDI can store",
                         "A MIDI file stores at most 16,777,215 microseconds per quarter note, about 3.58 beats per minute; the MIDI file uses that instead. Write longer notes at a faster tempo.",
                         wrong: "tempo 2", right: "tempo 4")
        // Stave 3 keys
        case .keyChangeConflict:
            return entry("two key changes at one bar",
                         "`key TONIC MODE at BAR` changes the key signature at the start of BAR; a bar has one key signature, so only one key change may name it. Keep one of them.",
                         wrong: "key c major\nkey d major at 2\nkey e major at 2\n" + body("c1 | d1"), right: "key c major\nkey d major at 2\n" + body("c1 | d1"))
        case .unusedPattern:
            return warning("a pattern that is never played",
                           "`pattern ID { … }` is not played where it is written: it sounds only where `repeat ID` (or `sync TRACK.ID`) places it. Place it, or write `phrase` to play it where it stands.",
                           wrong: "drums beat {\n  pattern groove { kick snare kick snare }\n}", right: "drums beat {\n  pattern groove { kick snare kick snare }\n  repeat groove x4\n}")
        case .patternWithoutRepeat:
            return entry("a pattern that only other tracks place",
                         "A pattern's first placement in its own track is where its notes are written down (the save format keeps it there), so a pattern that Syncs of other tracks place needs a `repeat` of its own track too.",
                         wrong: "track lead {\n  pattern riff { c d e f }\n}\ntrack bass {\n  sync lead.riff\n}",
                         right: "track lead {\n  pattern riff { c d e f }\n  repeat riff\n}\ntrack bass {\n  sync lead.riff\n}")
        // Tracks and phrases
        case .duplicateTrack:
            return entry("a track ID used twice",
                         "Track IDs name tracks for `sync TRACK.ID`, so each is unique.",
                         wrong: "track lead {\n  phrase { c }\n}\ntrack lead {\n  phrase { e }\n}", right: "track lead {\n  phrase { c }\n}\ntrack harmony {\n  phrase { e }\n}")
        case .duplicatePhrase:
            return entry("a phrase ID used twice in one track",
                         "`repeat` and `sync` find an Original phrase by its ID, so within a track each ID names one phrase.",
                         wrong: "track lead {\n  phrase verse { c }\n  phrase verse { d }\n}", right: "track lead {\n  phrase verse { c }\n  phrase chorus { d }\n}")
        case .unknownTrack:
            return entry("a sync naming a track that does not exist",
                         "`sync TRACK.ID` copies a phrase of another track; TRACK must be the ID of a track in the file.",
                         wrong: "track lead {\n  phrase a { c }\n}\ntrack bass {\n  sync leed.a\n}", right: "track lead {\n  phrase a { c }\n}\ntrack bass {\n  sync lead.a\n}")
        case .unknownPhrase:
            return entry("a repeat or sync naming no Original phrase",
                         "`repeat ID` copies an Original phrase of the same track, `sync [TRACK.]ID` one of any track of the same kind. The ID must name an Original phrase (not a repeat or sync).",
                         wrong: "track lead {\n  phrase verse { c d e }\n  repeat chorus\n}", right: "track lead {\n  phrase verse { c d e }\n  repeat verse\n}")
        case .wrongPhraseKind:
            return entry("a sync between a melody and a drum track",
                         "A melody phrase holds pitches and a drum phrase drum names, so a sync copies only between tracks of the same kind.",
                         wrong: "track lead {\n  phrase a { c }\n}\ndrums beat {\n  sync lead.a\n}", right: "drums fill {\n  phrase a { kick }\n}\ndrums beat {\n  sync fill.a\n}")
        case .phraseOverlap:
            return entry("two phrases of one track sound at the same time",
                         "A track plays one phrase at a time. Move one with `at BAR`, shorten it, or put the second line of music in a track of its own.",
                         wrong: "track lead {\n  phrase intro { c1 c1 }\n  phrase verse at 2 { e1 }\n}", right: "track lead {\n  phrase intro { c1 c1 }\n  phrase verse at 3 { e1 }\n}")
        case .tooManyTracks:
            return entry("more melody tracks than free MIDI channels",
                         "MIDI has 16 channels and channel 10 is for drums, so 15 melody tracks get channels of their own. Play the drums on a drum track, or merge parts that can share a channel into one track.",
                         wrong: (1...16).map { "track t\($0) { phrase { c } }" }.joined(separator: "\n"),
                         right: (1...15).map { "track t\($0) { phrase { c } }" }.joined(separator: "\n") + "\ndrums t16 { phrase { kick } }")
        case .sharedChannel:
            return warning("two tracks on one MIDI channel",
                         "Tracks on one channel share its instrument, volume and pan: the later settings win for both. Give each track its own channel unless this is meant.",
                         wrong: "track a {\n  channel 1\n  phrase { c }\n}\ntrack b {\n  channel 1\n  phrase { e }\n}", right: "track a {\n  channel 1\n  phrase { c }\n}\ntrack b {\n  channel 2\n  phrase { e }\n}")
        case .limitExceeded:
            return entry("a song beyond Stave's limits",
                         "A song lasts at most 1,000,000 bars, `repeat … xN` takes N up to 10,000, and a song expands to at most 100 million notes. The limits keep a short file from demanding gigabytes.",
                         wrong: "track lead {\n  phrase at 1000000 { c1 c1 }\n}", right: "track lead {\n  phrase at 999999 { c1 c1 }\n}")
        // Music
        case .octaveOutOfRange:
            return entry("an octave outside 0–9",
                         "Octaves run from 0 to 9 (`c4` is middle C). `>` above 9 or `<` below 0 is this error too.",
                         wrong: body("o10 c"), right: body("o9 c"))
        case .pitchOutOfRange:
            return entry("a pitch outside MIDI's 0–127",
                         "MIDI pitches run from C−1 (0) to G9 (127), after the track's `transpose` and a sync's transpose.",
                         wrong: body("o9 a"), right: body("o9 g"))
        case .tieToRest:
            return entry("a tie into a rest, or on a rest",
                         "A tie joins a note to the next note of the same pitch; a rest cannot continue it or be tied.",
                         wrong: body("c2~ r2"), right: body("c2~ c2"))
        case .tieMismatch:
            return entry("a tied pitch that does not sound next",
                         "The note or chord after a tie must contain each tied pitch (in a chord, `~` after one pitch ties that pitch alone).",
                         wrong: body("c2~ d2"), right: body("c2~ c2"))
        case .tieAtEnd:
            return entry("a tie with nothing to continue into",
                         "A tie at the end of a phrase joins nothing; phrases do not tie into one another.",
                         wrong: body("c d e~"), right: body("c d e"))
        case .tieOnTuplet:
            return entry("a tie on a whole tuplet",
                         "A tuplet holds several notes, so a tie after `}` is unclear. Tie the last item inside it: `{c d e~}4 e`.",
                         wrong: body("{c d e}4~ e"), right: body("{c d e~}4 e"))
        case .barLineOffGrid:
            return entry("a bar line that does not fall on a bar boundary",
                         "A `|` asserts that a bar ends there in the meter in force; the notes before it add up to more or less than a bar. The message says how far into the bar it fell. Copies made by `repeat` and `sync` are checked again where they are placed.",
                         wrong: body("c d e | f g a b |"), right: body("c d e f | g a b c |"))
        case .barHoldsSeveral:
            return warning("bar lines more than one bar apart",
                         "Where a body writes bar lines, each is expected one bar after the one before it (the phrase's start counts as one when it falls on a bar boundary). Two that both fall on bar boundaries but enclose several bars usually mean a duration stayed in force (`a2 b c d` makes b, c, d half notes too) or a `|` was left out; the warning says how many bars lie between them, at the bar line where it shows.",
                         wrong: body("c4 d e f | a2 b c d |"), right: body("c4 d e f | a2 b4 c |"))
        case .timeOverflow:
            return entry("tuplets nested too finely to keep exact time",
                         "Stave keeps time exactly as fractions; tuplets nested many levels deep with different prime counts (3, 5, 7, 11 … 61 items) need fractions too large to hold. No music needs this.",
                         wrong: body("{c c {c c c c {c c c c c c {…}}}}4"), right: body("{c c {c c c c {c c c c c c}}}4"))
        case .offTickGrid:
            return warning("events that fall between MIDI ticks",
                         "At this `ppq` some note starts or ends fall between ticks and are rounded. The warning names a `ppq` that makes every event exact.",
                         wrong: "ppq 24\n" + body("{c d e f g}4"), right: "ppq 120\n" + body("{c d e f g}4"))
        case .zeroLengthNote:
            return warning("a note that rounds to no length in MIDI",
                         "The note is shorter than a MIDI tick at this `ppq`, so it cannot sound and is left out of the MIDI file. Raise `ppq`.",
                         wrong: "ppq 24\n" + body("{c d e f g f e}64"), right: "ppq 448\n" + body("{c d e f g f e}64"))
        // Stave 2 meaning
        case .hairpinUnended:
            return entry("a crescendo or diminuendo that nothing ends",
                         "`!<` and `!>` ramp the velocity from where they stand to the next velocity command (`vN` or a dynamic such as `!f`) of the same phrase. Without one the ramp has no goal: write the dynamic it leads to.",
                         wrong: body("!p c !< d e f"), right: body("!p c !< d e f !f"))
        case .hairpinDirection:
            return entry("a hairpin that leads the wrong way",
                         "`!<` (crescendo) must lead to a velocity above the one in force where it stands, and `!>` (diminuendo) to one below it. Swap the hairpin or change the dynamic that ends it.",
                         wrong: body("!f c !< d e !p f"), right: body("!f c !> d e !p f"))
        case .hairpinOverlap:
            return entry("a hairpin that starts while another is open",
                         "A hairpin runs until the next velocity command. A second `!<` or `!>` before that command would start a ramp inside a ramp: end the first one with a dynamic, then start the next.",
                         wrong: body("!p c !< d !> e !f f"), right: body("!p c !< d !f e !> f !p g"))
        case .graceOnTiedNote:
            return entry("grace notes before a note that continues a tie",
                         "Grace notes take their time from the start of the note they decorate, but a note that continues a tie does not start: it is already sounding. Put the graces before the first note of the tie.",
                         wrong: body("c2~ (d)c4 e"), right: body("(d)c2~ c4 e"))
        case .tooManySyllables:
            return entry("a verse with more syllables than its phrase has notes",
                         "Syllables go one by one to the phrase's lyric notes: notes and chords that start a sound (rests, tie continuations and grace notes take none). A verse may have fewer syllables than notes (the warning `too-few-syllables`), not more: add notes, or join syllables with `_` and `*` as needed.",
                         wrong: "track lead {\n  phrase tune { c d e }\n  lyrics tune \"Twin-kle twin-kle\"\n}", right: "track lead {\n  phrase tune { c d e f }\n  lyrics tune \"Twin-kle twin-kle\"\n}")
        case .duplicateLyrics:
            return entry("two lyrics statements for one phrase",
                         "Each phrase takes one `lyrics` statement; several verses are several strings in it (`lyrics tune \"verse one\" \"verse two\"`), sung by the phrase's placements in turn.",
                         wrong: "track lead {\n  phrase tune { c d }\n  lyrics tune \"la la\"\n  lyrics tune \"lo lo\"\n}", right: "track lead {\n  phrase tune { c d }\n  lyrics tune \"la la\" \"lo lo\"\n}")
        case .tooFewSyllables:
            return warning("a verse with fewer syllables than its phrase has notes",
                           "Syllables go one by one to the phrase's lyric notes, so a verse that is a syllable short sings every word after the slip one note early. The warning stands at the first note left without a syllable. Count the syllables again, or give the notes that sing nothing a `*` each.",
                           wrong: "track lead {\n  phrase tune { c d e f }\n  lyrics tune \"Twin-kle twin\"\n}", right: "track lead {\n  phrase tune { c d e f }\n  lyrics tune \"Twin-kle twin *\"\n}")
        case .lyricsBarCheck:
            return entry("a lyrics bar check that does not fall at the start of a bar",
                         "`|` inside a lyrics string is a bar check: the syllable after it must be sung on the first lyric note of a bar (the first note or chord in the bar that starts a sound). A syllable too many or too few before it moves it; the message names the bar it fell in.",
                         wrong: "track lead {\n  phrase tune { c d e f | g g a2 | }\n  lyrics tune \"Twin-kle twin | kle lit-tle star\"\n}", right: "track lead {\n  phrase tune { c d e f | g g a2 | }\n  lyrics tune \"Twin-kle twin-kle | lit-tle star\"\n}")
        case .lyricsSourceWithoutWords:
            return entry("lyrics taken from a phrase without words of its own",
                         "`lyrics ID from TRACK.ID2` sings the verses written for ID2, so ID2 needs a `lyrics ID2 \"…\"` statement with strings. One `from` may not lead to another: name the phrase whose strings are written out.",
                         wrong: "track soprano {\n  phrase tune { c d }\n}\ntrack alto {\n  phrase tune { a b }\n  lyrics tune from soprano.tune\n}", right: "track soprano {\n  phrase tune { c d }\n  lyrics tune \"la la\"\n}\ntrack alto {\n  phrase tune { a b }\n  lyrics tune from soprano.tune\n}")
        case .chordPitchTwice:
            return warning("one pitch twice in a chord, at different velocities",
                           "A chord sounds each MIDI pitch once. When a pitch is written twice — a melody note that is also a tone of the chord symbol (`[v40 G v90 > d]`), or `[c e c]` — it sounds once, at the higher of the two velocities; the warning says which, since the quieter copy is lost. Write the pitch once at the velocity it should have.",
                           wrong: body("[v40 c e v90 c]"), right: body("[v90 c v40 e]"))
        // Save files
        case .saveInvalidJSON:
            return entry("a save file that is not valid JSON",
                         "Save files are strict JSON (RFC 8259): no trailing commas, no comments, no duplicate keys, nesting at most 256 deep. The message gives the line and column.",
                         wrong: "{\"format\": \"stave-song\", \"version\": 3,}", right: "{\"format\": \"stave-song\", \"version\": 3, \"song\": {…}}")
        case .saveNotASaveFile:
            return entry("a JSON document that is not a Stave save file",
                         "A save file is a JSON object with `\"format\": \"stave-song\"`. Perhaps this is another program's JSON.",
                         wrong: "{\"format\": \"midi\", \"version\": 3, \"song\": {…}}", right: "{\"format\": \"stave-song\", \"version\": 3, \"song\": {…}}")
        case .saveUnsupportedVersion:
            return entry("a save-file version this program cannot read",
                         "Each change of the save format bumps `version`; older versions are migrated on load, newer ones need a newer stave.",
                         wrong: "{\"format\": \"stave-song\", \"version\": 99, \"song\": {…}}", right: "{\"format\": \"stave-song\", \"version\": 3, \"song\": {…}}")
        case .saveMissingField:
            return entry("a required field is missing",
                         "Every object of the save format has required fields (FORMAT.md lists them). The path names the missing one.",
                         wrong: "\"song\": {\"ppq\": 480, …}   (no \"title\")", right: "\"song\": {\"title\": \"Ode\", \"ppq\": 480, …}")
        case .saveUnknownField:
            return entry("a field the save format does not have",
                         "Loading is strict, so that a misspelt field is not silently ignored. The message lists the fields the object has.",
                         wrong: "{\"pitch\": 60, \"velocity\": 100, \"accent\": true}", right: "{\"pitch\": 60, \"velocity\": 100}")
        case .saveWrongType:
            return entry("a value of the wrong JSON type",
                         "Each field has one type: integers for times and pitches, strings for IDs and tempos, objects and arrays as FORMAT.md shows.",
                         wrong: "{\"pitch\": \"60\", \"velocity\": 100}", right: "{\"pitch\": 60, \"velocity\": 100}")
        case .saveInvalidValue:
            return entry("a value of the right type that the format does not allow",
                         "A phrase type other than original, repeat or sync, a malformed tempo string, a block with both notes and blocks, a line break in a title …",
                         wrong: "{\"type\": \"loop\", …}", right: "{\"type\": \"repeat\", …}")
        case .saveBarOrder:
            return entry("tempo or meter changes out of bar order",
                         "The song's tempo and meter lists start at bar 1 and name each later bar once, in rising order.",
                         wrong: "\"meters\": [{\"bar\": 5, …}, {\"bar\": 1, …}]", right: "\"meters\": [{\"bar\": 1, …}, {\"bar\": 5, …}]")
        case .saveChannelNotAssigned:
            return entry("a channel Stave would not assign",
                         "A track without `\"channelExplicit\": true` must have the channel Stave assigns (rule 5), so that printing and compiling the song keeps it. Set `channelExplicit` to keep another.",
                         wrong: "{\"id\": \"lead\", \"channel\": 7, …}", right: "{\"id\": \"lead\", \"channel\": 7, \"channelExplicit\": true, …}")
        case .saveIDOnCopy:
            return entry("an ID on a repeat or sync phrase",
                         "Only Original phrases have IDs in Stave; a Repeat or Sync is named by what it copies.",
                         wrong: "{\"type\": \"repeat\", \"id\": \"again\", \"source\": \"verse\", …}", right: "{\"type\": \"repeat\", \"source\": \"verse\", …}")
        case .saveContainerOrder:
            return entry("note containers that overlap or pass the phrase's end",
                         "Containers are listed in time order without overlapping, and the phrase's `length` reaches at least the end of the last one.",
                         wrong: "\"containers\": [{\"position\": 480, …}, {\"position\": 0, …}]", right: "\"containers\": [{\"position\": 0, …}, {\"position\": 480, …}]")
        case .saveUnwritableDuration:
            return entry("a length that Stave durations cannot write",
                         "Every note, tuplet and rest must be writable as Stave durations: a tuplet or a rest block lasts one written duration; notes and rests between containers last sums of them.",
                         wrong: "{\"position\": 0, \"width\": 7, …}   (at resolution 16)", right: "{\"position\": 0, \"width\": 8, …}")
        case .saveDuplicatePitch:
            return entry("one pitch twice in a chord",
                         "A chord sounds each pitch once; Stave merges `[c c]` when it reads text, so a save file may not hold the same pitch twice in one block.",
                         wrong: "\"notes\": [{\"pitch\": 60, …}, {\"pitch\": 60, …}]", right: "\"notes\": [{\"pitch\": 60, …}, {\"pitch\": 64, …}]")
        case .saveTempoMarkPosition:
            return entry("an in-phrase tempo mark in the wrong place",
                         "Tempo marks lie within the phrase, in time order, between containers (a tempo change cannot stand inside a note).",
                         wrong: "\"tempos\": [{\"offset\": 240, …}]   (inside a container from 0 to 480)", right: "\"tempos\": [{\"offset\": 480, …}]")
        case .saveReferenceCycle:
            return entry("repeat and sync phrases that name each other in a circle",
                         "A Repeat or Sync must lead to an Original phrase; phrases that name each other never reach one.",
                         wrong: "{\"type\": \"sync\", \"track\": \"b\", \"phrase\": \"x\"} in track a, {\"type\": \"sync\", \"track\": \"a\", …} in track b", right: "{\"type\": \"sync\", \"track\": \"b\", \"phrase\": \"x\"} where x is an original phrase")
        case .saveStartOffBar:
            return entry("a phrase that starts neither after the previous one nor on a bar",
                         "In Stave text a phrase starts where the previous one ends or at `at BAR`, so a saved start must be one of those.",
                         wrong: "{\"type\": \"original\", \"start\": 100, …}   (bar 2 starts at 16)", right: "{\"type\": \"original\", \"start\": 16, …}")
        // Stave 2 save format
        case .saveMarkPosition:
            return entry("a hairpin, controller or marker where no command can stand",
                         "In Stave text `!<`, `pedal`, `cc`, `bend` and `marker` stand between notes, between tuplet items or in rests, so a saved offset must be one of those places, within the phrase, in source (time) order; a hairpin ends at or after its start.",
                         wrong: "\"controls\": [{\"offset\": 2, \"pedal\": \"down\"}]   (inside a note from 0 to 4)", right: "\"controls\": [{\"offset\": 4, \"pedal\": \"down\"}]")
        case .saveHairpinVelocity:
            return entry("a note inside a hairpin with a velocity of its own",
                         "Between `!<` and the velocity command that ends it no other velocity command stands, so every note starting inside a hairpin is written with the velocity it starts from (`from`); the ramp is worked out when the song plays.",
                         wrong: "\"hairpins\": [{\"start\": 0, \"end\": 8, \"from\": 49, \"to\": 96}], …, {\"pitch\": 62, \"velocity\": 60} at 4", right: "… {\"pitch\": 62, \"velocity\": 49} at 4")
        case .saveGracePosition:
            return entry("a grace group or chord symbol that belongs to no note",
                         "A grace group stands before a note or chord, and a chord symbol is part of a chord, so each offset must be where a note or chord (not a rest) starts, one group or symbol per note, in time order.",
                         wrong: "\"graces\": [{\"offset\": 2, \"items\": [[62]]}]   (no note starts at 2)", right: "\"graces\": [{\"offset\": 4, \"items\": [[62]]}]")
        case .saveChordSymbolPitches:
            return entry("a chord symbol that does not match its chord",
                         "A chord symbol's pitches (its root, the quality's intervals, the bass below) are notes of the chord it stands on, with one velocity, tie and marks between them, and its root is its letter in an octave 0–9, so that `stave print` can write `[Am7]` back.",
                         wrong: "{\"offset\": 0, \"symbol\": \"C\", \"root\": 60} on \"notes\": [60, 63, 67]", right: "{\"offset\": 0, \"symbol\": \"Cm\", \"root\": 60} on \"notes\": [60, 63, 67]")
        case .saveLyricsWithoutID:
            return entry("lyrics on a phrase that has no ID",
                         "Lyrics are written `lyrics ID \"…\"` after the phrase, so a phrase with lyrics needs an ID.",
                         wrong: "{\"type\": \"original\", \"lyrics\": [\"la la\"], …}", right: "{\"type\": \"original\", \"id\": \"verse\", \"lyrics\": [\"la la\"], …}")
        // MIDI import
        case .importUnreadable:
            return entry("a MIDI or MusicXML file that cannot be read",
                         "`stave import` reads Standard MIDI Files (format 0 or 1) and MusicXML scores (`.musicxml`, `.xml`, compressed `.mxl`). For MIDI the message names the byte where the file stops making sense and what was expected there: a file cut short, a chunk length that runs past the end, or another kind of file. For MusicXML it names the line and column: XML that is not well formed or not UTF-8, a duration before any `<divisions>` or below zero, a number beyond the limits, elements nested more than 256 deep, or entities that would expand beyond a megabyte (a document type's external entities are never fetched).",
                         wrong: "4D 54 68 64 00 00 00 06 00 01 00 02 01 E0   (MThd, then a track count of 2 and no tracks)", right: "4D 54 68 64 … 4D 54 72 6B …   (the header, then both MTrk chunks)")
        case .importLoss:
            return warning("something of the MIDI or MusicXML file that the imported song does not keep",
                           "An import writes what Stave can say; what it cannot (a key change, a later program change, a time signature outside Stave's meters, note times off every grid; in MusicXML an articulation or ornament Stave has no mark for, a verse no pass sings, a chord symbol on no chord of its notes, repeats Stave's form cannot write, written out in full) is changed or left out, and this warning says what and how — for notes, with the part and measure of the first few. The rest of the song is imported.",
                           wrong: "a program change in the middle of a track   (\"1 program changes after the first of a track are not kept\")", right: "one program change at the start of each track")
        }
    }
}
