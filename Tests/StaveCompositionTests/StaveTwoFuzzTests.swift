import StaveComposition
import StaveSyntax
import StaveTestSupport
import XCTest

/// Seeded random Stave 2 bodies (marks, hairpins, grace groups, commands, chord symbols,
/// lyrics mixed with v1 elements) through the whole front end: none may trap, every result is
/// well-formed (`FuzzTests.check`), and an error-free song keeps every rule of its marks — the
/// rules the save validator applies to the stored song (`ExpressionRule.problems`) find nothing,
/// and every mark stands inside its phrase.
final class StaveTwoFuzzTests: XCTestCase {
    static let words = [
        "c", "d8", "e'", "f4^", "g_", "a8.^'", "b", "c~", "c2~8", "r", "r8", "|",
        "[c e g]", "[c~ e]", "[c^ e' g]2^", "[Am7]2", "[G7 > d]", "[C~]", "[Bb7/D]4.", "[F#m7b5]",
        "{c d e}4", "{c (d)e f}4", "{c' [d f] {e f}}2", "(d e)", "([c e] g)", "(o5 v30 d)",
        "!<", "!>", "!p", "!ff", "v20", "v127", "v0", "o5", "o9", "o0", ">", "<",
        "pedal down", "pedal up", "cc 11 90", "cc 128 1", "cc 7 127", "bend 100", "bend -200", "bend 201",
        "marker \"m\"", "tempo 90",
    ]

    static func song(_ random: inout SeededRandom) -> String {
        var body: [String] = []
        for _ in 0..<random.int(1...24) { body.append(random.pick(words)) }
        var text = "track a {\n"
        if random.chance(30) { text += "  legato \(random.int(-5...110))\n" }
        text += "  phrase x { \(body.joined(separator: " ")) }\n"
        if random.chance(40) {
            let syllables = (0..<random.int(0...12)).map { _ in random.pick(["la", "la-", "_", "*", "lo-ve"]) }
            text += "  lyrics \(random.chance(90) ? "x" : "y") \"\(syllables.joined(separator: " "))\"\n"
        }
        if random.chance(30) { text += "  repeat x\n" }
        text += "}\n"
        if random.chance(20) { text = "marker \"h\" at \(random.int(0...3))\n" + text }
        return text
    }

    func testRandomStaveTwoBodiesNeverTrapAndKeepTheirRules() {
        var random = SeededRandom(seed: 0x57A7E_2)
        var clean = 0, withErrors = 0
        let songs = TestScale.count(3_000, minimum: 300)
        for index in 0..<songs {
            let text = Self.song(&random)
            let bytes = Array(text.utf8)
            let (song, diagnostics) = Lowering.compile(Source(path: "fuzz.stave", bytes: bytes), defaultTitle: "fuzz")
            var problems = FuzzTests.check(bytes, song, diagnostics)
            if diagnostics.hasErrors {
                withErrors += 1
            } else {
                clean += 1
                problems += Self.markProblems(song)
            }
            if !problems.isEmpty {
                XCTFail("input \(index): \(problems.joined(separator: "; "))\n---\n\(text)---")
                break
            }
        }
        XCTAssertGreaterThan(clean, songs / 10)
        XCTAssertGreaterThan(withErrors, songs / 10)
    }

    static func markProblems(_ song: Song) -> [String] {
        var problems: [String] = []
        for marker in song.markers where !(1...1_000_000).contains(marker.bar) { problems.append("marker bar \(marker.bar)") }
        for track in song.tracks {
            if ExpressionRule.legato(track.legato) != nil { problems.append("legato \(track.legato)") }
            for phrase in track.phrases {
                guard case .original(let body) = phrase.content else { continue }
                let expression = body.expression
                for (_, problem) in ExpressionRule.problems(in: body, phrase: phrase.id ?? "") { problems.append(problem.message) }
                let inside = { (offset: Rational) in offset >= .zero && offset <= body.length }
                for hairpin in expression.hairpins where !(inside(hairpin.start) && inside(hairpin.end) && hairpin.start <= hairpin.end) {
                    problems.append("hairpin \(hairpin.start)–\(hairpin.end) outside the phrase")
                }
                for control in expression.controls where !inside(control.offset) { problems.append("control at \(control.offset)") }
                for marker in expression.markers where !inside(marker.offset) { problems.append("marker at \(marker.offset)") }
                // Graces and chord symbols stand on a note or chord that starts there.
                var starts: Set<String> = []
                func collect(_ division: TupletNote, at start: Rational, width: Rational) {
                    switch division {
                    case .chord(let notes):
                        if !notes.isEmpty { starts.insert(start.description) }
                        for note in notes { if let problem = ExpressionRule.marks(note.marks) { problems.append(problem.message) } }
                    case .tuplet(let items):
                        for (index, item) in items.enumerated() {
                            collect(item, at: start + width * index / items.count, width: width / items.count)
                        }
                    }
                }
                for root in body.notes { collect(.tuplet(root.divisions), at: root.position, width: root.width) }
                for grace in expression.graces where !starts.contains(grace.offset.description) { problems.append("grace at \(grace.offset) on no note") }
                for grace in expression.graces where grace.items.isEmpty || grace.items.contains(where: \.isEmpty) { problems.append("empty grace item") }
                for symbol in expression.chordSymbols where !starts.contains(symbol.offset.description) { problems.append("chord symbol at \(symbol.offset) on no chord") }
            }
        }
        return problems
    }
}
