import StaveSyntax
import StaveAudio

/// `stave completions bash|zsh|fish`: a shell completion script, generated from one table of
/// the commands and their options (`shapes`). The commands' own parsers list their options
/// separately; `CompletionsTests` holds the table to what each command's help lists.
enum CompletionsCommand {
    static let help = """
    USAGE: stave completions bash|zsh|fish

    Prints a completion script for the shell: commands, their options, the values
    of --format and --diagnostics, diagnostic IDs for 'explain', and .stave (or
    .json for 'print') files. To use it:
      bash:  source <(stave completions bash)          (e.g. in ~/.bashrc)
      zsh:   stave completions zsh > ~/.zfunc/_stave   (with ~/.zfunc in $fpath)
      fish:  stave completions fish > ~/.config/fish/completions/stave.fish

    OPTIONS:
      -h, --help      show this help
      --version       show the version

    Exit status: 0 success, 2 an unknown shell or another usage error.

    """

    static let shells = ["bash", "zsh", "fish"]

    static func run(_ words: [String]) -> Int32 {
        let arguments: Arguments
        switch ParsedWords(words, command: "completions", valued: [], help: help) {
        case .exit(let status): return status
        case .arguments(let parsed): arguments = parsed
        }
        guard arguments.positional.count == 1, let shell = arguments.positional.first else {
            return Stave.usageError(arguments.positional.isEmpty ? "'completions' needs a shell: bash, zsh or fish" : "'completions' takes one shell", command: "completions")
        }
        switch shell {
        case "bash": SystemIO.printOut(bash())
        case "zsh": SystemIO.printOut(zsh())
        case "fish": SystemIO.printOut(fish())
        default:
            return Stave.usageError("unknown shell '\(shell)': expected bash, zsh or fish" + Suggestion.hint(for: shell, among: shells), command: "completions")
        }
        return 0
    }

    // MARK: - What there is to complete

    /// What an option takes after it.
    enum Value {
        case none
        case file
        case choices([String])
        /// Something to type (a number, a range): nothing to offer.
        case free(String)
    }

    /// One option in all its spellings.
    struct Option {
        var names: [String]
        var summary: String
        var value: Value = .none
    }

    /// What a command's operands are.
    enum Operand {
        case files(extension: String)
        case words([String])
        case nothing
    }

    /// One command.
    struct Shape {
        var name: String
        var summary: String
        var options: [Option]
        var operand: Operand
    }

    static let common = [
        Option(names: ["-h", "--help"], summary: "show the help"),
        Option(names: ["--version"], summary: "show the version"),
    ]
    static let quiet = Option(names: ["-q", "--quiet"], summary: "no warnings (compile: no summary line)")
    static let output = Option(names: ["-o", "--output"], summary: "where to write", value: .file)

    static let soundfont = Option(names: ["--soundfont"], summary: "the .sf2 soundfont", value: .file)
    static let from = Option(names: ["--from"], summary: "start at bar BAR (a number or a marker)", value: .free("BAR"))
    static let to = Option(names: ["--to"], summary: "stop at the start of bar BAR (a number or a marker)", value: .free("BAR"))
    static let diagnostics = Option(names: ["--diagnostics"], summary: "problems as text or JSON Lines", value: .choices(["text", "json"]))
    static let swing = Option(names: ["--swing"], summary: "swing instead of the header's: 8, 8:P, 16, 16:P or none", value: .choices(["8", "16", "8:60", "none"]))
    static let humanize = Option(names: ["--humanize"], summary: "humanize instead of the header's: T[:V] or none", value: .choices(["10", "10:5", "none"]))
    static let driver = Option(names: ["--driver"], summary: "FluidSynth's audio driver", value: .choices(FluidSynthCommand.drivers))

