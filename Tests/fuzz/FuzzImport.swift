// libFuzzer target "import": bytes as a Standard MIDI File through `stave import`'s path
// (Sources/stave/ImportCommand.swift): the reader, the limits checked on the events, the
// importer, the printer, and the compile back — with the command's one fallback, sixty-fourths,
// when the exact layout does not compile back. A file is either refused with a clean
// `MIDIReadError` (a message that says what was expected; a byte offset, when it has one,
// inside the file) or imported to text that compiles back to the imported song, which is what
// the command writes. Anything else is the command's "internal error" and fails the run.
// A song within the limits but of more than 10,000 bars (a 2 KB file can hold one of 186,000
// bars: 2.5 s and 480 MB in a release build, past the 10 s limit under AddressSanitizer) is only
// read and checked against the limits: its cost is the importer's speed, not its correctness.
import StaveComposition
import StaveMIDIImport
import StavePrinter
import StaveSyntax

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    if let file = try? MIDIFileReader().read(bytes), let bars = try? MIDIImporter.bars(of: file), bars > 10_000 { return 0 }
    var result: MIDIImporter.Result
    do {
        result = try MIDIImporter().importSong(bytes, defaultTitle: "fuzz")
    } catch {
        if let offset = error.offset, !(0...bytes.count).contains(offset) {
            fatalError("refusal at byte \(offset) outside the \(bytes.count)-byte file: \(error.message)")
        }
        if !error.message.contains("expected") { fatalError("a refusal that says nothing of what was expected: \(error.message)") }
        return 0
    }
    func compilesBack(_ result: MIDIImporter.Result) -> (Bool, String) {
        let text = StavePrinter().print(result.song)
        let (song, diagnostics) = Lowering.compile(Source(path: "fuzz.stave", text: text), defaultTitle: result.song.title)
        let error = diagnostics.first { $0.severity == .error }?.message ?? "a different song"
        return (!diagnostics.hasErrors && song == result.song, error)
    }
    var (ok, problem) = compilesBack(result)
    if !ok, let quantized = try? MIDIImporter(grid: .division(64)).importSong(bytes, defaultTitle: "fuzz") {
        result = quantized
        (ok, problem) = compilesBack(result)
    }
    if !ok { fatalError("internal error: the imported text does not compile back to the same song: \(problem)") }
    return 0
}
