import StaveComposition
import StaveSyntax
import XCTest

/// Pitches, key signatures, drum names and instrument names, against LANGUAGE.md's tables.
final class PitchTests: XCTestCase {
    func testScientificPitchInOctaveFour() {
        // c=60 … b=71; cb=59 and b#=72 belong to the letter's octave.
        XCTAssertEqual(pitches(melody("c d e f g a b cb b#")), [60, 62, 64, 65, 67, 69, 71, 59, 72])
    }

    func testDoubleAccidentalsAndNaturals() {
        // f##=67, ebb=62, bbb=69 (B double flat), bb=70, b=71, en=64.
        XCTAssertEqual(pitches(melody("f## ebb bbb bb b en")), [67, 62, 69, 70, 71, 64])
    }

    func testOctaveRangeEnds() {
        // o0 c = 12, o9 g = 127, and cbb0 = 10 is still a valid pitch.
        XCTAssertEqual(pitches(melody("o0 c cbb o9 g")), [12, 10, 127])
    }

    func testDMajorKeySignature() {
        // In D major `f` is F♯ (66) and `fn` is F♮ (65); `c` is C♯ (61).
        XCTAssertEqual(pitches(melody("f fn f# c cn g", header: "key d major")), [66, 65, 66, 61, 60, 67])
    }

    func testBFlatMajorKeySignature() {
        // In B♭ major `b` is 70, `e` is 63, `bn` is 71, `a` is 69.
        XCTAssertEqual(pitches(melody("b e bn a", header: "key bb major")), [70, 63, 71, 69])
        XCTAssertEqual(pitches(melody("b e", header: "key bb")), [70, 63])
    }

    func testSevenSharpsAndSevenFlats() {
        // C♯ major: every letter sharp, so `b` is B♯ = 72 in octave 4.
        XCTAssertEqual(pitches(melody("c d e f g a b", header: "key c# major")), [61, 63, 65, 66, 68, 70, 72])
        // C♭ major: every letter flat, so `c` is C♭ = 59.
        XCTAssertEqual(pitches(melody("c d e f g a b", header: "key cb major")), [59, 61, 63, 64, 66, 68, 70])
    }

    func testMinorKeys() {
        XCTAssertEqual(pitches(melody("f c g", header: "key e minor")), [66, 60, 67])
        XCTAssertEqual(pitches(melody("e a b d", header: "key c minor")), [63, 68, 70, 62])
        // G♯ minor: five sharps (f c g d a).
        XCTAssertEqual(pitches(melody("f c g d a e b", header: "key g# minor")), [66, 61, 68, 63, 70, 64, 71])
    }

    func testTheThirtyKeysAndNoOthers() {
        let valid: [(String, Int)] = [
            ("c major", 0), ("g major", 1), ("d major", 2), ("a major", 3), ("e major", 4), ("b major", 5), ("f# major", 6), ("c# major", 7),
            ("f major", -1), ("bb major", -2), ("eb major", -3), ("ab major", -4), ("db major", -5), ("gb major", -6), ("cb major", -7),
            ("a minor", 0), ("e minor", 1), ("b minor", 2), ("f# minor", 3), ("c# minor", 4), ("g# minor", 5), ("d# minor", 6), ("a# minor", 7),
            ("d minor", -1), ("g minor", -2), ("c minor", -3), ("f minor", -4), ("bb minor", -5), ("eb minor", -6), ("ab minor", -7),
        ]
        XCTAssertEqual(Set(valid.map(\.0)).count, 30)
        for (key, fifths) in valid {
            let song = compileClean("key \(key)\ntrack t { phrase { c } }")
            XCTAssertEqual(song.key.fifths, fifths, key)
        }
        for key in ["g# major", "d# major", "fb major", "e# major", "b# major", "db minor", "cb minor", "e# minor", "fb minor", "c## major", "dbb major"] {
            let (_, diagnostics) = Lowering.compile(Source(path: "t", text: "key \(key)\ntrack t { phrase { c } }"), defaultTitle: "t")
            XCTAssertEqual(diagnostics.map(\.id), [.invalidKey], key)
        }
    }

