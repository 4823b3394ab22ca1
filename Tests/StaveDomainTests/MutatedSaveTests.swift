import XCTest
import StaveSyntax
import StaveComposition
import StaveDomain
import StavePrinter
import StaveTestSupport
import StaveJSON

/// Random small edits of valid save files (a number nudged, a flag flipped, a member or an
/// element removed or repeated). Whatever the decoder accepts must be a song the front end
/// could have produced: its printed text compiles without errors back to the same song.
/// Whatever it rejects, it rejects with problems, never a crash.
final class MutatedSaveTests: XCTestCase {
    static let mutationCount = TestScale.count(2_000, minimum: 200)

    func testAcceptedMutationsAreSongsTheFrontEndCouldProduce() throws {
        var generator = RandomSongGenerator(seed: 0xBAD_5A7E)
        var random = SeededRandom(seed: 0xED17)
        var accepted = 0, rejected = 0, failures = 0
        while accepted + rejected < MutatedSaveTests.mutationCount {
            let song = generator.song()
            let json = try JSONParser.parse(try SongEncoder.encode(song))
            let mutated = MutatedSaveTests.mutate(json, &random)
            let bytes = Array(MutatedSaveTests.write(mutated).utf8)
            do {
                let decoded = try SongDecoder.decodeSong(bytes)
                accepted += 1
                let text = StavePrinter().print(decoded)
                let (compiled, diagnostics) = Lowering.compile(Source(path: "mutated.stave", text: text), defaultTitle: "untitled")
                if diagnostics.hasErrors || compiled != decoded {
                    failures += 1
                    let errors = diagnostics.filter { $0.severity == .error }.map(\.message).joined(separator: "\n")
                    XCTFail("accepted a save the front end could not produce:\n\(errors)\n\(text)\n\(MutatedSaveTests.write(mutated))")
                    if failures >= 3 { return }
                }
            } catch {
                rejected += 1
                XCTAssertFalse(error.problems.isEmpty)
            }
        }
        XCTAssertGreaterThan(rejected, MutatedSaveTests.mutationCount / 10, "most mutations should be caught")
        XCTAssertGreaterThan(accepted, MutatedSaveTests.mutationCount / 10, "some mutations keep the song valid")
    }

    /// Random bytes changed, inserted or removed in a valid file never crash the decoder.
    func testByteLevelDamageNeverCrashes() throws {
        let fixture = Fixtures.root.appendingPathComponent("Tests/Fixtures/saves/versions/v1/fixture-song.json")
        let original = try Fixtures.bytes(fixture)
        var random = SeededRandom(seed: 0xB17E)
        let alphabet = Array("{}[]\",:0123456789-.eEtrufalsn \\u\n".utf8) + [0x00, 0xFF, 0xC3, 0xE2]
        var rejected = 0
        let damaged = TestScale.count(2_000, minimum: 200)
        for _ in 0..<damaged {
            var bytes = original
            for _ in 0..<random.int(1...4) {
                let index = random.int(0...(bytes.count - 1))
                switch random.int(0...2) {
                case 0: bytes[index] = random.pick(alphabet)
                case 1: bytes.insert(random.pick(alphabet), at: index)
                default: bytes.remove(at: index)
                }
            }
            do {
                let song = try SongDecoder.decodeSong(bytes)
                _ = StavePrinter().print(song)
            } catch {
                rejected += 1
            }
        }
        XCTAssertGreaterThan(rejected, damaged / 2)
    }

    /// One random edit somewhere in the tree.
    static func mutate(_ value: JSONValue, _ random: inout SeededRandom) -> JSONValue {
        var remaining = random.int(0...(count(value) - 1))
        return edit(value, &remaining, &random)
    }

    static func count(_ value: JSONValue) -> Int {
        switch value {
        case .array(let elements): return 1 + elements.reduce(0) { $0 + count($1) }
        case .object(let members): return 1 + members.reduce(0) { $0 + count($1.value) }
        default: return 1
        }
    }

    /// Edits the node `remaining` steps into a pre-order walk.
    static func edit(_ value: JSONValue, _ remaining: inout Int, _ random: inout SeededRandom) -> JSONValue {
        if remaining == 0 { return change(value, &random) }
        remaining -= 1
        switch value {
        case .array(var elements):
            for index in elements.indices {
                let size = count(elements[index])
                if remaining < size {
                    elements[index] = edit(elements[index], &remaining, &random)
                    return .array(elements)
                }
                remaining -= size
            }
        case .object(var members):
            for index in members.indices {
                let size = count(members[index].value)
                if remaining < size {
                    members[index].value = edit(members[index].value, &remaining, &random)
                    return .object(members)
                }
                remaining -= size
            }
        default:
            break
        }
        return value
    }

    static func change(_ value: JSONValue, _ random: inout SeededRandom) -> JSONValue {
        switch value {
        case .number(let text):
            let number = Int(text) ?? 0
            let changed = random.pick([number + 1, number - 1, number * 2, number / 2, 0, -number, number + random.int(1...1000), 10, 127, 128])
            return .number("\(changed)")
        case .bool(let flag):
            return .bool(!flag)
        case .string(let text):
            return .string(random.pick(["lead", "a", "theme", "bass", "", "tempo", "x y", text + "2", "120.5", "drums", "melody", "repeat", "sync", "c#", "minor"]))
        case .array(var elements):
            guard !elements.isEmpty else { return value }
            let index = random.int(0...(elements.count - 1))
            if random.chance(50) { elements.remove(at: index) } else { elements.insert(elements[index], at: index) }
            return .array(elements)
        case .object(var members):
            guard !members.isEmpty else { return value }
            members.remove(at: random.int(0...(members.count - 1)))
            return .object(members)
        case .null:
            return value
        }
    }

    /// Compact JSON text of a value.
    static func write(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return JSONText.quoted(text)
        case .array(let elements): return "[" + elements.map(write).joined(separator: ",") + "]"
        case .object(let members): return "{" + members.map { JSONText.quoted($0.key) + ":" + write($0.value) }.joined(separator: ",") + "}"
        }
    }
}
