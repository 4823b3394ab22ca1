import StaveSyntax

/// `stave tree SONG.stave [--reprint]`: the lossless syntax tree, for tool writers.
enum TreeCommand {
    static let help = """
    USAGE: stave tree SONG.stave [--reprint]

    Prints the lossless syntax tree that 'stave fmt' and editors work on: one line
    per node (song, header, track, setting, phrase, note, chord, ...), token and
    piece of trivia (spaces, line breaks, comments), each with its byte range and
    text. Files with errors have a tree too: what did not parse stands in
    'unparsed' and 'invalid' nodes. Use '-' to read standard input.

    OPTIONS:
      --reprint            print the file back from the tree instead (the same
                           bytes as the file, always)
      -h, --help           show this help
      --version            show the version

    Exit status: 0 success, 2 usage or I/O error (errors in the song are not
    reported here: use 'stave check').

    """

    static func run(_ words: [String]) -> Int32 {
        let arguments: Arguments, input: String
        switch Invocation(words, command: "tree", needs: "a song", valued: [], flags: ["--reprint"], help: help) {
        case .exit(let status): return status
        case .run(let parsed, let path): (arguments, input) = (parsed, path)
        }
        do {
            guard let source = try Frontend.read(path: input, memoryPerByte: MemoryBudget.perTextByteForFormat) else { return 1 }
            let tree = SourceTree.parse(source).tree
            try SystemIO.writeAtomically(arguments.flags.contains("--reprint") ? tree.printed() : Array(tree.dump().utf8), to: "-")
            return 0
        } catch {
            return CommandFailure.report(error)
        }
    }
}
