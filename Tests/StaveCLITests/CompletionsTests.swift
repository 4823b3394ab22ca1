import Foundation
import XCTest

/// `stave completions bash|zsh|fish`: the bash script is loaded into a real bash and asked to
/// complete; the zsh and fish scripts (those shells need not be installed) are checked as text.
final class CompletionsTests: CLITestCase {
    /// Runs `script` in `bash` inside the scratch directory, with the completion loaded and a
    /// function `t WORDS…` that prints what completing the last word offers.
    func bash(_ script: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.currentDirectoryURL = scratch
        let prelude = """
        source <('\(executable.path)' completions bash) || exit 1
        t() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _stave; printf '%s\\n' "${COMPREPLY[*]}"; }

        """
        process.arguments = ["--norc", "--noprofile", "-c", prelude + script]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return String(decoding: data, as: UTF8.self)
    }

    func testBashCompletionIsRegisteredAndCompletes() throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { throw XCTSkip("no bash") }
        XCTAssertEqual(try bash("complete -p stave"), "complete -F _stave stave\n")
        for name in ["a.stave", "b.stave", "c.json", "d.txt"] { _ = try write(name, "") }
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let offered = try bash("""
        t stave c
        t stave ""
        t stave compile ""
        t stave compile a.stave --f
        t stave compile a.stave --format ""
        t stave compile a.stave --p
        t stave compile a.stave -o c
        t stave check a.stave --diagnostics ""
        t stave print ""
        t stave explain tie-m
        t stave completions ""
        t stave help ro
        t stave roll a.stave --step ""
        t stave roll -
        """)
        XCTAssertEqual(offered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), [
            "compile check completions",
            "compile check fmt tree lsp roll print render engrave play watch preview import explain completions help --help --version",
            "a.stave b.stave sub",
            "--format",
            "midi song roll musicxml",
            "--pretty",
            "c.json",
            "text json",
            "c.json sub",
            "tie-mismatch",
            "bash zsh fish",
            "roll",
            "",
            "--step --bars --from --to --track --width --unicode -q --quiet -h --help --version",
            "",
        ])
    }

    func testZshAndFishScriptsArePrinted() throws {
        let zsh = try run(["completions", "zsh"])
        XCTAssertEqual(zsh.status, 0)
        XCTAssertEqual(zsh.err, "")
        let zshText = String(decoding: zsh.out, as: UTF8.self)
        XCTAssertTrue(zshText.hasPrefix("#compdef stave\n"), zshText)
        for part in ["'compile:compile a song", "--format'[output format]:value:(midi song roll musicxml)'", "'*:file:_files -g \"*.stave\"'", "'*:file:_files -g \"*.json\"'", "_stave \"$@\""] {
            XCTAssertTrue(zshText.contains(part), part)
        }
        let fish = try run(["completions", "fish"])
        XCTAssertEqual(fish.status, 0)
        let fishText = String(decoding: fish.out, as: UTF8.self)
        for part in ["complete -c stave -n __fish_use_subcommand -a compile", "-l format -x -a 'midi song roll musicxml'", "-s o -l output -r -F", "(__fish_complete_suffix .stave)", "(__fish_complete_suffix .json)"] {
            XCTAssertTrue(fishText.contains(part), part)
        }
        // Every command in every script.
        for command in HelpAndUsageTests.commands {
            XCTAssertTrue(zshText.contains("'\(command):"), "zsh: \(command)")
            XCTAssertTrue(fishText.contains("-a \(command) -d"), "fish: \(command)")
        }
    }

    /// The options a command's help lists under OPTIONS, in every spelling (`-o`, `--output`).
    func helpOptions(_ command: String) throws -> Set<String> {
        let help = String(decoding: try run(["help", command]).out, as: UTF8.self)
        guard let start = help.range(of: "\nOPTIONS:\n") else { return [] }
        var options: Set<String> = []
        for line in help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty { break }
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("-"), line.hasPrefix("  "), !line.hasPrefix("           ") else { continue }
            for word in trimmed.split(separator: " ").prefix(2) where word.hasPrefix("-") {
                options.insert(String(word.filter { $0 != "," }))
            }
        }
        return options
    }

    func testCompletionOffersExactlyTheOptionsEachHelpLists() throws {
        let script = String(decoding: try run(["completions", "bash"]).out, as: UTF8.self)
        let lines = script.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for command in HelpAndUsageTests.commands where command != "help" {
            guard let caseLine = lines.firstIndex(of: "\(command))"), caseLine + 1 < lines.count, lines[caseLine + 1].hasPrefix("flags=\"") else {
                XCTFail("no flags for \(command) in the bash script")
                continue
            }
            let flags = Set(lines[caseLine + 1].dropFirst(7).dropLast().split(separator: " ").map(String.init))
            XCTAssertEqual(flags, try helpOptions(command), command)
        }
    }
}
