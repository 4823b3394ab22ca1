import StaveSyntax
import XCTest

/// The Stave 2 constructs (LANGUAGE.md "Expression (v2)", "Songwriting (v2)"): what syntax
/// each one gives, ranges included, built by hand.
final class StaveTwoSyntaxTests: XCTestCase {
    /// Ranges in the body of `body(_:)`'s song, found by snippets of the body alone.
    struct BodyLocator {
        let body: SourceLocator
        let offset: Int

        func range(_ snippet: String, _ occurrence: Int = 1, after anchor: String? = nil, file: StaticString = #filePath, line: UInt = #line) -> SourceRange {
            let found = body.range(snippet, occurrence, after: anchor, file: file, line: line)
            return SourceRange(found.start + offset, found.end + offset)
        }
    }

    /// The body of the one phrase of `track t { phrase { BODY } }` (or a drum track), with a
    /// locator over the body; fails on any diagnostic.
    func body(_ text: String, drums: Bool = false, file: StaticString = #filePath, line: UInt = #line) -> (elements: [BodyElement], at: BodyLocator, song: SongSyntax) {
        let prefix = "\(drums ? "drums" : "track") t { phrase { "
        let locator = BodyLocator(body: SourceLocator(text), offset: prefix.utf8.count)
        let (song, diagnostics) = Parser.parse(Source(path: "t", text: prefix + text + " } }"))
        XCTAssertEqual(diagnostics.map(\.message), [], "unexpected diagnostics", file: file, line: line)
        guard case .original(_, let elements)? = song.tracks.first?.phrases.first?.kind else {
            XCTFail("no phrase", file: file, line: line)
            return ([], locator, song)
        }
        return (elements, locator, song)
    }

    func pitch(_ letter: Character, _ accidental: Int? = nil) -> Sound { .pitch(PitchSpelling(letter: letter, accidental: accidental)) }

    func symbol(_ text: String) -> Sound {
        guard case .success(let symbol) = ChordSymbol.parse(text) else { return .drum(0) }
        return .chordSymbol(symbol)
    }

    func duration(_ value: Int, dots: Int = 0, _ range: SourceRange) -> DurationSyntax { DurationSyntax(value, dots: dots, range: range) }

    // MARK: - Articulations

    func testMarksFollowTheDurationAndDotsInAnyOrder() {
        let (elements, L, _) = body("c4' f#8._ c4^' c_ c4_ e^")
        XCTAssertEqual(elements, [
            BodyElement(.note(pitch("c"), Length(duration: duration(4, L.range("4")), marks: .staccato)), L.range("c4'")),
            BodyElement(.note(pitch("f", 1), Length(duration: duration(8, dots: 1, L.range("8.")), marks: .tenuto)), L.range("f#8._")),
            BodyElement(.note(pitch("c"), Length(duration: duration(4, L.range("4", 2)), marks: [.accent, .staccato])), L.range("c4^'")),
            BodyElement(.note(pitch("c"), Length(marks: .tenuto)), L.range("c_")),
            BodyElement(.note(pitch("c"), Length(duration: duration(4, L.range("4", 3)), marks: .tenuto)), L.range("c4_")),
            BodyElement(.note(pitch("e"), Length(marks: .accent)), L.range("e^")),
        ])
    }

    func testMarksStandBeforeTheTie() {
        let (elements, L, _) = body("c2^~ c8 d4'~8")
        XCTAssertEqual(elements, [
            BodyElement(.note(pitch("c"), Length(duration: duration(2, L.range("2")), tiesToNext: true, tieRange: L.range("~"), marks: .accent)), L.range("c2^~")),
            BodyElement(.note(pitch("c"), Length(duration: duration(8, L.range("8")))), L.range("c8")),
            BodyElement(.note(pitch("d"), Length(duration: duration(4, L.range("4")), inlineTies: [duration(8, L.range("8", 2))], marks: .staccato)), L.range("d4'~8")),
        ])
    }

    func testMarksOnChordsMembersAndTupletItems() {
        let (elements, L, _) = body("[c e g]2^ [c^ e_ g]2 {c' d' e}4")
        XCTAssertEqual(elements, [
            BodyElement(.chord(Length(duration: duration(2, L.range("2")), marks: .accent), items: 3), L.range("[c e g]2^")),
            BodyElement(.member(ChordMember(pitch("c"), range: L.range("c", 1))), L.range("c", 1)),
            BodyElement(.member(ChordMember(pitch("e"), range: L.range("e", 1))), L.range("e", 1)),
            BodyElement(.member(ChordMember(pitch("g"), range: L.range("g", 1))), L.range("g", 1)),
            BodyElement(.chord(Length(duration: duration(2, L.range("2", 2))), items: 3), L.range("[c^ e_ g]2")),
            BodyElement(.member(ChordMember(pitch("c"), marks: .accent, range: L.range("c^"))), L.range("c^")),
            BodyElement(.member(ChordMember(pitch("e"), marks: .tenuto, range: L.range("e_"))), L.range("e_")),
            BodyElement(.member(ChordMember(pitch("g"), range: L.range("g", 2))), L.range("g", 2)),
            BodyElement(.tuplet(Length(duration: duration(4, L.range("4"))), items: 3), L.range("{c' d' e}4")),
            BodyElement(.note(pitch("c"), Length(marks: .staccato)), L.range("c'")),
            BodyElement(.note(pitch("d"), Length(marks: .staccato)), L.range("d'")),
            BodyElement(.note(pitch("e"), Length()), L.range("e", 1, after: "d' ")),
        ])
    }

