import Foundation
import XCTest
@testable import StaveComposition
import StaveSyntax

/// `comp` worked out by hand (LANGUAGE.md "Accompaniment (v3)"): each rule of the section with
/// the exact notes it must give, in ticks at ppq 480 (a whole note is 1920).
final class AccompanimentTests: XCTestCase {
    /// The sounding notes of track `id` as (start tick, end tick, pitch), in order.
    func notes(_ text: String, track id: String = "piano", file: StaticString = #filePath, line: UInt = #line) -> [[Int]] {
        let song = compileClean(text, file: file, line: line)
        guard let track = song.track(id) else { XCTFail("no track \(id)", file: file, line: line); return [] }
        return Performance.notes(of: track, in: song).filter { $0.velocity > 0 }
            .map { [($0.start * 1920).roundedHalfUp, ($0.end * 1920).roundedHalfUp, $0.pitch] }
            .sorted { $0[0] != $1[0] ? $0[0] < $1[0] : $0[2] < $1[2] }
    }

    func errors(_ text: String) -> [(DiagnosticID, String)] {
        Lowering.compile(Source(path: "t.stave", text: text), defaultTitle: "t").diagnostics.filter { $0.severity == .error }.map { ($0.id, $0.message) }
    }

    let block = "style held { part piano 4/4 { chord1 } part bass 4/4 { o2 root2. approach4 } }\n"

    /// C (first voicing from the root: C4 E4 G4) held over a change to F at beat 4: the chord is
    /// cut there and F starts with its closest voicing, C4 F4 A4 (distance 0+1+2 = 3).
    func testAChangeInsideAHeldChordCutsItAndRestarts() {
        let song = block + "track lead { phrase { [C]2. [F]4 | } }\ntrack piano { comp lead held.piano }"
        XCTAssertEqual(notes(song), [[0, 1440, 60], [0, 1440, 64], [0, 1440, 67], [1440, 1920, 60], [1440, 1920, 65], [1440, 1920, 69]])
    }

    /// `approach` is a semitone below the root of the chord at its written end: into G (F#2, 42)
    /// before bar 2, and over the last bar the last chord's (G again).
    func testApproachLeadsIntoTheNextChord() {
        let song = block + "track lead { phrase { [C]1 [G]1 } }\ntrack bass { comp lead held.bass }"
        XCTAssertEqual(notes(song, track: "bass"), [[0, 1440, 36], [1440, 1920, 42], [1920, 3360, 43], [3360, 3840, 42]])
    }

    /// The first `chord` starts from the root (Am7: A4 C5 E5 G5); without a root (C13 keeps
    /// 3 7 9 13) from the lowest interval kept, E4 A4 Bb4 D5.
    func testTheFirstVoicing() {
        XCTAssertEqual(notes(block + "track lead { phrase { [Am7]1 } }\ntrack piano { comp lead held.piano }").map { $0[2] }, [69, 72, 76, 79])
        XCTAssertEqual(notes(block + "track lead { phrase { [C13]1 } }\ntrack piano { comp lead held.piano }").map { $0[2] }, [64, 69, 70, 74])
    }

    /// After Db7 (Db4 F4 Ab4 B4) both C4 E4 G4 and E4 G4 C5 lie 3 semitones away: the lower wins.
    func testAVoicingTieGoesToTheLowerCandidate() {
        let song = block + "track lead { phrase { [Db7]1 [C]1 } }\ntrack piano { comp lead held.piano }"
        XCTAssertEqual(notes(song).filter { $0[0] == 1920 }.map { $0[2] }, [60, 64, 67])
    }

