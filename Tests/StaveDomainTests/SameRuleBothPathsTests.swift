import XCTest
import StaveComposition
import StaveDomain
import StaveSyntax

/// The same mistake made in a Stave song and in a save file gives the same diagnostic ID: the
/// front end and the save validator apply one implementation of each rule (`SongRule`,
/// `ChannelAssignment`, `TieCheck`, `PhraseOverlap`). Each case writes the invalid song as text,
/// and builds the save file from a valid neighbour of it with the same mistake put in.
final class SameRuleBothPathsTests: XCTestCase {
    struct Case {
        var name: String
        var id: DiagnosticID
        /// The song with the mistake.
        var invalid: String
        /// A valid song close to it…
        var valid: String
        /// …and how to put the mistake into its save file.
        var mistake: (inout SongDocument) -> Void
    }

    static func melody(_ body: String, settings: String = "") -> String {
        "track a {\n  \(settings)\n  \(body)\n}\n"
    }

    /// The Original phrase body at `phrase` of track `track`.
    static func containers(_ document: inout SongDocument, track: Int = 0, phrase: Int = 0,
                           _ change: (inout Int, inout [SongDocument.NoteContainer]) -> Void) {
        guard case .original(var length, var containers, let tempos, let expression) = document.tracks[track].phrases[phrase].content else {
            return XCTFail("phrase \(phrase) of track \(track) is not an Original")
        }
        guard !containers.isEmpty else { return XCTFail("no containers") }
        change(&length, &containers)
        document.tracks[track].phrases[phrase].content = .original(length: length, containers: containers, tempos: tempos, expression: expression)
    }

    /// The v2 marks of the Original phrase at `phrase` of track `track`.
    static func expression(_ document: inout SongDocument, track: Int = 0, phrase: Int = 0, _ change: (inout SongDocument.Expression) -> Void) {
        guard case .original(let length, let containers, let tempos, var expression) = document.tracks[track].phrases[phrase].content else {
            return XCTFail("phrase \(phrase) of track \(track) is not an Original")
        }
        change(&expression)
        document.tracks[track].phrases[phrase].content = .original(length: length, containers: containers, tempos: tempos, expression: expression)
    }

    static func setNote(_ container: inout SongDocument.NoteContainer, _ change: (inout SongDocument.Note) -> Void) {
        guard case .notes(var notes) = container.blocks.first, !notes.isEmpty else { return XCTFail("not a note") }
        change(&notes[0])
        container.blocks[0] = .notes(notes)
    }