    func testMarksOnDrums() {
        let (elements, L, _) = body("kick8^ [kick snare]4'", drums: true)
        XCTAssertEqual(elements.map(\.kind), [
            .note(.drum(36), Length(duration: duration(8, L.range("8")), marks: .accent)),
            .chord(Length(duration: duration(4, L.range("4")), marks: .staccato), items: 2),
            .member(ChordMember(.drum(36), range: L.range("kick", 2))),
            .member(ChordMember(.drum(38), range: L.range("snare"))),
        ])
    }

    func testUnderscoresInIdentifiersStayIdentifiers() {
        let L = SourceLocator("track lead_ { phrase verse_1_ { c_ } repeat verse_1_ }")
        let (song, diagnostics) = Parser.parse(L.source)
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(song.tracks.first?.id.text, "lead_")
        XCTAssertEqual(song.tracks.first?.phrases.map(\.kind), [
            .original(id: Name("verse_1_", L.range("verse_1_")), body: [BodyElement(.note(pitch("c"), Length(marks: .tenuto)), L.range("c_"))]),
            .repeat(source: Name("verse_1_", L.range("verse_1_", 2)), count: nil),
        ])
    }

    // MARK: - Hairpins, commands, markers

    func testHairpinsAndCommands() {
        let (elements, L, song) = body("!p c !< d !f !> e v40 pedal down cc 11 90 bend -50 bend 0 pedal up marker \"Chorus\" marker \"Out\"")
        XCTAssertEqual(elements, [
            BodyElement(.velocity(49), L.range("!p")),
            BodyElement(.note(pitch("c"), Length()), L.range("c", 1, after: "!p ")),
            BodyElement(.hairpin(crescendo: true), L.range("!<")),
            BodyElement(.note(pitch("d"), Length()), L.range("d", 1, after: "!< ")),
            BodyElement(.velocity(96), L.range("!f")),
            BodyElement(.hairpin(crescendo: false), L.range("!>")),
            BodyElement(.note(pitch("e"), Length()), L.range("e", 1, after: "!> ")),
            BodyElement(.velocity(40), L.range("v40")),
            BodyElement(.pedal(down: true), L.range("pedal down")),
            BodyElement(.controller(number: 11, value: 90), L.range("cc 11 90")),
            BodyElement(.bend(cents: -50), L.range("bend -50")),
            BodyElement(.bend(cents: 0), L.range("bend 0")),
            BodyElement(.pedal(down: false), L.range("pedal up")),
            BodyElement(.marker(textIndex: 0), L.range("marker \"Chorus\"")),
            BodyElement(.marker(textIndex: 1), L.range("marker \"Out\"")),
        ])
        XCTAssertEqual(song.texts, ["Chorus", "Out"])
    }

    func testCommandsStandInsideChordsAndTuplets() {
        let (elements, L, _) = body("[c pedal down e]2 {c cc 1 2 d bend 3 e}4")
        XCTAssertEqual(elements.map(\.kind), [
            .chord(Length(duration: duration(2, L.range("2", 1))), items: 3),
            .member(ChordMember(pitch("c"), range: L.range("c", 1))),
            .pedal(down: true),
            .member(ChordMember(pitch("e"), range: L.range("e", 2))),
            .tuplet(Length(duration: duration(4, L.range("4"))), items: 5),
            .note(pitch("c"), Length()),
            .controller(number: 1, value: 2),
            .note(pitch("d"), Length()),
            .bend(cents: 3),
            .note(pitch("e"), Length()),
        ])
    }

    func testHeaderMarkerAndMarkerTextsAcrossTracks() {
        let L = SourceLocator("marker \"Chorus\" at 17\ntrack a { phrase { marker \"A\" } }\ntrack b { phrase { marker \"B\" } }")
        let (song, diagnostics) = Parser.parse(L.source)
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(song.header, [
            HeaderStatement(.marker("Chorus", at: NumberSyntax(17, L.range("17"))), range: L.range("marker \"Chorus\" at 17"), keywordRange: L.range("marker")),
        ])
        XCTAssertEqual(song.texts, ["A", "B"])
        guard case .original(_, let second)? = song.tracks.last?.phrases.first?.kind else { return XCTFail("no phrase") }
        XCTAssertEqual(second.map(\.kind), [.marker(textIndex: 1)])
    }

