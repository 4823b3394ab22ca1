import StaveSyntax
import StaveComposition
import StaveDomain
import StavePrinter
import StaveMIDIImport
import StaveMusicXMLImport

/// `stave import SONG.mid [-o SONG.stave] [--grid auto|N] [--no-phrases]`: a Standard MIDI
/// File as readable Stave text (or a save file).
enum ImportCommand {
    static let help = """
    USAGE: stave import SONG.mid|SONG.musicxml|SONG.mxl [-o OUT] [--grid auto|N] [--no-phrases] [--diagnostics text|json] [-q]

    Reads a Standard MIDI File (format 0 or 1) and writes it as a Stave song:
    the tempo map, meters, key and title from the conductor; one track per MIDI
    track and channel (channel 10: a drum track with General MIDI drum names),
    with its instrument, volume and pan; notes as durations, chords, tuplets,
    ties and rests, and velocities as dynamics; the sustain pedal, controllers,
    pitch bends, markers and lyrics as 'pedal', 'cc', 'bend', 'marker' and
    'lyrics'. A track whose notes overlap in ways one line of chords cannot hold
    is split into voices (piano_1, piano_2).
    The text is compiled before it is written: it always compiles, and for MIDI
    that Stave wrote it gives back the same notes, programs, tempos and meters.

    Default OUT: SONG.stave (standard output when the file is read from '-').
    An OUT ending in .json is written as a save file. The output is written
    atomically; an output that is the input itself is refused.

    OPTIONS:
      -o, --output OUT     where to write ('-' for standard output)
      --grid auto|N        note times: 'auto' (default) keeps every time that
                           Stave can write exactly, quantizes a performance
                           beat by beat, and otherwise snaps to the coarsest
                           grid that explains the onsets; N snaps
                           every start and end to 1/N of a whole note (16:
                           sixteenths, 12: triplet eighths, 48: both), 1–512
      --no-phrases         one phrase per track (by default a track is cut into
                           phrases after a silent bar, a passage played again
                           exactly, bar for bar, becomes 'repeat ... xN', and
                           one an earlier phrase plays, maybe transposed, a
                           'sync ... transpose K')
    \(DiagnosticOutput.help)
      -q, --quiet          no remarks and no summary line
      -h, --help           show this help
      --version            show the version

    A file that cannot be read gives one error naming the byte offset and what
    was expected there ('SONG.mid: error: byte 22: expected ... [import-unreadable]'),
    exit status 1; so does a song beyond Stave's limits (more than 1,000,000
    bars), found from the file's events before anything is built. What Stave
    cannot keep (a key change, a later program change) is reported as a warning
    [import-loss].

    A MusicXML score (.musicxml, .xml, or compressed .mxl; also recognised by
    its content) is read as written: each part a track per voice (unpitched
    parts: drum tracks), pitches spelled as written, ties, tuplets, grace
    notes, dynamics, staccato/tenuto/accent, pedal, chord symbols, lyrics,
    rehearsal marks and words as markers, tempos, meters, the key and its
    changes; repeats, endings and jumps become the song's form (written out
    in full, with a warning, where Stave cannot write them). Errors name the
    line and column of the XML ('SONG.musicxml: error: 12:7: ...'). --grid
    and --no-phrases apply to MIDI only.

    Exit status: 0 success, 1 the file cannot be read or is beyond the limits,
    2 usage or I/O error.

    """