    static let cases: [Case] = [
        Case(name: "duplicate track", id: .duplicateTrack,
             invalid: "track a { phrase { c } }\ntrack a { phrase { d } }\n",
             valid: "track a { phrase { c } }\ntrack b { phrase { d } }\n",
             mistake: { $0.tracks[1].id = "a" }),
        Case(name: "duplicate phrase", id: .duplicatePhrase,
             invalid: melody("phrase x { c } phrase x { d }"), valid: melody("phrase x { c } phrase y { d }"),
             mistake: { $0.tracks[0].phrases[1].id = "x" }),
        Case(name: "no free channel", id: .tooManyTracks,
             invalid: (1...16).map { "track t\($0) { phrase { c } }" }.joined(separator: "\n"),
             valid: (1...15).map { "track t\($0) { phrase { c } }" }.joined(separator: "\n"),
             mistake: { var extra = $0.tracks[0]; extra.id = "t16"; $0.tracks.append(extra) }),
        Case(name: "pitch out of range after transpose", id: .pitchOutOfRange,
             invalid: melody("phrase { o9 g }", settings: "transpose 5"), valid: melody("phrase { o9 c }", settings: "transpose 5"),
             mistake: { containers(&$0) { _, containers in setNote(&containers[0]) { $0.pitch = 127 } } }),
        Case(name: "tie to another pitch", id: .tieMismatch,
             invalid: melody("phrase { c~ d }"), valid: melody("phrase { c~ c }"),
             mistake: { containers(&$0) { _, containers in setNote(&containers[1]) { $0.pitch = 62 } } }),
        Case(name: "tie into a rest", id: .tieToRest,
             invalid: melody("phrase { c~ r c }"), valid: melody("phrase { c r c }"),
             mistake: { containers(&$0) { _, containers in setNote(&containers[0]) { $0.tie = true } } }),
        Case(name: "tie at the end", id: .tieAtEnd,
             invalid: melody("phrase { c d~ }"), valid: melody("phrase { c d }"),
             mistake: { containers(&$0) { _, containers in setNote(&containers[1]) { $0.tie = true } } }),
        Case(name: "repeat of a missing phrase", id: .unknownPhrase,
             invalid: melody("phrase x { c } repeat nope"), valid: melody("phrase x { c } repeat x"),
             mistake: { $0.tracks[0].phrases[1].content = .repeat(source: "nope", count: 1) }),
        Case(name: "sync from a missing track", id: .unknownTrack,
             invalid: melody("phrase x { c } sync nope.x"), valid: melody("phrase x { c } sync a.x"),
             mistake: { $0.tracks[0].phrases[1].content = .sync(track: "nope", phrase: "x", transpose: 0) }),
        Case(name: "sync of a missing phrase", id: .unknownPhrase,
             invalid: melody("phrase x { c } sync a.y"), valid: melody("phrase x { c } sync a.x"),
             mistake: { $0.tracks[0].phrases[1].content = .sync(track: "a", phrase: "y", transpose: 0) }),
        Case(name: "sync across track kinds", id: .wrongPhraseKind,
             invalid: "track a { phrase x { c } }\ndrums d { phrase y { kick } sync a.x }\n",
             valid: "track a { phrase x { c } }\ndrums d { phrase y { kick } sync d.y }\n",
             mistake: { $0.tracks[1].phrases[1].content = .sync(track: "a", phrase: "x", transpose: 0) }),
        Case(name: "sync transposed out of range", id: .pitchOutOfRange,
             invalid: melody("phrase x { c } sync x transpose 100"), valid: melody("phrase x { c } sync x transpose 10"),
             mistake: { $0.tracks[0].phrases[1].content = .sync(track: "a", phrase: "x", transpose: 100) }),
        Case(name: "transpose on a drum sync", id: .settingNotAllowed,
             invalid: "drums d { phrase y { kick } sync y transpose 3 }\n", valid: "drums d { phrase y { kick } sync y }\n",
             mistake: { $0.tracks[0].phrases[1].content = .sync(track: "d", phrase: "y", transpose: 3) }),
        Case(name: "overlapping phrases", id: .phraseOverlap,
             invalid: melody("phrase x { c1 } phrase y at 1 { d }"), valid: melody("phrase x { c1 } phrase y at 2 { d }"),
             mistake: { $0.tracks[0].phrases[1].start = 0 }),
        Case(name: "a song too long", id: .limitExceeded,
             invalid: melody("phrase x at 1000000 { c1 c1 }"), valid: melody("phrase x at 999999 { c1 c1 }"),
             mistake: { $0.tracks[0].phrases[0].start += $0.resolution }),
        Case(name: "nesting too deep", id: .nestingTooDeep,
             invalid: melody("phrase { " + String(repeating: "{", count: 65) + "c" + String(repeating: "}", count: 65) + " }"),
             valid: melody("phrase { " + String(repeating: "{", count: 64) + "c" + String(repeating: "}", count: 64) + " }"),
             mistake: { containers(&$0) { _, containers in containers[0].blocks = [.blocks(containers[0].blocks)] } }),
        Case(name: "a reserved word as an ID", id: .reservedWord,
             invalid: "track key { phrase { c } }\n", valid: "track k { phrase { c } }\n",
             mistake: { $0.tracks[0].id = "key" }),
        Case(name: "a channel out of range", id: .valueOutOfRange,
             invalid: melody("phrase { c }", settings: "channel 17"), valid: melody("phrase { c }", settings: "channel 16"),
             mistake: { $0.tracks[0].channel = 17 }),
        // Stave 2 (`ExpressionRule` and the limits and marks the parser checks)
        // A saved hairpin's direction is its velocities', so only a ramp to the same velocity is wrong there.
        Case(name: "a crescendo to the same velocity", id: .hairpinDirection,
             invalid: melody("phrase { !mf !< c d !mf }"), valid: melody("phrase { !mf !< c d !f }"),
             mistake: { expression(&$0) { $0.hairpins[0].to = 80 } }),
        Case(name: "a hairpin while another is open", id: .hairpinOverlap,
             invalid: melody("phrase { !p !< c !< d !f }"), valid: melody("phrase { !p !< c !f !p !< d !f }"),
             mistake: { expression(&$0) { $0.hairpins[1].start = 0 } }),
        Case(name: "a grace group before a tie continuation", id: .graceOnTiedNote,
             invalid: melody("phrase { c~ (d)c e }"), valid: melody("phrase { c~ c (d)e }"),
             mistake: { expression(&$0) { $0.graces[0].offset = 1 } }),
        Case(name: "more syllables than lyric notes", id: .tooManySyllables,
             invalid: melody("phrase a { c d~ d } lyrics a \"one two three\""), valid: melody("phrase a { c d~ d } lyrics a \"one two\""),
             mistake: { expression(&$0) { $0.verses[0] = "one two three" } }),
        Case(name: "legato out of range", id: .valueOutOfRange,
             invalid: melody("phrase { c }", settings: "legato 0"), valid: melody("phrase { c }", settings: "legato 50"),
             mistake: { $0.tracks[0].legato = 0 }),
        Case(name: "a controller out of range", id: .valueOutOfRange,
             invalid: melody("phrase { cc 128 0 c }"), valid: melody("phrase { cc 127 0 c }"),
             mistake: { expression(&$0) { $0.controls[0].event = .controller(number: 128, value: 0) } }),
        Case(name: "a bend out of range", id: .valueOutOfRange,
             invalid: melody("phrase { bend 201 c }"), valid: melody("phrase { bend 200 c }"),
             mistake: { expression(&$0) { $0.controls[0].event = .bend(cents: 201) } }),
        Case(name: "staccato and tenuto on one note", id: .conflictingMarks,
             invalid: melody("phrase { c4'_ }"), valid: melody("phrase { c4' }"),
             mistake: { containers(&$0) { _, containers in setNote(&containers[0]) { $0.marks = [.staccato, .tenuto] } } }),
        Case(name: "65 grace notes before one note", id: .limitExceeded,
             invalid: melody("phrase { (" + String(repeating: "d ", count: 65) + ")c1 }"),
             valid: melody("phrase { (" + String(repeating: "d ", count: 64) + ")c1 }"),
             mistake: { expression(&$0) { $0.graces[0].items.append($0.graces[0].items[0]) } }),
        Case(name: "a chord symbol on a drum track", id: .chordSymbolInDrums,
             invalid: "drums d { phrase { [C] } }\n", valid: "drums d { phrase { [kick snare] } }\n",
             mistake: { expression(&$0) { $0.chordSymbols = [SongDocument.ChordSymbolMark(offset: 0, symbol: ChordSymbol(root: ChordSymbol.Note(letterByte: 67, accidental: 0), quality: .major), root: 60)] } }),
        Case(name: "lyrics on a drum track", id: .lyricsInDrums,
             invalid: "drums d { phrase a { kick } lyrics a \"boom\" }\n", valid: "drums d { phrase a { kick } }\n",
             mistake: { expression(&$0) { $0.verses = ["boom"] } }),
    ]

