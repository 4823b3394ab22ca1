import StaveSyntax
import XCTest

/// Parser tests that compare WHOLE syntax trees, ranges included, built by hand from LANGUAGE.md.
final class ParserTreeTests: XCTestCase {
    func parse(_ locator: SourceLocator, file: StaticString = #filePath, line: UInt = #line) -> SongSyntax {
        let (song, diagnostics) = Parser.parse(locator.source)
        XCTAssertEqual(diagnostics, [], "unexpected diagnostics", file: file, line: line)
        return song
    }

    func pitch(_ letter: Character, _ accidental: Int? = nil) -> Sound { .pitch(PitchSpelling(letter: letter, accidental: accidental)) }

    func drum(_ name: String) -> Sound { .drum(UInt8(DrumNames.key(named: name) ?? 0)) }

    /// A chord as the parser lists it: its header, then its (already flat) items.
    func chord(_ items: [BodyElement], _ length: Length, _ range: SourceRange) -> [BodyElement] {
        [BodyElement(.chord(length, items: UInt32(items.count)), range)] + items
    }

    /// A tuplet as the parser lists it: its header, then its items with theirs.
    func tuplet(_ items: [BodyElement], _ length: Length, _ range: SourceRange) -> [BodyElement] {
        [BodyElement(.tuplet(length, items: UInt32(items.count)), range)] + items
    }

    func testHeaderStatements() {
        let L = SourceLocator("""
        title "Ode to Joy"
        composer "L. van \\"B\\" \\\\ co"
        tempo 92.5
        meter 3/4
        key f# minor
        ppq 96
        tempo 60 at 5
        meter 6/8 at 9
        """)
        let expected = SongSyntax(header: [
            HeaderStatement(.title("Ode to Joy"), range: L.range("title \"Ode to Joy\""), keywordRange: L.range("title")),
            HeaderStatement(.composer("L. van \"B\" \\ co"), range: L.range(from: "composer", to: "co\""), keywordRange: L.range("composer")),
            HeaderStatement(.tempo(DecimalSyntax(numerator: 925, scale: 1, range: L.range("92.5")), at: nil),
                            range: L.range("tempo 92.5"), keywordRange: L.range("tempo")),
            HeaderStatement(.meter(numerator: NumberSyntax(3, L.range("3", after: "meter ")),
                                   denominator: NumberSyntax(4, L.range("4", after: "3/")), at: nil),
                            range: L.range("meter 3/4"), keywordRange: L.range("meter")),
            HeaderStatement(.key(tonic: PitchSpelling(letter: "f", accidental: 1), tonicRange: L.range("f#"), mode: .minor),
                            range: L.range("key f# minor"), keywordRange: L.range("key")),
            HeaderStatement(.ppq(NumberSyntax(96, L.range("96"))), range: L.range("ppq 96"), keywordRange: L.range("ppq")),
            HeaderStatement(.tempo(DecimalSyntax(numerator: 60, scale: 0, range: L.range("60")), at: NumberSyntax(5, L.range("5", after: "60 at "))),
                            range: L.range("tempo 60 at 5"), keywordRange: L.range("tempo", 2)),
            HeaderStatement(.meter(numerator: NumberSyntax(6, L.range("6", after: "at 5\nmeter ")),
                                   denominator: NumberSyntax(8, L.range("8", after: "6/")),
                                   at: NumberSyntax(9, L.range("9", after: "8 at "))),
                            range: L.range("meter 6/8 at 9"), keywordRange: L.range("meter", 2)),
        ])
        XCTAssertEqual(parse(L), expected)
    }

    func testKeyModeDefaultsToMajorAndFlatTonicsParse() {
        let L = SourceLocator("key bb\nkey ebb major")
        let expected = SongSyntax(header: [
            HeaderStatement(.key(tonic: PitchSpelling(letter: "b", accidental: -1), tonicRange: L.range("bb"), mode: .major),
                            range: L.range("key bb"), keywordRange: L.range("key")),
            HeaderStatement(.key(tonic: PitchSpelling(letter: "e", accidental: -2), tonicRange: L.range("ebb"), mode: .major),
                            range: L.range("key ebb major"), keywordRange: L.range("key", 2)),
        ])
        XCTAssertEqual(parse(L), expected)
    }

