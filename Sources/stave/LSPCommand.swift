#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StaveLanguageServer

/// `stave lsp`: the language server on standard input and output.
enum LSPCommand {
    static let help = """
    USAGE: stave lsp

    Runs the Stave language server (Language Server Protocol 3.17) on standard
    input and output, for editors: diagnostics as you type, hover (pitch, MIDI
    number, bar and beat, length, velocity; phrase lengths and places; General MIDI
    numbers), go to definition, references and rename of track and phrase IDs,
    completion, document symbols, folding, semantic tokens, formatting and quick
    fixes. Editors start it themselves: see Editors/README.md.

    OPTIONS:
      -h, --help           show this help
      --version            show the version

    Exit status: 0 after 'shutdown' and 'exit', 1 when the input ends or 'exit'
    comes without 'shutdown'.

    """

    static func run(_ words: [String]) -> Int32 {
        switch ParsedWords(words, command: "lsp", valued: [], help: help) {
        case .exit(let status): return status
        case .arguments(let arguments):
            guard arguments.positional.isEmpty else { return Stave.usageError("'lsp' takes no operands", command: "lsp") }
        }
        signal(SIGPIPE, SIG_IGN)
        var server = LanguageServer()
        var framer = MessageFramer()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        func send(_ messages: [[UInt8]]) -> Bool {
            for message in messages where !SystemIO.writeAll(1, message) { return false }
            return true
        }
        var inputEnded = false
        while true {
            // Answer every whole message that has arrived; a stretch of input that is no
            // message gets a Parse error (id null) and a line on standard error.
            while let next = framer.next() {
                switch next {
                case .success(let message):
                    guard send(server.handle(message).map(JSONRPC.frame)) else { return 1 }
                    if case .exited(let code) = server.state { return code }
                case .failure(let problem):
                    SystemIO.printError("stave lsp: \(problem.message)\n")
                    guard send([JSONRPC.frame(problem.response)]) else { return 1 }
                }
            }
            // The input ended (and what was left in it has been read): status 1, no 'exit'.
            if inputEnded { return 1 }
            // Idle input: publish the diagnostics of what changed (a burst of edits once).
            if !inputWaiting(timeoutMilliseconds: 0) {
                guard send(server.flush().map(JSONRPC.frame)) else { return 1 }
            }
            let count = buffer.withUnsafeMutableBytes { SystemIO.readBytes(0, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                // A message cut short is given up; messages after it in its bytes still count.
                framer.finish()
                inputEnded = true
                continue
            }
            framer.append(buffer[0..<count])
        }
    }

    /// True when standard input has bytes to read within the timeout.
    static func inputWaiting(timeoutMilliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, timeoutMilliseconds) > 0
    }
}
