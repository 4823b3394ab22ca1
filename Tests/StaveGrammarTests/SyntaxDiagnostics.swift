import StaveComposition
import StaveSyntax

/// Which diagnostics count as lexical or syntax errors: every ID that `Parser.parse` (lexer
/// included) can report. A sentence of the grammar must produce none of them; a sentence the
/// grammar forbids must produce at least one.
///
/// `invalidKey`, `octaveInDrums`, `tieToRest`, `tieOnTuplet` and `limitExceeded` are in the list
/// because the parser reports them (the grammar forbids octave commands in drum bodies, a tie
/// after a rest and a tie after a whole tuplet). `unknownDrum` is a syntax ID in the catalog, the
/// grammar lists the drum names, and the parser reads them (`DrumNames`); `compiled(_:)` still
/// looks at the whole compiler's diagnostics, so the check holds wherever a name is read.
enum SyntaxDiagnostics {
    static let ids: Set<DiagnosticID> = [
        // Lexical
        .invalidCharacter, .unterminatedString, .unterminatedComment, .invalidEscape, .invalidUTF8,
        // Syntax
        .unexpectedToken, .expectedToken, .numberTooLarge, .invalidDuration, .durationNotAttached,
        .durationNotAllowed, .tooManyDots, .invalidPitch, .tooManyAccidentals, .unknownDrum,
        .emptyChord, .emptyTuplet, .nestingTooDeep, .invalidTie, .reservedWord, .invalidIdentifier,
        .unclosedBlock,
        // Reported by the parser although catalogued elsewhere
        .invalidKey, .octaveInDrums, .tieToRest, .tieOnTuplet, .limitExceeded,
        // Stave 2 syntax
        .misplacedMark, .duplicateMark, .conflictingMarks, .markOnRest, .markOnTuplet, .emptyGrace,
        .graceItemNotAllowed, .graceWithoutNote, .invalidPedal, .markerWithoutBar, .invalidChordSymbol,
        .unknownChordQuality, .chordSymbolOutsideChord, .chordSymbolInDrums, .duplicateChordSymbol, .lyricsInDrums,
    ]

    /// The lexical and syntax diagnostics of a text, from `Parser.parse`.
    static func of(_ text: String) -> [Diagnostic] {
        Parser.parse(Source(path: "generated.stave", text: text)).diagnostics
    }

    /// The parser's diagnostics plus the compiler's `unknownDrum` ones: everything the grammar
    /// decides. (The compiler also reports `tieToRest` for `c~ r`, a tie across notes, which is
    /// meaning, not grammar.)
    static func compiled(_ text: String) -> [Diagnostic] {
        let source = Source(path: "generated.stave", text: text)
        let parsed = Parser.parse(source).diagnostics
        guard parsed.isEmpty else { return parsed }
        return Lowering.compile(source, defaultTitle: "generated").diagnostics.filter { $0.id == .unknownDrum }
    }
}
