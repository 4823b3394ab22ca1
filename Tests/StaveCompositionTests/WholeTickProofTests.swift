import StaveComposition
import StaveSyntax
import XCTest

/// `Performance.soundsOnWholeTicks` lets the timing check skip performing a body. It must never
/// claim more than the performance shows: whenever it answers true, every sounding start and
/// end of the performed body is a whole tick and every note lasts at least one tick.
final class WholeTickProofTests: XCTestCase {
    /// A small seeded generator (the same bodies on every run).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        mutating func pick<T>(_ options: [T]) -> T { options[next(options.count)] }
    }

    /// A random body: notes with durations, marks and ties, rests, grace groups, tuplets.
    func randomBody(_ random: inout Generator) -> String {
        let pitches = ["c", "d", "e", "f", "g", "a", "b"]
        let durations = ["", "4", "8", "16", "2", "8.", "4.", "32", "1"]
        let marks = ["", "", "'", "_", "^"]
        var words: [String] = []
        for _ in 0..<(4 + random.next(12)) {
            switch random.next(10) {
            case 0:
                words.append("r" + random.pick(["4", "8", "16"]))
            case 1:
                let items = (0..<(3 + random.next(3))).map { _ in random.pick(pitches) + random.pick(marks) }
                let grace = random.next(3) == 0 ? "(\(random.pick(pitches)))" : ""
                words.append("{\(grace)\(items.joined(separator: " "))}\(random.pick(["4", "2", "8"]))")
            case 2:
                let pitch = random.pick(pitches)
                words.append("\(pitch)\(random.pick(["4", "8", "2"]))~ \(pitch)\(random.pick(["8", "16", "4"]))\(random.pick(marks))")
            default:
                let grace = random.next(3) == 0
                    ? "(" + (0..<(1 + random.next(3))).map { _ in random.pick(pitches) }.joined(separator: " ") + ")" : ""
                let note = random.next(4) == 0 ? "[c e g]" : random.pick(pitches)
                words.append(grace + note + random.pick(durations) + random.pick(marks))
            }
        }
        return words.joined(separator: " ")
    }

    /// Every written time of a body (note boundaries, tuplet parts, grace offsets).
    func writtenTimes(_ body: PhraseBody) -> [Rational] {
        var times: [Rational] = [body.length]
        func divisions(_ items: [TupletNote], start: Rational, width: Rational) {
            for (index, item) in items.enumerated() {
                let at = start + width * index / items.count
                times.append(at)
                if case .tuplet(let nested) = item { divisions(nested, start: at, width: width / items.count) }
            }
        }
        for root in body.notes {
            times.append(root.position)
            times.append(root.position + root.width)
            divisions(root.divisions, start: root.position, width: root.width)
        }
        times += body.expression.graces.map(\.offset)
        return times
    }

    func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? abs(a) : gcd(b, a % b) }

    func testTheProofNeverClaimsMoreThanThePerformanceShows() {
        var random = Generator(state: 2026)
        var claims = 0, refusals = 0, bodies = 0
        for _ in 0..<400 {
            let text = randomBody(&random)
            let source = Source(path: "t.stave", text: "track t {\nphrase {\n\(text)\n}\n}\n")
            let (song, diagnostics) = Lowering.compile(source, defaultTitle: "t")
            guard !diagnostics.contains(where: { $0.severity == .error }),
                  case .original(let body)? = song.tracks.first?.phrases.first?.content else { continue }
            bodies += 1
            for ppq in [24, 96, 120, 480, 960, 100, 30] {
                let ticksPerWhole = Rational(4 * ppq)
                let ticks = writtenTimes(body).map { $0 * ticksPerWhole }
                guard ticks.allSatisfy(\.isInteger) else { continue }
                let grid = ticks.reduce(0) { gcd($0, $1.numerator) }
                guard grid > 0 else { continue }
                for legato in [100, 90, 75, 50, 33, 1] {
                    guard Performance.soundsOnWholeTicks(body, legato: legato, ppq: ppq, gridTicks: grid) else {
                        refusals += 1
                        continue
                    }
                    claims += 1
                    for note in Performance.performedBody(body, legato: legato).notes {
                        let start = note.start * ticksPerWhole, end = note.end * ticksPerWhole
                        XCTAssertTrue(start.isInteger && end.isInteger, "ppq \(ppq), legato \(legato), grid \(grid): \(text)")
                        XCTAssertGreaterThanOrEqual(end - start, Rational(1), "ppq \(ppq), legato \(legato): \(text)")
                    }
                }
            }
        }
        // Both answers must have been given many times, or the test proves nothing.
        XCTAssertGreaterThan(bodies, 200)
        XCTAssertGreaterThan(claims, 500)
        XCTAssertGreaterThan(refusals, 500)
    }

    /// Hand-worked cases: the grid, legato and a grace group decide.
    func testHandWorkedCases() {
        // Quarter notes at ppq 480: grid 480 ticks; legato 90 gives 432, whole.
        let plain = melody("c d e f |")
        XCTAssertTrue(Performance.soundsOnWholeTicks(plain, legato: 90, ppq: 480, gridTicks: 480))
        // Legato 33 of 480 ticks is 158.4: not provable.
        XCTAssertFalse(Performance.soundsOnWholeTicks(plain, legato: 33, ppq: 480, gridTicks: 480))
        // An odd grid cannot promise a whole staccato half.
        XCTAssertFalse(Performance.soundsOnWholeTicks(plain, legato: 100, ppq: 25, gridTicks: 25))
        // One grace before a quarter at ppq 480: g = min(60, 240) = 60, even, 60·90/100 = 54.
        let graced = melody("(d)c d e f |")
        XCTAssertTrue(Performance.soundsOnWholeTicks(graced, legato: 90, ppq: 480, gridTicks: 480))
        // At ppq 100 the cap 1/32 is 12.5 ticks: not whole.
        XCTAssertFalse(Performance.soundsOnWholeTicks(graced, legato: 100, ppq: 100, gridTicks: 100))
        // Three graces before a 16th at ppq 96: L = 24, L/6 = 4 (below the cap 12), even.
        let fast = melody("(d e f)c16 d16 e8 f4 g2 |", header: "ppq 96")
        XCTAssertTrue(Performance.soundsOnWholeTicks(fast, legato: 100, ppq: 96, gridTicks: 24))
        XCTAssertTrue(Performance.soundsOnWholeTicks(fast, legato: 75, ppq: 96, gridTicks: 24))
        XCTAssertFalse(Performance.soundsOnWholeTicks(fast, legato: 90, ppq: 96, gridTicks: 24)) // 4·90/100 is not whole
    }
}
