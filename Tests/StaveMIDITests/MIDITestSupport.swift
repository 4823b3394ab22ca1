import XCTest
import StaveSyntax
import StaveComposition
import StaveMIDI

/// The package root, found from this file's path.
let packageRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

/// Compiles Stave text to MIDI bytes, failing the test on any error diagnostic.
func midi(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8] {
    let (song, diagnostics) = Lowering.compile(Source(path: "test.stave", text: text), defaultTitle: "test")
    let errors = diagnostics.filter { $0.severity == .error }
    XCTAssertTrue(errors.isEmpty, "unexpected errors: \(errors.map(\.message))", file: file, line: line)
    return try MIDIFileWriter().render(song)
}

/// Compiles and dumps: the note list (track, channel, start, duration, pitch, velocity).
func notes(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [[Int]] {
    try MIDIDump(midi(text, file: file, line: line)).notes
}

func readFile(_ path: String) -> String? {
    guard let handle = fopen(path, "rb") else { return nil }
    defer { fclose(handle) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, handle)
        if count <= 0 { break }
        bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

func writeFile(_ path: String, _ text: String) {
    guard let handle = fopen(path, "wb") else { return }
    _ = Array(text.utf8).withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, handle) }
    fclose(handle)
}

func listDirectory(_ path: String, suffix: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name.hasSuffix(suffix) { names.append(name) }
    }
    return names.sorted()
}
