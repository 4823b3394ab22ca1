// libFuzzer target "frontend": bytes as a .stave file through the lexer, parser, lowering and
// checker, exactly as `stave check` does (Sources/stave/Frontend.swift), then both diagnostic
// renderers. Beyond "no trap, no hang", every diagnostic must point inside the source, the
// lossless tree must print the input back byte for byte, and a song without errors must
// format (as `stave fmt` does) to text that says the same and is a fixed point.
import StaveComposition
import StaveFormatter
import StaveSyntax

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrontend(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    let source = Source(path: "fuzz.stave", bytes: bytes)
    let (tree, syntax, parseDiagnostics) = SourceTree.parse(source)
    if tree.printed() != bytes { fatalError("the lossless tree does not print the input back") }
    let (_, lowerDiagnostics) = Lowering.lower(syntax, defaultTitle: "fuzz")
    let diagnostics = (parseDiagnostics + lowerDiagnostics).sortedByPosition()
    for diagnostic in diagnostics {
        let ranges = [diagnostic.range] + diagnostic.notes.compactMap(\.range)
        for range in ranges where range.start < 0 || range.start > range.end || range.end > bytes.count {
            fatalError("diagnostic '\(diagnostic.message)' has range \(range) outside the \(bytes.count)-byte source")
        }
        if diagnostic.message.isEmpty { fatalError("diagnostic \(diagnostic.id) has an empty message") }
    }
    _ = DiagnosticRenderer(colored: true).render(diagnostics, in: source)
    _ = DiagnosticRenderer.jsonLines(diagnostics, in: source)
    if !diagnostics.hasErrors {
        let formatted = Formatter().format(tree)
        if !FormatCheck.saysTheSame(formatted, as: tree) { fatalError("formatting changed what the song says") }
        let again = Formatter().format(SourceTree.parse(Source(path: "fuzz.stave", bytes: formatted)).tree)
        if again != formatted { fatalError("formatting is not idempotent") }
    }
    return 0
}