    /// Five and six tones: C9 drops its fifth (C4 D4 E4 Bb4), C alt its root and b9 (3 7 #9 b13:
    /// E4 G#4 Bb4 D#5), C11 its fifth and root (E4 Bb4 D5 F5... as close position: D4 E4 F4 Bb4
    /// from the lowest interval, E: E4 F4 Bb4 D5).
    func testFiveAndSixToneChordsKeepFour() {
        XCTAssertEqual(notes(block + "track lead { phrase { [C9]1 } }\ntrack piano { comp lead held.piano }").map { $0[2] }, [60, 62, 64, 70])
        XCTAssertEqual(notes(block + "track lead { phrase { [Calt]1 } }\ntrack piano { comp lead held.piano }").map { $0[2] }, [64, 68, 70, 75])
        XCTAssertEqual(notes(block + "track lead { phrase { [C11]1 } }\ntrack piano { comp lead held.piano }").map { $0[2] }, [64, 65, 70, 74])
    }

    /// The roles of sus and power chords: Csus4's third is F, Csus2's D, C5's third is its fifth;
    /// C5's seventh is the octave, Cdim7's the 9; `bass` of C/E is E.
    func testSusAndPowerChordRoles() {
        let style = "style roles { part piano 4/4 { third4 fifth seventh bass } }\n"
        func roles(_ symbol: String) -> [Int] {
            notes(style + "track lead { phrase { [\(symbol)]1 } }\ntrack piano { comp lead roles.piano }").map { $0[2] }
        }
        XCTAssertEqual(roles("Csus4"), [65, 67, 72, 60])
        XCTAssertEqual(roles("Csus2"), [62, 67, 72, 60])
        XCTAssertEqual(roles("C5"), [67, 67, 72, 60])
        XCTAssertEqual(roles("Cdim7"), [63, 66, 69, 60])
        XCTAssertEqual(roles("C/E"), [64, 67, 72, 64])
        XCTAssertEqual(roles("Am7"), [72, 76, 79, 69])
    }

    /// A bar whose meter the part has no pattern for is an error naming the bar and the meter.
    func testABarWithoutAPatternForItsMeter() {
        let found = errors("meter 4/4\nmeter 3/4 at 2\ntrack lead { phrase { [C]1 [G]2. } }\ntrack piano { comp lead pop.piano }")
        XCTAssertEqual(found.map(\.0), [.compMeterWithoutPattern])
        XCTAssertEqual(found.first?.1, "bar 2 is in 3/4, and part 'pop.piano' has no pattern for 3/4")
    }

    /// `[C~]2 [C]2` extends its chord; `[C]2 [C]2` is a change that cuts the held chord.
    func testATiedSymbolExtendsAndAnUntiedOneChanges() {
        XCTAssertEqual(notes(block + "track lead { phrase { [C~]2 [C]2 } }\ntrack piano { comp lead held.piano }"), [[0, 1920, 60], [0, 1920, 64], [0, 1920, 67]])
        XCTAssertEqual(notes(block + "track lead { phrase { [C]2 [C]2 } }\ntrack piano { comp lead held.piano }").map { $0[0] }, [0, 0, 0, 960, 960, 960])
    }

    /// Events before the first symbol are left out, a note crossing the harmony's end is cut
    /// there, drum notes are never cut at a change.
    func testTheCompSoundsFromTheFirstSymbolToTheEnd() {
        let style = "style s { part bass 4/4 { root4 root root root } part piano 4/4 { chord1 } part drums 4/4 { kick1 } }\n"
        XCTAssertEqual(notes(style + "track lead { phrase { r2 [C]2 } }\ntrack bass { comp lead s.bass }", track: "bass"), [[960, 1440, 60], [1440, 1920, 60]])
        XCTAssertEqual(notes(style + "track lead { phrase { [C]2 } }\ntrack piano { comp lead s.piano }").map { $0[1] }, [960, 960, 960])
        XCTAssertEqual(notes(style + "track lead { phrase { [C]2 [F]2 } }\ndrums beat { comp lead s.drums }", track: "beat"), [[0, 1920, 36]])
    }

