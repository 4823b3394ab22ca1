import StaveComposition
import StaveSyntax
import XCTest

/// Stave 2 syntax built by hand (so that lowering is tested on its own, whatever the parser
/// does): each body element stands at bytes 10·i ..< 10·i + 1, i its index, so a test names
/// the element a diagnostic points at by its index (`at(i)`).
enum V2 {
    /// Where body element `index` stands.
    static func at(_ index: Int) -> SourceRange { SourceRange(index * 10, index * 10 + 1) }

    static func pitch(_ letter: Character, _ accidental: Int? = nil) -> Sound { .pitch(PitchSpelling(letter: letter, accidental: accidental)) }

    static func length(_ duration: Int? = nil, dots: Int = 0, marks: NoteMarks = [], tie: Bool = false) -> Length {
        Length(duration: duration.map { DurationSyntax($0, dots: dots, range: SourceRange(0, 1)) }, tiesToNext: tie, marks: marks)
    }

    static func note(_ letter: Character, _ duration: Int? = nil, _ accidental: Int? = nil, dots: Int = 0, marks: NoteMarks = [], tie: Bool = false) -> BodyElement.Kind {
        .note(pitch(letter, accidental), length(duration, dots: dots, marks: marks, tie: tie))
    }

    static func drum(_ key: UInt8, _ duration: Int? = nil) -> BodyElement.Kind { .note(.drum(key), length(duration)) }

    static func rest(_ duration: Int? = nil) -> BodyElement.Kind { .rest(length(duration)) }

    /// A chord of the next `items` elements.
    static func chord(_ items: Int, _ duration: Int? = nil, dots: Int = 0, marks: NoteMarks = [], tie: Bool = false) -> BodyElement.Kind {
        .chord(length(duration, dots: dots, marks: marks, tie: tie), items: UInt32(items))
    }

    static func member(_ letter: Character, _ accidental: Int? = nil, marks: NoteMarks = [], tie: Bool = false) -> BodyElement.Kind {
        .member(ChordMember(pitch(letter, accidental), tie: tie, marks: marks, range: SourceRange(0, 0)))
    }

    static func symbol(_ text: String, marks: NoteMarks = [], tie: Bool = false) -> BodyElement.Kind {
        .member(ChordMember(.chordSymbol(chordSymbol(text)), tie: tie, marks: marks, range: SourceRange(0, 0)))
    }

    static func chordSymbol(_ text: String) -> ChordSymbol {
        guard case .success(let symbol) = ChordSymbol.parse(text) else {
            XCTFail("not a chord symbol: \(text)")
            return ChordSymbol(root: ChordSymbol.Note(letterByte: UInt8(ascii: "C"), accidental: 0), quality: .major)
        }
        return symbol
    }

    /// A tuplet of the next `items` elements (with everything inside them).
    static func tuplet(_ items: Int, _ duration: Int? = nil) -> BodyElement.Kind { .tuplet(length(duration), items: UInt32(items)) }

    /// A grace group of the next `items` elements.
    static func grace(_ items: Int) -> BodyElement.Kind { .grace(items: UInt32(items)) }

    /// Elements at their places; a chord member also gets its element's range.
    static func body(_ kinds: [BodyElement.Kind]) -> [BodyElement] {
        kinds.enumerated().map { index, kind in
            if case .member(var member) = kind {
                member.range = at(index)
                return BodyElement(.member(member), at(index))
            }
            return BodyElement(kind, at(index))
        }
    }

    static let trackRange = SourceRange(90_000, 90_010)

    static func setting(_ kind: SettingKind, _ value: Int) -> SettingSyntax {
        SettingSyntax(kind: kind, value: .number(value), valueRange: SourceRange(80_000, 80_003), range: SourceRange(79_990, 80_003))
    }

