// libFuzzer target "fmt": bytes as a .stave file; a song without errors is formatted as
// `stave fmt` does, at the standard line width and at widths of 16 and 40 columns (so that
// short inputs reach the line breaker's every case: lines broken after bar lines, bars wider than
// the line, continuation lines). At each width the formatted text must say the same (the same
// tokens in the same order, parsing without errors: `FormatCheck`) and be a fixed point:
// fmt(fmt(x)) == fmt(x). The `frontend` target checks the standard width too, among much else;
// this one runs only the formatter's path, so it tries many more inputs a second.
import StaveComposition
import StaveFormatter
import StaveSyntax

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormat(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    let (tree, syntax, parseDiagnostics) = SourceTree.parse(Source(path: "fuzz.stave", bytes: bytes))
    guard !parseDiagnostics.hasErrors else { return 0 }
    let (_, lowerDiagnostics) = Lowering.lower(syntax, defaultTitle: "fuzz")
    guard !lowerDiagnostics.hasErrors else { return 0 }
    for width in [Formatter.standardLineWidth, 40, 16] {
        let formatter = Formatter(lineWidth: width)
        let formatted = formatter.format(tree)
        if !FormatCheck.saysTheSame(formatted, as: tree) { fatalError("formatting at width \(width) changed what the song says") }
        let again = formatter.format(SourceTree.parse(Source(path: "fuzz.stave", bytes: formatted)).tree)
        if again != formatted { fatalError("formatting at width \(width) is not idempotent") }
    }
    return 0
}
