import Foundation
import XCTest

/// Help and usage errors as people meet them: `stave help COMMAND` and `stave COMMAND --help`
/// print the same text on standard output; a usage error is one line and a pointer to the
/// command's help on standard error (exit status 2, nothing on standard output); a mistyped
/// command or option gets a did-you-mean.
final class HelpAndUsageTests: CLITestCase {
    static let commands = ["compile", "check", "roll", "print", "render", "engrave", "play", "watch", "preview", "explain", "completions", "help"]

    /// The general help shows every option of every command (issue 31: `roll --unicode` and
    /// `render --sample-rate` were missing), in the lines of its command.
    func testTheGeneralHelpListsEveryOptionOfEveryCommand() throws {
        let general = String(decoding: try run(["--help"]).out, as: UTF8.self)
        // A command's lines: its usage line and the continuation lines under it.
        var linesOf: [String: String] = [:]
        var current: String?
        for line in general.split(separator: "\n") {
            if line.hasPrefix("  stave ") {
                current = String(line.dropFirst(8).prefix { $0 != " " })
                linesOf[current!] = String(line)
            } else if line.hasPrefix("   "), let command = current {
                linesOf[command]! += String(line)
            } else {
                current = nil
            }
        }
        var checked = 0
        let all = ["compile", "check", "fmt", "tree", "lsp", "roll", "print", "render", "engrave", "play", "watch", "preview", "import", "explain", "completions", "help"]
        for command in all {
            let help = String(decoding: try run(["help", command]).out, as: UTF8.self)
            let usage = try XCTUnwrap(linesOf[command], "\(command) is in the general help")
            var inOptions = false
            for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
                if line == "OPTIONS:" { inOptions = true; continue }
                if inOptions, line.isEmpty { break }
                guard inOptions else { continue }
                // `  -o, --output OUT …` or `  --unicode …`: the option's names.
                let words = line.split(separator: " ").prefix(2).map { $0.hasSuffix(",") ? $0.dropLast() : $0 }
                guard line.hasPrefix("  -"), let long = words.first(where: { $0.hasPrefix("--") }) else { continue }
                if ["--help", "--version"].contains(long) { continue }
                let short = words.first { !$0.hasPrefix("--") && $0.hasPrefix("-") }
                XCTAssertTrue(usage.contains("[\(long)") || usage.contains("| \(long)") || short.map { usage.contains("[\($0) ") || usage.contains("[\($0)]") || usage.contains("| \($0)]") } ?? false,
                              "stave --help shows '\(command) \(long)': \(usage)")
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 40)
        XCTAssertTrue(linesOf["roll"]?.contains("[--unicode]") ?? false)
        XCTAssertTrue(linesOf["render"]?.contains("[--sample-rate RATE]") ?? false)
        XCTAssertTrue(general.contains("'stave help COMMAND' (or\n'stave COMMAND --help') says what each one does"), general)
    }

    func testHelpCommandAndHelpOptionGiveTheCommandsHelp() throws {
        for command in Self.commands {
            let byCommand = try run(["help", command])
            let byOption = try run([command, "--help"])
            let byShort = try run([command, "-h"])
            XCTAssertEqual(byCommand.status, 0, command)
            XCTAssertEqual(byOption.status, 0, command)
            XCTAssertEqual(byCommand.err, "", command)
            let text = String(decoding: byCommand.out, as: UTF8.self)
            XCTAssertTrue(text.hasPrefix("USAGE: stave \(command)"), text)
            XCTAssertEqual(byCommand.out, byOption.out, command)
            XCTAssertEqual(byCommand.out, byShort.out, command)
        }
        // Help wins over a mistake beside it.
        let mistaken = try run(["compile", "--fromat", "--help"])
        XCTAssertEqual(mistaken.status, 0)
        XCTAssertEqual(mistaken.err, "")
        XCTAssertEqual(mistaken.out, try run(["help", "compile"]).out)
        let general = try run(["help"])
        XCTAssertEqual(general.status, 0)
        XCTAssertTrue(String(decoding: general.out, as: UTF8.self).hasPrefix("stave — compile Stave scores"))
        XCTAssertEqual(try run(["--help"]).out, general.out)
        // Every command appears in the general help.
        for command in Self.commands {
            XCTAssertTrue(String(decoding: general.out, as: UTF8.self).contains("  stave \(command)"), command)
        }
        // Without any command: the general help, on standard error, as a usage error.
        let bare = try run([])
        XCTAssertEqual(bare.status, 2)
        XCTAssertEqual(bare.out, Data())
        XCTAssertEqual(Data(bare.err.utf8), general.out)
    }