    func testTracksSettingsAndPhraseStatements() {
        let L = SourceLocator("""
        track lead "Melody" {
          instrument flute
          channel 3
          phrase theme at 2 { c }
          repeat theme x3 at 7
          repeat theme at 9 x2
          sync other.x transpose -12 at 4
          sync theme
          phrase { }
        }
        drums beat {
          kit tr-808
          volume 90
          phrase groove { kick8 }
        }
        """)
        let lead = TrackSyntax(
            kind: .melody, id: Name("lead", L.range("lead")), displayName: "Melody",
            settings: [
                SettingSyntax(kind: .instrument, value: .name("flute"), valueRange: L.range("flute"), range: L.range("instrument flute")),
                SettingSyntax(kind: .channel, value: .number(3), valueRange: L.range("3"), range: L.range("channel 3")),
            ],
            phrases: [
                PhraseStatement(.original(id: Name("theme", L.range("theme")),
                                          body: [BodyElement(.note(pitch("c"), Length()), L.range("c", after: "at 2 { "))]),
                                at: NumberSyntax(2, L.range("2", after: "theme at ")),
                                range: L.range("phrase theme at 2 { c }"), keywordRange: L.range("phrase")),
                PhraseStatement(.repeat(source: Name("theme", L.range("theme", 2)), count: NumberSyntax(3, L.range("x3"))),
                                at: NumberSyntax(7, L.range("7")),
                                range: L.range("repeat theme x3 at 7"), keywordRange: L.range("repeat")),
                PhraseStatement(.repeat(source: Name("theme", L.range("theme", 3)), count: NumberSyntax(2, L.range("x2"))),
                                at: NumberSyntax(9, L.range("9")),
                                range: L.range("repeat theme at 9 x2"), keywordRange: L.range("repeat", 2)),
                PhraseStatement(.sync(track: Name("other", L.range("other")), phrase: Name("x", L.range("x", after: "other.")),
                                      transpose: NumberSyntax(-12, L.range("-12"))),
                                at: NumberSyntax(4, L.range("4", after: "-12 at ")),
                                range: L.range("sync other.x transpose -12 at 4"), keywordRange: L.range("sync")),
                PhraseStatement(.sync(track: nil, phrase: Name("theme", L.range("theme", 4)), transpose: nil),
                                range: L.range("sync theme"), keywordRange: L.range("sync", 2)),
                PhraseStatement(.original(id: nil, body: []), range: L.range("phrase { }"), keywordRange: L.range("phrase", 2)),
            ],
            range: SourceRange(L.range("track").start, L.range("}\ndrums").start + 1))
        let beat = TrackSyntax(
            kind: .drums, id: Name("beat", L.range("beat")), displayName: nil,
            settings: [
                SettingSyntax(kind: .kit, value: .name("tr-808"), valueRange: L.range("tr-808"), range: L.range("kit tr-808")),
                SettingSyntax(kind: .volume, value: .number(90), valueRange: L.range("90"), range: L.range("volume 90")),
            ],
            phrases: [
                PhraseStatement(.original(id: Name("groove", L.range("groove")),
                                          body: [BodyElement(.note(drum("kick"), Length(duration: DurationSyntax(8, range: L.range("8", after: "kick")))),
                                                             L.range("kick8"))]),
                                range: L.range("phrase groove { kick8 }"), keywordRange: L.range("phrase", 3)),
            ],
            range: SourceRange(L.range("drums").start, L.text.utf8.count))
        XCTAssertEqual(parse(L), SongSyntax(header: [], tracks: [lead, beat]))
    }