    // MARK: - Grace groups

    func testGraceGroupsBeforeNotesAndChords() {
        let (elements, L, _) = body("(d e)f4 ([c e] g)a (d) [c e]2 (o5 c v90 >d) e")
        XCTAssertEqual(elements, [
            BodyElement(.grace(items: 2), L.range("(d e)")),
            BodyElement(.note(pitch("d"), Length()), L.range("d", 1)),
            BodyElement(.note(pitch("e"), Length()), L.range("e", 1)),
            BodyElement(.note(pitch("f"), Length(duration: duration(4, L.range("4")))), L.range("f4")),
            BodyElement(.grace(items: 4), L.range("([c e] g)")),
            BodyElement(.chord(Length(), items: 2), L.range("[c e]")),
            BodyElement(.member(ChordMember(pitch("c"), range: L.range("c", 1))), L.range("c", 1)),
            BodyElement(.member(ChordMember(pitch("e"), range: L.range("e", 2))), L.range("e", 2)),
            BodyElement(.note(pitch("g"), Length()), L.range("g", 1)),
            BodyElement(.note(pitch("a"), Length()), L.range("a", 1, after: "g)")),
            BodyElement(.grace(items: 1), L.range("(d)")),
            BodyElement(.note(pitch("d"), Length()), L.range("d", 1, after: "a (")),
            BodyElement(.chord(Length(duration: duration(2, L.range("2"))), items: 2), L.range("[c e]2")),
            BodyElement(.member(ChordMember(pitch("c"), range: L.range("c", 2))), L.range("c", 2)),
            BodyElement(.member(ChordMember(pitch("e"), range: L.range("e", 3))), L.range("e", 3)),
            BodyElement(.grace(items: 5), L.range("(o5 c v90 >d)")),
            BodyElement(.setOctave(5), L.range("o5")),
            BodyElement(.note(pitch("c"), Length()), L.range("c", 1, after: "o5 ")),
            BodyElement(.velocity(90), L.range("v90")),
            BodyElement(.octaveUp, L.range(">")),
            BodyElement(.note(pitch("d"), Length()), L.range("d", 1, after: ">")),
            BodyElement(.note(pitch("e"), Length()), L.range("e", 1, after: ">d) ")),
        ])
    }

    func testGraceGroupsOnDrumsAndInsideTuplets() {
        let drums = body("(snare)snare8 (kick kick) snare", drums: true)
        XCTAssertEqual(drums.elements.map(\.kind), [
            .grace(items: 1), .note(.drum(38), Length()), .note(.drum(38), Length(duration: duration(8, drums.at.range("8")))),
            .grace(items: 2), .note(.drum(36), Length()), .note(.drum(36), Length()), .note(.drum(38), Length()),
        ])
        let (elements, L, _) = body("{c (d)e f}4")
        XCTAssertEqual(elements.map(\.kind), [
            .tuplet(Length(duration: duration(4, L.range("4"))), items: 5),
            .note(pitch("c"), Length()), .grace(items: 1), .note(pitch("d"), Length()), .note(pitch("e"), Length()), .note(pitch("f"), Length()),
        ])
    }

    func testSixtyFourGraceItemsAreTheLimit() {
        let items = String(repeating: "c ", count: Parser.maximumGraceItems)
        let (elements, _, _) = body("(\(items))d")
        XCTAssertEqual(elements.first?.kind, .grace(items: 64))
        XCTAssertEqual(elements.count, 66)
    }

    // MARK: - Chord symbols

