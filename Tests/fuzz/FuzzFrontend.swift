// libFuzzer target "frontend": bytes as a .stave file through the lexer, parser, lowering and
// checker, exactly as `stave check` does (Sources/stave/Frontend.swift), then both diagnostic
// renderers. Beyond "no trap, no hang", every diagnostic must point inside the source.
import StaveComposition
import StaveSyntax

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrontend(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    let source = Source(path: "fuzz.stave", bytes: bytes)
    let (syntax, parseDiagnostics) = Parser.parse(source)
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
    return 0
}