    func testMelodyBodyElements() {
        let L = SourceLocator("""
        track t { phrase {
          o5 c#8. d~ |
          [c~ e > g]2
          {c {d e} r}4
          !mf v90 <
          bn2~8 r16 tempo 92.5
          ebb2...
        } }
        """)
        let chord = chord([
            BodyElement(.member(ChordMember(pitch("c"), tie: true, range: L.range("c", after: "["))), L.range("c", after: "[")),
            BodyElement(.member(ChordMember(pitch("e"), range: L.range("e", after: "["))), L.range("e", after: "[")),
            BodyElement(.octaveUp, L.range(">")),
            BodyElement(.member(ChordMember(pitch("g"), range: L.range("g", after: "> "))), L.range("g", after: "> ")),
        ], Length(duration: DurationSyntax(2, range: L.range("2", after: "]"))), L.range("[c~ e > g]2"))
        let tuplet = tuplet([
            BodyElement(.note(pitch("c"), Length()), L.range("c", after: "]2\n  {")),
        ] + tuplet([
            BodyElement(.note(pitch("d"), Length()), L.range("d", after: "{c {")),
            BodyElement(.note(pitch("e"), Length()), L.range("e", after: "{c {d ")),
        ], Length(), L.range("{d e}")) + [
            BodyElement(.rest(Length()), L.range("r", after: "{d e} ")),
        ], Length(duration: DurationSyntax(4, range: L.range("4", after: "r}"))), L.range("{c {d e} r}4"))
        let body: [BodyElement] = [
            BodyElement(.setOctave(5), L.range("o5")),
            BodyElement(.note(pitch("c", 1), Length(duration: DurationSyntax(8, dots: 1, range: L.range("8.")))), L.range("c#8.")),
            BodyElement(.note(pitch("d"), Length(tiesToNext: true, tieRange: L.range("~", after: "d"))), L.range("d~")),
            BodyElement(.barLine, L.range("|")),
        ] + chord + tuplet + [
            BodyElement(.velocity(80), L.range("!mf")),
            BodyElement(.velocity(90), L.range("v90")),
            BodyElement(.octaveDown, L.range("<")),
            BodyElement(.note(pitch("b", 0), Length(duration: DurationSyntax(2, range: L.range("2", after: "bn")),
                                                   inlineTies: [DurationSyntax(8, range: L.range("8", after: "bn2~"))])),
                        L.range("bn2~8")),
            BodyElement(.rest(Length(duration: DurationSyntax(16, range: L.range("16")))), L.range("r16")),
            BodyElement(.tempo(DecimalSyntax(numerator: 925, scale: 1, range: L.range("92.5"))), L.range("tempo 92.5")),
            BodyElement(.note(pitch("e", -2), Length(duration: DurationSyntax(2, dots: 3, range: L.range("2...")))), L.range("ebb2...")),
        ]
        let song = parse(L)
        XCTAssertEqual(song.tracks.count, 1)
        guard case .original(nil, let actual)? = song.tracks.first?.phrases.first?.kind else {
            return XCTFail("expected one anonymous Original phrase")
        }
        XCTAssertEqual(actual.count, body.count)
        for (index, (got, want)) in zip(actual, body).enumerated() {
            XCTAssertEqual(got, want, "element \(index)")
        }
        XCTAssertEqual(song, SongSyntax(tracks: [TrackSyntax(
            kind: .melody, id: Name("t", L.range("t", after: "track ")),
            phrases: [PhraseStatement(.original(id: nil, body: body), range: L.range(from: "phrase", to: "\n}"), keywordRange: L.range("phrase"))],
            range: SourceRange(0, L.text.utf8.count))]))
    }