    static func run(_ words: [String]) -> Int32 {
        let arguments: Arguments, input: String
        switch Invocation(words, command: "import", needs: "a MIDI file", valued: ["-o", "--output", "--grid", DiagnosticOutput.optionName],
                          flags: ["-q", "--quiet", "--no-phrases"], help: help) {
        case .exit(let status): return status
        case .run(let parsed, let path): (arguments, input) = (parsed, path)
        }
        var grid = MIDIImporter.Grid.auto
        if let text = arguments.options["--grid"], text != "auto" {
            guard let division = Int(text), (1...512).contains(division) else {
                return Stave.usageError("unknown grid '\(text)': expected auto or a number of divisions of a whole note, 1–512", command: "import")
            }
            grid = .division(division)
        }
        let quiet = arguments.flags.contains("--quiet")
        let output: DiagnosticOutput
        do { output = try DiagnosticOutput(arguments, command: "import") } catch { return error.status }
        let destination = arguments.options["--output"] ?? (input == "-" ? "-" : OutputFormat.replacingExtension(of: input, with: "stave"))
        if SystemIO.isSameFile(input: input, output: destination) { return Stave.refuseOverwritingInput(input, destination) }
        let saveFile = OutputFormat.named(by: destination) == .known(.song)
        let shownPath = input == "-" ? "<stdin>" : input
        do {
            let bytes = try SystemIO.read(input)
            if MusicXMLImportStep.isMusicXML(path: input, bytes: bytes) {
                return try MusicXMLImportStep.run(bytes, input: input, shownPath: shownPath, destination: destination, saveFile: saveFile,
                                                  quiet: quiet, output: output)
            }
            var result: MIDIImporter.Result
            do {
                result = try MIDIImporter(grid: grid, findRepeats: !arguments.flags.contains("--no-phrases")).importSong(bytes, defaultTitle: Song.defaultTitle(forPath: input))
            } catch {
                output.report([FileProblem(error)], file: shownPath)
                return 1
            }
            var text = StavePrinter().print(result.song)
            // The text must compile back to the song it was printed from. When the exact layout
            // cannot be written, the notes are quantized to sixty-fourths, which always can be.
            var (recompiled, diagnostics) = Lowering.compile(Source(path: shownPath, text: text), defaultTitle: result.song.title)
            if diagnostics.hasErrors || recompiled != result.song, grid == .auto,
               let quantized = try? MIDIImporter(grid: .division(64), findRepeats: !arguments.flags.contains("--no-phrases")).importSong(bytes, defaultTitle: Song.defaultTitle(forPath: input)) {
                result = quantized
                result.remarks.append("some note times cannot be written exactly; the notes are quantized to sixty-fourths")
                text = StavePrinter().print(result.song)
                (recompiled, diagnostics) = Lowering.compile(Source(path: shownPath, text: text), defaultTitle: result.song.title)
            }
            return try finish(imported: result.song, remarks: result.remarks, text: text, recompiled: recompiled, diagnostics: diagnostics,
                              shownPath: shownPath, destination: destination, saveFile: saveFile, quiet: quiet, output: output)
        } catch {
            return CommandFailure.report(error)
        }
    }

    /// The last step of every import (MIDI and MusicXML): the printed text must compile back to
    /// the imported song; then its remarks are `import-loss` warnings, the text (or a save file)
    /// is written atomically, and a summary line follows.
    static func finish(imported song: Song, remarks: [String], text: String, recompiled: Song, diagnostics: [Diagnostic],
                       shownPath: String, destination: String, saveFile: Bool, quiet: Bool, output: DiagnosticOutput) throws -> Int32 {
        guard !diagnostics.hasErrors, recompiled == song else {
            let first = diagnostics.first { $0.severity == .error }.map { ": \($0.message)" } ?? ""
            SystemIO.printError("stave: error: internal error: the imported text of '\(shownPath)' does not compile back to the same song\(first)\n")
            return 1
        }
        output.report(remarks.map { FileProblem(severity: .warning, id: .importLoss, location: nil, message: $0) }, file: shownPath)
        let written = saveFile ? try SongDocumentBackend().render(recompiled) : Array(text.utf8)
        try SystemIO.writeAtomically(written, to: destination)
        if !quiet, output.style == .text, destination != "-" {
            SystemIO.printError(CompileCommand.summary(of: recompiled, writtenTo: destination))
        }
        return 0
    }
}
