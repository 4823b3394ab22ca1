// libFuzzer target "musicxml": bytes as a MusicXML score (`.musicxml` text or a `.mxl` zip)
// through `stave import`'s MusicXML path (Sources/stave/MusicXMLImportStep.swift): the zip and
// inflate, the XML reader, the score reader, the song builder, the printer and the compile
// back. A file is either refused with a clean `MusicXMLReadError` (a message, a line and column
// inside the text when it has one) or imported to text that compiles back to the imported song.
// Anything else is the command's "internal error" and fails the run.
import StaveComposition
import StaveMusicXMLImport
import StavePrinter
import StaveSyntax

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMusicXML(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    let result: MusicXMLImporter.Result
    do {
        result = try MusicXMLImporter().importSong(bytes, defaultTitle: "fuzz")
    } catch {
        if error.message.isEmpty { fatalError("a refusal without a message") }
        if let line = error.line, line < 1 || line > bytes.count + 1 { fatalError("refusal at line \(line) of a \(bytes.count)-byte file: \(error.message)") }
        return 0
    }
    // A song of very many bars costs the printer's and compiler's speed, not the importer's correctness.
    if result.song.tracks.reduce(0, { $0 + $1.phrases.count }) > 0,
       let last = result.song.meters.last, last.bar > 20_000 { return 0 }
    let text = StavePrinter().print(result.song)
    let (song, diagnostics) = Lowering.compile(Source(path: "fuzz.stave", text: text), defaultTitle: result.song.title)
    if diagnostics.hasErrors || song != result.song {
        let problem = diagnostics.first { $0.severity == .error }?.message ?? "a different song"
        fatalError("internal error: the imported text does not compile back to the same song: \(problem)")
    }
    return 0
}