    func testTiesInlineTiesAndTiedChords() {
        let L = SourceLocator("track t { phrase { c2~8~ c [c e]2~ [c e]~8 {c~ d}4 d } }")
        let body: [BodyElement] = [
            BodyElement(.note(pitch("c"), Length(duration: DurationSyntax(2, range: L.range("2", after: "{ c")),
                                                 inlineTies: [DurationSyntax(8, range: L.range("8", after: "c2~"))],
                                                 tiesToNext: true, tieRange: L.range("~", 2))), L.range("c2~8~")),
            BodyElement(.note(pitch("c"), Length()), L.range("c", after: "c2~8~ ")),
        ] + chord([
            BodyElement(.member(ChordMember(pitch("c"), range: L.range("c", after: "["))), L.range("c", after: "[")),
            BodyElement(.member(ChordMember(pitch("e"), range: L.range("e", after: "["))), L.range("e", after: "[")),
        ], Length(duration: DurationSyntax(2, range: L.range("2", after: "e]")), tiesToNext: true, tieRange: L.range("~", after: "e]2")),
           L.range("[c e]2~")) + chord([
            BodyElement(.member(ChordMember(pitch("c"), range: L.range("c", after: "2~ ["))), L.range("c", after: "2~ [")),
            BodyElement(.member(ChordMember(pitch("e"), range: L.range("e", after: "2~ [c "))), L.range("e", after: "2~ [c ")),
        ], Length(inlineTies: [DurationSyntax(8, range: L.range("8", after: "e]~"))]), L.range("[c e]~8")) + tuplet([
            BodyElement(.note(pitch("c"), Length(tiesToNext: true, tieRange: L.range("~", after: "{c"))), L.range("c", after: "~8 {")),
            BodyElement(.note(pitch("d"), Length()), L.range("d", after: "{c~ ")),
        ], Length(duration: DurationSyntax(4, range: L.range("4", after: "d}"))), L.range("{c~ d}4")) + [
            BodyElement(.note(pitch("d"), Length()), L.range("d", after: "}4 ")),
        ]
        let song = parse(L)
        guard case .original(_, let actual)? = song.tracks.first?.phrases.first?.kind else { return XCTFail("no phrase") }
        XCTAssertEqual(actual, body)
    }

    func testDrumBody() {
        let L = SourceLocator("drums d { phrase { kick8 hat [kick~ snare]4 {hat open-hat r}8 crash~ crash v60 !ff } }")
        let body: [BodyElement] = [
            BodyElement(.note(drum("kick"), Length(duration: DurationSyntax(8, range: L.range("8", after: "kick")))), L.range("kick8")),
            BodyElement(.note(drum("hat"), Length()), L.range("hat")),
        ] + chord([
            BodyElement(.member(ChordMember(drum("kick"), tie: true, range: L.range("kick", 2))), L.range("kick", 2)),
            BodyElement(.member(ChordMember(drum("snare"), range: L.range("snare"))), L.range("snare")),
        ], Length(duration: DurationSyntax(4, range: L.range("4", after: "snare]"))), L.range("[kick~ snare]4")) + tuplet([
            BodyElement(.note(drum("hat"), Length()), L.range("hat", 2)),
            BodyElement(.note(drum("open-hat"), Length()), L.range("open-hat")),
            BodyElement(.rest(Length()), L.range("r", after: "open-hat ")),
        ], Length(duration: DurationSyntax(8, range: L.range("8", after: "r}"))), L.range("{hat open-hat r}8")) + [
            BodyElement(.note(drum("crash"), Length(tiesToNext: true, tieRange: L.range("~", after: "crash"))), L.range("crash~")),
            BodyElement(.note(drum("crash"), Length()), L.range("crash", 2)),
            BodyElement(.velocity(60), L.range("v60")),
            BodyElement(.velocity(112), L.range("!ff")),
        ]
        let song = parse(L)
        XCTAssertEqual(song.tracks.first?.kind, .drums)
        guard case .original(_, let actual)? = song.tracks.first?.phrases.first?.kind else { return XCTFail("no phrase") }
        XCTAssertEqual(actual, body)
    }

    func testEveryDynamicMark() {
        let L = SourceLocator("track t { phrase { !ppp !pp !p !mp !mf !f !ff !fff } }")
        let body = [
            BodyElement(.velocity(16), L.range("!ppp")),
            BodyElement(.velocity(33), L.range("!pp", after: "!ppp ")),
            BodyElement(.velocity(49), L.range("!p", after: "!ppp !pp ")),
            BodyElement(.velocity(64), L.range("!mp")),
            BodyElement(.velocity(80), L.range("!mf")),
            BodyElement(.velocity(96), L.range("!f", after: "!mf ")),
            BodyElement(.velocity(112), L.range("!ff", after: "!f ")),
            BodyElement(.velocity(127), L.range("!fff")),
        ]
        guard case .original(_, let actual)? = parse(L).tracks.first?.phrases.first?.kind else { return XCTFail("no phrase") }
        XCTAssertEqual(actual, body)
    }
}