    /// The track's octave, velocity, legato and transpose apply to comp notes; a Sync's
    /// transpose moves the harmony.
    func testTrackSettingsAndSyncTransposeApply() {
        let style = "style s { part bass 4/4 { root2 fifth2' } }\n"
        XCTAssertEqual(notes(style + "track lead { phrase { [C]1 } }\ntrack bass { octave 2 legato 50 transpose 12 comp lead s.bass }", track: "bass"), [[0, 480, 48], [960, 1440, 55]])
        XCTAssertEqual(notes(style + "track lead { phrase a { [C]1 } sync a transpose 2 }\ntrack bass { octave 2 comp lead s.bass }", track: "bass"),
                       [[0, 960, 36], [960, 1440, 43], [1920, 2880, 38], [2880, 3360, 45]])
    }

    /// `symbols off`: the symbol's tones sound nothing; the melody pitch among them sounds at
    /// its own velocity; the comp still plays the symbols.
    func testSymbolsOff() {
        let song = block + "track lead { symbols off phrase { [G > d]1 } }\ntrack piano { comp lead held.piano }"
        XCTAssertEqual(notes(song, track: "lead"), [[0, 1920, 74]])
        XCTAssertEqual(notes(song).map { $0[2] }, [67, 71, 74])
    }

    /// Every error of the section, each with its ID.
    func testTheSectionsErrors() {
        let lead = "track lead { phrase { [C]1 } }\n"
        XCTAssertEqual(errors("track lead { phrase { c1 } }\ntrack piano { comp lead pop.piano }").map(\.0), [.compSourceWithoutSymbols])
        XCTAssertEqual(errors(lead + "track piano { comp tune pop.piano }").map(\.0), [.compUnknownTrack])
        XCTAssertEqual(errors(lead + "track piano { comp lead samba.piano }").map(\.0), [.compUnknownStyle])
        XCTAssertEqual(errors(lead + "track piano { comp lead pop.organ }").map(\.0), [.compUnknownPart])
        XCTAssertEqual(errors(lead + "track piano { comp lead pop.drums }").map(\.0), [.compKindMismatch])
        XCTAssertEqual(errors(lead + "drums beat { comp lead pop.bass }").map(\.0), [.compKindMismatch])
        XCTAssertEqual(errors("style s { part bass 4/4 { root2 } }").map(\.0), [.patternLength])
        XCTAssertEqual(errors("style swing { part bass 4/4 { root1 } }").map(\.0), [.styleBuiltInName])
        XCTAssertEqual(errors(lead + "track piano { comp lead pop.piano phrase { c } }").map(\.0), [.compWithPhrases])
        XCTAssertEqual(errors(lead + "track piano { comp lead pop.piano comp lead pop.bass }").map(\.0), [.compTwice])
        XCTAssertEqual(errors("style s { part bass 4/4 { c1 } }").map(\.0), [.patternElementNotAllowed])
        XCTAssertEqual(errors("style s { part bass 4/4 { root2 kick2 } }").map(\.0), [.patternMixesKinds])
        XCTAssertEqual(errors("style s { part bass 4/4 { root1 } part bass 4/4 { fifth1 } }").map(\.0), [.styleDuplicate])
        XCTAssertEqual(errors("style s { part bass 4/4 { root2 tempo 90 (root)root2 } }").map(\.0), [.patternElementNotAllowed, .patternElementNotAllowed])
    }

    /// Every built-in style parses, and each part's patterns are one bar long and play.
    func testEveryBuiltInStylePlays() {
        XCTAssertEqual(StyleBuiltIns.syntax.map(\.id.text), StyleBuiltIns.names)
        for style in StyleBuiltIns.names {
            for part in ["piano", "bass", "drums"] {
                let kind = part == "drums" ? "drums" : "track"
                let text = "track lead { phrase { [C]1 [Am7]2 [F/A]2 [G7]1 } }\n\(kind) x { comp lead \(style).\(part) }"
                XCTAssertFalse(notes(text, track: "x").isEmpty, "\(style).\(part)")
            }
        }
    }
}

/// The README prints the built-in styles in full, word for word.
final class BuiltInStylesREADMETests: XCTestCase {
    func testTheREADMEPrintsTheBuiltInStyles() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains("```stave\n" + StyleBuiltIns.text + "\n```\n"), "README's built-in styles differ from StyleBuiltIns.text")
    }
}