    /// LANGUAGE.md's drum table, copied by hand: key, name, alias.
    static let drumTable: [(Int, String, String?)] = [
        (35, "acoustic-bass-drum", nil), (36, "bass-drum", "kick"), (37, "side-stick", "rim"), (38, "acoustic-snare", "snare"),
        (39, "hand-clap", "clap"), (40, "electric-snare", nil), (41, "low-floor-tom", nil), (42, "closed-hi-hat", "hat"),
        (43, "high-floor-tom", nil), (44, "pedal-hi-hat", "pedal-hat"), (45, "low-tom", "tom-low"), (46, "open-hi-hat", "open-hat"),
        (47, "low-mid-tom", "tom-mid"), (48, "hi-mid-tom", nil), (49, "crash-cymbal", "crash"), (50, "high-tom", "tom-high"),
        (51, "ride-cymbal", "ride"), (52, "chinese-cymbal", "china"), (53, "ride-bell", nil), (54, "tambourine", nil),
        (55, "splash-cymbal", "splash"), (56, "cowbell", nil), (57, "second-crash", nil), (58, "vibraslap", nil),
        (59, "second-ride", nil), (60, "hi-bongo", nil), (61, "low-bongo", nil), (62, "mute-hi-conga", nil),
        (63, "open-hi-conga", nil), (64, "low-conga", nil), (65, "high-timbale", nil), (66, "low-timbale", nil),
        (67, "high-agogo", nil), (68, "low-agogo", nil), (69, "cabasa", nil), (70, "maracas", nil),
        (71, "short-whistle", nil), (72, "long-whistle", nil), (73, "short-guiro", nil), (74, "long-guiro", nil),
        (75, "claves", nil), (76, "hi-wood-block", nil), (77, "low-wood-block", nil), (78, "mute-cuica", nil),
        (79, "open-cuica", nil), (80, "mute-triangle", nil), (81, "open-triangle", nil),
    ]

    func testEveryDrumNameAndAliasGivesItsKey() {
        XCTAssertEqual(Self.drumTable.count, 47)
        var words: [String] = []
        var keys: [Int] = []
        for (key, name, alias) in Self.drumTable {
            words.append(name)
            keys.append(key)
            if let alias {
                words.append(alias + "16")   // a duration follows a drum name directly
                keys.append(key)
            }
        }
        let song = compileClean("drums d { phrase { \(words.joined(separator: " ")) } }")
        XCTAssertEqual(pitches(body(song)), keys)
        XCTAssertEqual(song.tracks[0].channel, 10)
    }

    func testDrumsUseTheSameDurationsChordsTupletsTiesAndVelocities() {
        let song = compileClean("drums d { phrase { kick8 [kick~ crash]4 [kick ride] {hat hat r}8 v40 snare } }")
        XCTAssertEqual(body(song).notes, [
            root(q(0), q(1, 8), [n(36)]),
            root(q(1, 8), q(1, 4), [n(36, tie: true), n(49)]),
            root(q(3, 8), q(1, 4), [n(36), n(51)]),
            RootNote(position: q(5, 8), width: q(1, 8), divisions: [.chord([n(42)]), .chord([n(42)]), .rest]),
            root(q(3, 4), q(1, 8), [n(38, 40)]),
        ])
    }

    func testInstrumentAliasesKitsAndGeneralMIDINames() {
        let aliases = ["piano": 0, "organ": 16, "guitar": 24, "bass": 32, "violin": 40, "strings": 48, "choir": 52,
                       "trumpet": 56, "sax": 65, "flute": 73, "acoustic-grand-piano": 0, "electric-piano-1": 4,
                       "acoustic-guitar-nylon": 24, "lead-1-square": 80, "acoustic-bass": 32, "gunshot": 127, "99": 99]
        let melodyTracks = aliases.keys.sorted().enumerated().map { "track t\($0.offset) { instrument \($0.element) }" }
        let kits = ["standard": 0, "room": 8, "power": 16, "electronic": 24, "tr-808": 25, "jazz": 32, "brush": 40, "orchestra": 48, "7": 7]
        let drumTracks = kits.keys.sorted().enumerated().map { "drums d\($0.offset) { kit \($0.element) }" }
        // More than 15 melody tracks would run out of channels: give each an explicit one.
        let text = melodyTracks.enumerated().map { $0.element.replacingOccurrences(of: "}", with: "channel \($0.offset % 9 + 1) }") }
        let song = compileClean((text + drumTracks).joined(separator: "\n"), allowWarnings: true)
        for (index, name) in aliases.keys.sorted().enumerated() {
            XCTAssertEqual(song.track("t\(index)")?.program, aliases[name], name)
        }
        for (index, name) in kits.keys.sorted().enumerated() {
            XCTAssertEqual(song.track("d\(index)")?.program, kits[name], name)
        }
    }

    func testTrackDefaults() {
        let song = compileClean("track a { } drums b { }")
        XCTAssertEqual(song.tracks[0], Track(id: "a", kind: .melody, program: 0, channel: 1, volume: 100, pan: 64, velocity: 100, octave: 4, transpose: 0))
        XCTAssertEqual(song.tracks[1], Track(id: "b", kind: .drums, program: 0, channel: 10, volume: 100, pan: 64, velocity: 100, octave: 4, transpose: 0))
    }

    func testTrackTransposeIsAppliedAtOutputNotInTheTree() {
        let song = compileClean("track t { transpose -12 phrase { c e } }")
        XCTAssertEqual(pitches(body(song)), [60, 64])
        XCTAssertEqual(Performance.notes(of: song.tracks[0], in: song).map(\.pitch), [48, 52])
    }
}
