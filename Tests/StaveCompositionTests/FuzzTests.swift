import Foundation
import StaveComposition
import StaveSyntax
import StaveTestSupport
import XCTest

/// Seeded fuzzing of the whole front end, in process: 10,000 random, soup, mutated and hostile
/// inputs through `Lowering.compile`. A trap ends the test run, so reaching the end means none
/// trapped. Each result must be well-formed: diagnostics inside the source with working line and
/// column, and a song without errors must satisfy the Composition's invariants.
///
/// `STAVE_FUZZ_SEED` and `STAVE_FUZZ_COUNT` override the seed and the number of inputs.
final class FuzzTests: XCTestCase {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples")

    func testTenThousandInputsNeverTrapAndStayWellFormed() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["STAVE_FUZZ_SEED"].flatMap(UInt64.init) ?? 0x5EED_57A7E
        let count = environment["STAVE_FUZZ_COUNT"].flatMap(Int.init) ?? TestScale.count(10_000, minimum: 500)
        let exampleTexts = ((try? FileManager.default.contentsOfDirectory(at: Self.examples, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "stave" }
            .sorted { $0.path < $1.path }
            .compactMap { try? String(contentsOf: $0, encoding: .utf8) }
        XCTAssertGreaterThanOrEqual(exampleTexts.count, 10, "the examples seed the mutations")
        var inputs = FuzzInputs(seed: seed, extraSeeds: exampleTexts)
        let fixed = FuzzInputs.fixed()

        let runStart = Date()
        var slowest = (seconds: 0.0, index: 0)
        var withErrors = 0
        for index in 0..<count {
            let bytes = index < fixed.count ? fixed[index] : inputs.next()
            let start = Date()
            let (song, diagnostics) = Lowering.compile(Source(path: "fuzz.stave", bytes: bytes), defaultTitle: "fuzz")
            let seconds = Date().timeIntervalSince(start)
            if seconds > slowest.seconds { slowest = (seconds, index) }
            let problems = Self.check(bytes, song, diagnostics)
            if !problems.isEmpty {
                let shown = String(decoding: bytes.prefix(600), as: UTF8.self)
                XCTFail("input \(index) (seed \(seed)): \(problems.joined(separator: "; "))\n---\n\(shown)\n---")
                break
            }
            XCTAssertLessThan(seconds, 5, "input \(index) (seed \(seed)) took \(seconds) s:\n\(String(decoding: bytes.prefix(300), as: UTF8.self))")
            if diagnostics.hasErrors { withErrors += 1 }
        }
        let total = Date().timeIntervalSince(runStart)
        XCTAssertLessThan(total, 60, "the fuzz run took \(total) s; slowest input \(slowest.index): \(slowest.seconds) s")
        // The generator must reach both outcomes, or it tests too little.
        XCTAssertGreaterThan(withErrors, count / 10)
        XCTAssertGreaterThan(count - withErrors, count / 10)
    }

    /// The known-bad hostile inputs are all rejected with at least one error.
    func testHostileInputsAreErrors() {
        for (index, bytes) in FuzzInputs.fixed().enumerated() where !bytes.isEmpty {
            let (_, diagnostics) = Lowering.compile(Source(path: "fuzz.stave", bytes: bytes), defaultTitle: "fuzz")
            let isValid = String(decoding: bytes, as: UTF8.self).hasPrefix("track t { phrase p { c1 } repeat p x10000 repeat")
            XCTAssertEqual(diagnostics.hasErrors, !isValid, "fixed input \(index): \(diagnostics.map(\.message).prefix(3))")
        }
    }

    /// Problems with one result; empty when it is well-formed.
    static func check(_ bytes: [UInt8], _ song: Song, _ diagnostics: [Diagnostic]) -> [String] {
        var problems: [String] = []
        let source = Source(path: "fuzz.stave", bytes: bytes)
        for diagnostic in diagnostics {
            let range = diagnostic.range
            if range.start < 0 || range.end > bytes.count || range.start > range.end {
                problems.append("range \(range) of '\(diagnostic.message)' is outside the source (\(bytes.count) bytes)")
            }
            let (line, column) = source.lineColumn(of: range.start)
            if line < 1 || line > source.lineStarts.count || column < 1 {
                problems.append("bad position \(line):\(column) for '\(diagnostic.message)'")
            }
            if diagnostic.message.isEmpty { problems.append("empty message for \(diagnostic.id)") }
            for note in diagnostic.notes {
                if let noteRange = note.range, noteRange.start < 0 || noteRange.end > bytes.count {
                    problems.append("note range \(noteRange) is outside the source")
                }
            }
        }
        if diagnostics.hasErrors { return problems }
        return problems + invariants(song)
    }

    /// What every error-free song must satisfy (LANGUAGE.md's ranges and limits).
    static func invariants(_ song: Song) -> [String] {
        var problems: [String] = []
        if !(24...32767).contains(song.ppq) { problems.append("ppq \(song.ppq)") }
        if song.tempos.first?.bar != 1 { problems.append("no tempo at bar 1") }
        for tempo in song.tempos where tempo.bpm < Rational(1) || tempo.bpm > Rational(1000) { problems.append("tempo \(tempo.bpm)") }
        if song.meters.first?.bar != 1 { problems.append("no meter at bar 1") }
        for meter in song.meters where !(1...64).contains(meter.numerator) || ![1, 2, 4, 8, 16, 32, 64].contains(meter.denominator) {
            problems.append("meter \(meter.numerator)/\(meter.denominator)")
        }
        let limit = MeterMap(meters: song.meters).start(ofBar: 1_000_001)
        var expanded = 0
        for track in song.tracks {
            if !(1...16).contains(track.channel) { problems.append("channel \(track.channel)") }
            if !(0...127).contains(track.program) || !(0...127).contains(track.volume) || !(0...127).contains(track.pan)
                || !(0...127).contains(track.velocity) || !(0...9).contains(track.octave) || !(-48...48).contains(track.transpose) {
                problems.append("a setting of track '\(track.id)' is out of range")
            }
            for phrase in track.phrases {
                if phrase.start.isOverflow || phrase.start < .zero || phrase.start > limit { problems.append("phrase start \(phrase.start)") }
                switch phrase.content {
                case .original(let body):
                    problems += bodyProblems(body, transpose: track.kind == .melody ? track.transpose : 0)
                    if phrase.start + body.length > limit { problems.append("phrase ends after the song limit") }
                case .repeat(let source, let count):
                    if !(1...10_000).contains(count) { problems.append("repeat count \(count)") }
                    if track.original(source) == nil { problems.append("repeat of missing '\(source)'") }
                case .sync(let trackID, let phraseID, _):
                    guard let sourceTrack = song.track(trackID), sourceTrack.original(phraseID) != nil else {
                        problems.append("sync of missing '\(trackID).\(phraseID)'")
                        continue
                    }
                    if sourceTrack.kind != track.kind { problems.append("sync across track kinds") }
                }
            }
            for placement in Performance.placements(of: track, in: song) {
                expanded += placement.count * max(1, placement.body.notes.count)
            }
        }
        // Expanding a huge but legal song is the backends' business; check the small ones.
        guard expanded <= 200_000, problems.isEmpty else { return problems }
        for track in song.tracks {
            for note in Performance.notes(of: track, in: song) {
                if !(0...127).contains(note.pitch) { problems.append("sounding pitch \(note.pitch) in track '\(track.id)'") }
                if !(note.start < note.end) { problems.append("note \(note.start)–\(note.end)") }
                if !(0...127).contains(note.velocity) { problems.append("velocity \(note.velocity)") }
            }
        }
        return problems
    }

    static func bodyProblems(_ body: PhraseBody, transpose: Int) -> [String] {
        var problems: [String] = []
        if body.length.isOverflow || body.length < .zero { problems.append("phrase length \(body.length)") }
        var previousEnd = Rational.zero
        for note in body.notes {
            if note.width <= .zero || note.position < previousEnd || note.position + note.width > body.length {
                problems.append("root note at \(note.position) width \(note.width) in a phrase of \(body.length)")
            }
            previousEnd = note.position + note.width
            if note.divisions.isEmpty { problems.append("root note without divisions") }
            func walk(_ division: TupletNote) {
                switch division {
                case .chord(let notes):
                    for chordNote in notes where !(0...127).contains(chordNote.pitch) || !(0...127).contains(chordNote.pitch + transpose)
                        || !(0...127).contains(chordNote.velocity) {
                        problems.append("chord note \(chordNote)")
                    }
                case .tuplet(let items):
                    if items.isEmpty { problems.append("empty nested tuplet") }
                    items.forEach(walk)
                }
            }
            note.divisions.forEach(walk)
        }
        for mark in body.tempos where mark.offset < .zero || mark.offset > body.length || mark.bpm < Rational(1) || mark.bpm > Rational(1000) {
            problems.append("tempo mark \(mark.bpm) at \(mark.offset)")
        }
        return problems
    }
}