    /// Every command with its options, in the order the general help lists them.
    static let shapes: [Shape] = [
        Shape(name: "compile", summary: "compile a song to MIDI, a save file, a piano roll or MusicXML",
              options: [output, Option(names: ["--format"], summary: "output format", value: .choices(["midi", "song", "roll", "musicxml"])),
                        Option(names: ["--pretty"], summary: "save files: indented JSON"), soundfont,
                        Option(names: ["--transpose"], summary: "semitones added to the song's transpose", value: .free("N")), swing, humanize, diagnostics, quiet],
              operand: .files(extension: "stave")),
        Shape(name: "check", summary: "check songs and print their diagnostics",
              options: [diagnostics, quiet],
              operand: .files(extension: "stave")),
        Shape(name: "fmt", summary: "lay songs out in the canonical layout",
              options: [Option(names: ["-w", "--write"], summary: "rewrite the files in place"),
                        Option(names: ["--check"], summary: "list the files that are not formatted"), quiet],
              operand: .files(extension: "stave")),
        Shape(name: "tree", summary: "print the lossless syntax tree",
              options: [Option(names: ["--reprint"], summary: "print the file back from the tree")],
              operand: .files(extension: "stave")),
        Shape(name: "lsp", summary: "run the language server on standard input and output", options: [], operand: .nothing),
        Shape(name: "roll", summary: "draw a song as a piano roll",
              options: [Option(names: ["--step"], summary: "one column per N-th note", value: .free("N")),
                        Option(names: ["--bars"], summary: "bars A to B", value: .free("A-B")), from, to,
                        Option(names: ["--track"], summary: "only these tracks", value: .free("ID")),
                        Option(names: ["--width"], summary: "maximum line length", value: .free("COLS")),
                        Option(names: ["--unicode"], summary: "box-drawing characters"), quiet],
              operand: .files(extension: "stave")),
        Shape(name: "print", summary: "print a saved song back as Stave text", options: [output, diagnostics, quiet], operand: .files(extension: "json")),
        Shape(name: "render", summary: "render a song to a WAV file with FluidSynth",
              options: [output, soundfont, Option(names: ["--sample-rate"], summary: "samples per second", value: .free("RATE")),
                        Option(names: ["--gain"], summary: "loudness: auto (peaks at -2 dBFS) or dB", value: .choices(["auto", "0", "-6", "+6"])), from, to, swing, humanize, quiet],
              operand: .files(extension: "stave")),
        Shape(name: "engrave", summary: "engrave a song as sheet music (PDF, SVG, PNG)",
              options: [output, Option(names: ["--engraver"], summary: "the engraving program", value: .choices(["musescore", "lilypond"])),
                        Option(names: ["--time-limit"], summary: "stop the engraver after this many seconds", value: .free("SECONDS")), quiet],
              operand: .files(extension: "stave")),
        Shape(name: "play", summary: "play a song with FluidSynth",
              options: [from, to, soundfont, driver, swing, humanize, quiet],
              operand: .files(extension: "stave")),
        Shape(name: "watch", summary: "recompile (and replay) a song on every save",
              options: [output, Option(names: ["--play"], summary: "play every good version"), from, to, soundfont, driver, quiet],
              operand: .files(extension: "stave")),
        Shape(name: "preview", summary: "a live page of a song: piano roll, errors, playback, score",
              options: [Option(names: ["--port"], summary: "the port (0: a free one)", value: .free("N")),
                        Option(names: ["--open"], summary: "open the page in the browser"), soundfont, quiet],
              operand: .files(extension: "stave")),
        Shape(name: "import", summary: "import a Standard MIDI File as Stave text",
              options: [output, Option(names: ["--grid"], summary: "note grid: auto or 1/N of a whole note", value: .choices(["auto", "4", "8", "12", "16", "24", "32", "48", "64"])),
                        Option(names: ["--no-phrases"], summary: "one phrase per track"), diagnostics, quiet],
              operand: .files(extension: "mid")),
        Shape(name: "explain", summary: "explain a diagnostic by its ID", options: [], operand: .words(DiagnosticID.allCases.map(\.rawValue))),
        Shape(name: "completions", summary: "print a shell completion script", options: [], operand: .words(shells)),
        Shape(name: "help", summary: "show a command's help", options: [], operand: .words(Stave.commands.map(\.name))),
    ]

    // MARK: - bash

    static func bash() -> String {
        var cases = ""
        for shape in shapes {
            let options = shape.options + common
            cases += "        \(shape.name))\n"
            cases += "            flags=\"\(options.flatMap(\.names).joined(separator: " "))\"\n"
            switch shape.operand {
            case .files(let ext): cases += "            ext=\"\(ext)\"\n"
            case .words(let words): cases += "            words=\"\(words.joined(separator: " "))\"\n"
            case .nothing: break
            }
            var valueCases = ""
            for option in options {
                let pattern = option.names.joined(separator: "|")
                switch option.value {
                case .none: continue
                case .file: valueCases += "                \(pattern)) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\")); return 0;;\n"
                case .choices(let choices): valueCases += "                \(pattern)) COMPREPLY=($(compgen -W \"\(choices.joined(separator: " "))\" -- \"$cur\")); return 0;;\n"
                case .free: valueCases += "                \(pattern)) COMPREPLY=(); return 0;;\n"
                }
            }
            if !valueCases.isEmpty { cases += "            case \"$prev\" in\n\(valueCases)            esac\n" }
            cases += "            ;;\n"
        }
        return """
        # bash completion for stave; load it with: source <(stave completions bash)
        _stave() {
            local cur prev flags="" words="" ext=""
            cur="${COMP_WORDS[COMP_CWORD]}"
            prev="${COMP_WORDS[COMP_CWORD-1]}"
            if [ "$COMP_CWORD" -eq 1 ]; then
                COMPREPLY=($(compgen -W "\(shapes.map(\.name).joined(separator: " ")) --help --version" -- "$cur"))
                return 0
            fi
            case "${COMP_WORDS[1]}" in
        \(cases)        *) return 0;;
            esac
            if [[ "$cur" == -* ]]; then
                COMPREPLY=($(compgen -W "$flags" -- "$cur"))
            elif [ -n "$words" ]; then
                COMPREPLY=($(compgen -W "$words" -- "$cur"))
            elif [ -n "$ext" ]; then
                compopt -o filenames 2>/dev/null
                COMPREPLY=($(compgen -f -X "!*.$ext" -- "$cur") $(compgen -d -- "$cur"))
            fi
            return 0
        }
        complete -F _stave stave

        """
    }