    /// The exact standard error of a usage error: one line, then the pointer.
    func assertUsageError(_ arguments: [String], _ message: String, help: String, input: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try run(arguments, input: input)
        XCTAssertEqual(result.status, 2, "\(arguments)", file: file, line: line)
        XCTAssertEqual(result.out, Data(), "\(arguments)", file: file, line: line)
        XCTAssertEqual(result.err, "stave: error: \(message)\nRun '\(help)' for usage.\n", "\(arguments)", file: file, line: line)
    }

    func testAMistypedCommandSuggestsTheNearestOne() throws {
        try assertUsageError(["compil"], "unknown command 'compil'; did you mean 'compile'?", help: "stave --help")
        try assertUsageError(["chek", "x.stave"], "unknown command 'chek'; did you mean 'check'?", help: "stave --help")
        try assertUsageError(["exlpain"], "unknown command 'exlpain'; did you mean 'explain'?", help: "stave --help")
        try assertUsageError(["frobnicate"], "unknown command 'frobnicate'", help: "stave --help")
        try assertUsageError(["help", "rol"], "unknown command 'rol'; did you mean 'roll'?", help: "stave --help")
        try assertUsageError(["--verbose"], "unknown option '--verbose'", help: "stave --help")
    }

    func testUsageErrorsAreOneLineAndAPointer() throws {
        let song = try write("song.stave", good)
        try assertUsageError(["compile"], "'compile' needs a song", help: "stave compile --help")
        try assertUsageError(["compile", song, song], "'compile' takes one song", help: "stave compile --help")
        try assertUsageError(["compile", song, "--bogus"], "unknown option '--bogus'", help: "stave compile --help")
        try assertUsageError(["compile", song, "--fromat", "midi"], "unknown option '--fromat'; did you mean '--format'?", help: "stave compile --help")
        try assertUsageError(["compile", song, "--format", "wav"], "unknown format 'wav': expected midi, song, roll or musicxml", help: "stave compile --help")
        try assertUsageError(["compile", song, "-o"], "option '-o' needs a value", help: "stave compile --help")
        try assertUsageError(["compile", song, "--output="], "option '--output' needs a value, not an empty one", help: "stave compile --help")
        try assertUsageError(["compile", song, "-o", ""], "option '-o' needs a value, not an empty one", help: "stave compile --help")
        try assertUsageError(["compile", song, "--quiet=yes"], "option '--quiet' takes no value", help: "stave compile --help")
        try assertUsageError(["check"], "'check' needs at least one song", help: "stave check --help")
        try assertUsageError(["check", song, "--diagnostics", "xml"], "unknown diagnostics format 'xml': expected text or json", help: "stave check --help")
        try assertUsageError(["roll", song, "--width", "3"], "invalid --width '3': expected a number of columns from 40 to 100000", help: "stave roll --help")
        try assertUsageError(["roll"], "'roll' needs a song", help: "stave roll --help")
        try assertUsageError(["print"], "'print' needs a saved song", help: "stave print --help")
        try assertUsageError(["print", "a.json", "b.json"], "'print' takes one saved song", help: "stave print --help")
        try assertUsageError(["explain", "--all"], "unknown option '--all'", help: "stave explain --help")
        try assertUsageError(["completions"], "'completions' needs a shell: bash, zsh or fish", help: "stave completions --help")
        try assertUsageError(["completions", "bsh"], "unknown shell 'bsh': expected bash, zsh or fish; did you mean 'bash'?", help: "stave completions --help")
        try assertUsageError(["help", "compile", "check"], "'help' takes one command", help: "stave help --help")
        try assertUsageError(["preview"], "'preview' needs a song", help: "stave preview --help")
        try assertUsageError(["preview", song, "--port", "65536"], "--port takes a number from 0 to 65535, not '65536'", help: "stave preview --help")
        try assertUsageError(["preview", "-"], "'preview' watches a song file, not standard input", help: "stave preview --help")
    }

    func testEveryCommandsHelpListsItsOptions() throws {
        let expected: [String: [String]] = [
            "compile": ["-o, --output", "--format", "-q, --quiet", "-h, --help", "--version"],
            "check": ["--diagnostics", "-q, --quiet", "-h, --help", "--version"],
            "roll": ["--step", "--bars", "--track", "--width", "--unicode", "-q, --quiet", "-h, --help", "--version"],
            "print": ["-o, --output", "-h, --help", "--version"],
            "completions": ["-h, --help", "--version"],
            "preview": ["--port", "--open", "--soundfont", "-q, --quiet", "-h, --help", "--version"],
        ]
        for (command, options) in expected {
            let text = String(decoding: try run(["help", command]).out, as: UTF8.self)
            for option in options { XCTAssertTrue(text.contains("  \(option)"), "\(command) help lists \(option)") }
            XCTAssertTrue(text.contains("Exit status:"), command)
        }
    }
}
