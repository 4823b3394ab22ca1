import StaveSyntax
import StaveComposition
import StaveDomain
import StavePrinter
import StaveMusicXMLImport

/// `stave import SCORE.musicxml|.mxl`: the MusicXML half of `ImportCommand`, with the same
/// conventions — the printed text is compiled back before it is written, remarks are
/// `import-loss` warnings, the output is written atomically, and a summary line follows.
enum MusicXMLImportStep {
    /// True for a file named `.musicxml`, `.xml` or `.mxl`, or whose bytes look like MusicXML
    /// (and not like a Standard MIDI File).
    static func isMusicXML(path: String, bytes: [UInt8]) -> Bool {
        if bytes.starts(with: Array("MThd".utf8)) { return false }
        let lower = path.lowercased()
        if lower.hasSuffix(".musicxml") || lower.hasSuffix(".xml") || lower.hasSuffix(".mxl") { return true }
        return MusicXMLImporter.looksLikeMusicXML(bytes)
    }

    static func run(_ bytes: [UInt8], input: String, shownPath: String, destination: String, saveFile: Bool, quiet: Bool,
                    output: DiagnosticOutput) throws -> Int32 {
        let result: MusicXMLImporter.Result
        do {
            result = try MusicXMLImporter().importSong(bytes, defaultTitle: Song.defaultTitle(forPath: input))
        } catch {
            output.report([FileProblem(severity: .error, id: .importUnreadable, location: error.location, message: error.message)], file: shownPath)
            return 1
        }
        let text = StavePrinter().print(result.song)
        let (recompiled, diagnostics) = Lowering.compile(Source(path: shownPath, text: text), defaultTitle: result.song.title)
        return try ImportCommand.finish(imported: result.song, remarks: result.remarks, text: text, recompiled: recompiled, diagnostics: diagnostics,
                                        shownPath: shownPath, destination: destination, saveFile: saveFile, quiet: quiet, output: output)
    }
}
