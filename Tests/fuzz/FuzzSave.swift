// libFuzzer target "save": bytes as a save file (JSON) through the strict decoder, migrations
// and validator to a Composition song, as `stave print` does (Sources/stave/PrintCommand.swift).
// A song that loads must also survive what `stave print` and the save backend do with it: its
// printed Stave text compiles back to the same song, and saving it again loads the same song.
import StaveComposition
import StaveDomain
import StavePrinter
import StaveSyntax

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSave(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    let song: Song
    do {
        song = try SongDecoder.decodeSong(bytes)
    } catch {
        if error.problems.isEmpty { fatalError("a rejected save file without a problem") }
        for problem in error.problems where problem.message.isEmpty { fatalError("an empty problem at \(problem.path)") }
        return 0
    }
    let text = StavePrinter().print(song)
    let (recompiled, diagnostics) = Lowering.compile(Source(path: "fuzz.stave", text: text), defaultTitle: song.title)
    if diagnostics.hasErrors || recompiled != song {
        fatalError("the printed text does not compile back to the same song:\n\(text)\n\(diagnostics.map(\.message))")
    }
    do {
        let saved = try SongEncoder.encode(song)
        let reloaded = try SongDecoder.decodeSong(saved)
        if reloaded != song { fatalError("saving and loading again changes the song") }
    } catch {
        fatalError("a loaded song cannot be saved and loaded again: \(error)")
    }
    return 0
}