    func testChordSymbolsInsideChords() {
        let (elements, L, _) = body("[C]2 [Am7] [Bb7/D]4. [F#m7b5] [G7 > d] [C~]2 [C^] [Cmaj7_]")
        XCTAssertEqual(elements, [
            BodyElement(.chord(Length(duration: duration(2, L.range("2", 1))), items: 1), L.range("[C]2")),
            BodyElement(.member(ChordMember(symbol("C"), range: L.range("C"))), L.range("C")),
            BodyElement(.chord(Length(), items: 1), L.range("[Am7]")),
            BodyElement(.member(ChordMember(symbol("Am7"), range: L.range("Am7"))), L.range("Am7")),
            BodyElement(.chord(Length(duration: duration(4, dots: 1, L.range("4."))), items: 1), L.range("[Bb7/D]4.")),
            BodyElement(.member(ChordMember(symbol("Bb7/D"), range: L.range("Bb7/D"))), L.range("Bb7/D")),
            BodyElement(.chord(Length(), items: 1), L.range("[F#m7b5]")),
            BodyElement(.member(ChordMember(symbol("F#m7b5"), range: L.range("F#m7b5"))), L.range("F#m7b5")),
            BodyElement(.chord(Length(), items: 3), L.range("[G7 > d]")),
            BodyElement(.member(ChordMember(symbol("G7"), range: L.range("G7"))), L.range("G7")),
            BodyElement(.octaveUp, L.range(">")),
            BodyElement(.member(ChordMember(pitch("d"), range: L.range("d", 1, after: "> "))), L.range("d", 1, after: "> ")),
            BodyElement(.chord(Length(duration: duration(2, L.range("2", 2))), items: 1), L.range("[C~]2")),
            BodyElement(.member(ChordMember(symbol("C"), tie: true, range: L.range("C", 1, after: "> d] ["))), L.range("C", 1, after: "> d] [")),
            BodyElement(.chord(Length(), items: 1), L.range("[C^]")),
            BodyElement(.member(ChordMember(symbol("C"), marks: .accent, range: L.range("C^"))), L.range("C^")),
            BodyElement(.chord(Length(), items: 1), L.range("[Cmaj7_]")),
            BodyElement(.member(ChordMember(symbol("Cmaj7"), marks: .tenuto, range: L.range("Cmaj7_"))), L.range("Cmaj7_")),
        ])
    }

    func testEveryQualityOfTheTableParses() {
        let qualities = ChordSymbol.Quality.allCases
        XCTAssertEqual(qualities.count, 38)
        let text = qualities.map { "[C\($0.rawValue)]" }.joined(separator: " ")
        let (elements, _, _) = body(text)
        let symbols = elements.compactMap { element -> ChordSymbol.Quality? in
            if case .member(let member) = element.kind, case .chordSymbol(let symbol) = member.sound { return symbol.quality }
            return nil
        }
        XCTAssertEqual(symbols, qualities)
    }

    // MARK: - Track statements

    func testLegatoAndLyrics() {
        let L = SourceLocator("track lead {\n  legato 85\n  phrase verse { c d }\n  lyrics verse \"Twin-kle\" \"lit-tle \\\"star\\\"\"\n}")
        let (song, diagnostics) = Parser.parse(L.source)
        XCTAssertEqual(diagnostics, [])
        let track = song.tracks.first
        XCTAssertEqual(track?.settings, [SettingSyntax(kind: .legato, value: .number(85), valueRange: L.range("85"), range: L.range("legato 85"))])
        XCTAssertEqual(track?.lyrics, [
            LyricsSyntax(phrase: Name("verse", L.range("verse", 2)), verses: ["Twin-kle", "lit-tle \"star\""],
                         verseRanges: [L.range("\"Twin-kle\""), L.range(from: "\"lit", to: "\\\"\"")],
                         range: L.range(from: "lyrics", to: "\\\"\"")),
        ])
    }

    func testTheNewWordsStayUsableAsIDs() {
        let words = ["legato", "lyrics", "marker", "pedal", "cc", "bend", "down", "up"]
        for word in words {
            let L = SourceLocator("track \(word) { phrase \(word) { c } repeat \(word) sync \(word).\(word) }")
            let (song, diagnostics) = Parser.parse(L.source)
            XCTAssertEqual(diagnostics, [], word)
            XCTAssertEqual(song.tracks.first?.id.text, word)
            XCTAssertEqual(song.tracks.first?.phrases.count, 3, word)
        }
        XCTAssertFalse(Parser.reservedWords.contains { ["legato", "lyrics", "marker", "pedal", "cc", "bend"].contains($0) })
    }

    func testLosslessTreeHasNodesForEveryConstruct() {
        let text = "marker \"M\" at 2\ntrack a {\n  legato 90\n  phrase v { c4' !< (d)e [Am7]2 pedal down cc 1 2 bend -3 marker \"x\" !f }\n  lyrics v \"la\"\n}\n"
        let (tree, _, diagnostics) = SourceTree.parse(Source(path: "t", text: text))
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(tree.printed(), Array(text.utf8))
        let kinds = tree.nodes.map(\.kind)
        for kind: SyntaxNodeKind in [.header, .setting, .hairpin, .grace, .control, .marker, .lyrics, .member] {
            XCTAssertTrue(kinds.contains(kind), "\(kind)")
        }
        XCTAssertEqual(kinds.filter { $0 == .control }.count, 3)
        let dump = tree.dump()
        XCTAssertTrue(dump.contains("  lyrics "), dump)
        XCTAssertTrue(dump.split(separator: "\n").contains { $0.drop { $0 == " " }.hasPrefix("' ") }, dump)
    }
}