    func frontEndIDs(_ text: String) -> [DiagnosticID] {
        Lowering.compile(Source(path: "case.stave", text: text), defaultTitle: "case").diagnostics.filter { $0.severity == .error }.map(\.id)
    }

    func saveIDs(_ document: SongDocument) -> [DiagnosticID] {
        do {
            _ = try SongDecoder.decode(SongEncoder.encode(document))
            return []
        } catch {
            return error.problems.map(\.id)
        }
    }

    func testEachRuleGivesTheSameIDInBothPaths() throws {
        XCTAssertGreaterThanOrEqual(SameRuleBothPathsTests.cases.count, 29)
        for rule in SameRuleBothPathsTests.cases {
            guard frontEndIDs(rule.valid) == [] else {
                XCTFail("\(rule.name): the valid song has errors")
                continue
            }
            XCTAssertEqual(frontEndIDs(rule.invalid), [rule.id], "\(rule.name): front end")
            let (song, _) = Lowering.compile(Source(path: "case.stave", text: rule.valid), defaultTitle: "case")
            var document = try SongDocument(song)
            XCTAssertEqual(saveIDs(document), [], "\(rule.name): the valid save file has problems")
            rule.mistake(&document)
            XCTAssertEqual(saveIDs(document), [rule.id], "\(rule.name): save file")
        }
    }

    /// The shared rules give the same message too, so a message cannot drift in one path.
    func testSharedRulesGiveTheSameMessageInBothPaths() throws {
        let text = SameRuleBothPathsTests.melody("phrase x { c } repeat nope")
        let frontEnd = Lowering.compile(Source(path: "case.stave", text: text), defaultTitle: "case").diagnostics.map(\.message)
        var document = try SongDocument(Lowering.compile(Source(path: "c.stave", text: SameRuleBothPathsTests.melody("phrase x { c } repeat x")), defaultTitle: "c").song)
        document.tracks[0].phrases[1].content = .repeat(source: "nope", count: 1)
        XCTAssertThrowsError(try SongDecoder.decode(SongEncoder.encode(document))) { error in
            XCTAssertEqual((error as? SaveError)?.problems.map(\.message), frontEnd)
        }
    }
}