    /// `text` with each character in `replacements` replaced (no Foundation in the executable).
    static func escaped(_ text: String, _ replacements: [Character: String]) -> String {
        var out = ""
        for character in text { if let replacement = replacements[character] { out += replacement } else { out.append(character) } }
        return out
    }

    // MARK: - zsh

    /// Text inside a zsh single-quoted `[description]`.
    static func zshQuoted(_ text: String) -> String {
        escaped(text, ["'": "'\\''", "[": "\\[", "]": "\\]"])
    }

    static func zsh() -> String {
        var cases = ""
        for shape in shapes {
            var specs: [String] = []
            for option in shape.options + common {
                let exclusive = option.names.count > 1 ? "'(\(option.names.joined(separator: " ")))'" : ""
                let names = option.names.count > 1 ? "{\(option.names.joined(separator: ","))}" : option.names[0]
                var spec = "\(exclusive)\(names)'[\(zshQuoted(option.summary))]"
                switch option.value {
                case .none: break
                case .file: spec += ":file:_files"
                case .choices(let choices): spec += ":value:(\(choices.joined(separator: " ")))"
                case .free(let what): spec += ":\(what): "
                }
                specs.append(spec + "'")
            }
            switch shape.operand {
            case .files(let ext): specs.append("'*:file:_files -g \"*.\(ext)\"'")
            case .words(let words): specs.append("'*:word:(\(words.joined(separator: " ")))'")
            case .nothing: break
            }
            cases += "    \(shape.name))\n      _arguments -s \\\n        " + specs.joined(separator: " \\\n        ") + "\n      ;;\n"
        }
        let commands = shapes.map { "    '\($0.name):\(zshQuoted($0.summary))'" }.joined(separator: "\n")
        return """
        #compdef stave
        # zsh completion for stave; install with: stave completions zsh > ~/.zfunc/_stave
        _stave() {
          local -a commands
          commands=(
        \(commands)
          )
          if (( CURRENT == 2 )); then
            _describe -t commands 'stave command' commands
            _arguments '--help[show the help]' '--version[show the version]'
            return
          fi
          local command=${words[2]}
          shift words
          (( CURRENT-- ))
          case $command in
        \(cases)  esac
        }
        _stave "$@"

        """
    }

    // MARK: - fish

    /// Text inside a fish single-quoted string.
    static func fishQuoted(_ text: String) -> String {
        "'" + escaped(text, ["\\": "\\\\", "'": "\\'"]) + "'"
    }

    static func fish() -> String {
        var lines = [
            "# fish completion for stave; install with: stave completions fish > ~/.config/fish/completions/stave.fish",
            "complete -c stave -f",
            "complete -c stave -n __fish_use_subcommand -l help -d 'show the help'",
            "complete -c stave -n __fish_use_subcommand -l version -d 'show the version'",
        ]
        for shape in shapes {
            lines.append("complete -c stave -n __fish_use_subcommand -a \(shape.name) -d \(fishQuoted(shape.summary))")
            let condition = "-n '__fish_seen_subcommand_from \(shape.name)'"
            for option in shape.options + common {
                var line = "complete -c stave \(condition)"
                for name in option.names {
                    line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
                }
                switch option.value {
                case .none: break
                case .file: line += " -r -F"
                case .choices(let choices): line += " -x -a \(fishQuoted(choices.joined(separator: " ")))"
                case .free: line += " -x"
                }
                lines.append(line + " -d \(fishQuoted(option.summary))")
            }
            switch shape.operand {
            case .files(let ext): lines.append("complete -c stave \(condition) -k -a '(__fish_complete_suffix .\(ext))'")
            case .words(let words): lines.append("complete -c stave \(condition) -a \(fishQuoted(words.joined(separator: " ")))")
            case .nothing: break
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