    /// `phrase ID { body }`, written at byte 70,000 (its ID at 70,010).
    static func phrase(_ id: String?, _ kinds: [BodyElement.Kind], at: Int = 70_000) -> PhraseStatement {
        PhraseStatement(.original(id: id.map { Name($0, SourceRange(at + 10, at + 10 + $0.utf8.count)) }, body: body(kinds)),
                        range: SourceRange(at, at + 5), keywordRange: SourceRange(at, at + 6))
    }

    static func track(_ id: String = "t", kind: TrackKind = .melody, settings: [SettingSyntax] = [], phrases: [PhraseStatement],
                      lyrics: [LyricsSyntax] = [], at: Int = 90_000) -> TrackSyntax {
        TrackSyntax(kind: kind, id: Name(id, SourceRange(at, at + 1)), settings: settings, phrases: phrases, lyrics: lyrics,
                    range: SourceRange(at, at + 10))
    }

    /// `lyrics PHRASE "…" …` written at `at`: the phrase name at `at + 7`, verse n at `at + 100·n`.
    static func lyrics(_ phrase: String, _ verses: [String], at: Int = 60_000) -> LyricsSyntax {
        LyricsSyntax(phrase: Name(phrase, SourceRange(at + 7, at + 7 + phrase.utf8.count)), verses: verses,
                     verseRanges: verses.indices.map { SourceRange(at + 100 * ($0 + 1), at + 100 * ($0 + 1) + 2) },
                     range: SourceRange(at, at + 6))
    }

    /// Lowers a song of the given tracks.
    static func lower(_ tracks: [TrackSyntax], header: [HeaderStatement] = [], texts: [String] = []) -> (song: Song, diagnostics: [Diagnostic]) {
        Lowering.lower(SongSyntax(header: header, tracks: tracks, texts: texts), defaultTitle: "test")
    }

    /// Lowers one melody phrase body (track `t`, phrase `p`).
    static func lower(_ kinds: [BodyElement.Kind], kind: TrackKind = .melody, settings: [SettingSyntax] = [], header: [HeaderStatement] = [],
                      texts: [String] = []) -> (song: Song, diagnostics: [Diagnostic]) {
        lower([track(kind: kind, settings: settings, phrases: [phrase("p", kinds)])], header: header, texts: texts)
    }

    /// The body of a one-phrase song that must lower without diagnostics.
    static func clean(_ kinds: [BodyElement.Kind], kind: TrackKind = .melody, settings: [SettingSyntax] = [], header: [HeaderStatement] = [],
                      texts: [String] = [], file: StaticString = #filePath, line: UInt = #line) -> PhraseBody {
        let (song, diagnostics) = lower(kinds, kind: kind, settings: settings, header: header, texts: texts)
        XCTAssertEqual(diagnostics.map { "\($0.id.rawValue): \($0.message)" }, [], "unexpected diagnostics", file: file, line: line)
        return StaveCompositionTests.body(song, file: file, line: line)
    }

    /// The one diagnostic a body must give: its ID and where.
    @discardableResult
    static func oneError(_ kinds: [BodyElement.Kind], _ id: DiagnosticID, at range: SourceRange, kind: TrackKind = .melody,
                         settings: [SettingSyntax] = [], texts: [String] = [], file: StaticString = #filePath, line: UInt = #line) -> Diagnostic? {
        let (_, diagnostics) = lower(kinds, kind: kind, settings: settings, texts: texts)
        XCTAssertEqual(diagnostics.map(\.id), [id], diagnostics.map(\.message).joined(separator: "; "), file: file, line: line)
        XCTAssertEqual(diagnostics.first?.range, range, file: file, line: line)
        XCTAssertEqual(diagnostics.first?.severity, .error, file: file, line: line)
        return diagnostics.first
    }
}

/// A ChordNote with marks (velocity 100 unless given).
func n(_ pitch: Int, _ velocity: Int = 100, tie: Bool = false, marks: NoteMarks) -> ChordNote {
    ChordNote(pitch: pitch, velocity: velocity, tie: tie, marks: marks)
}
