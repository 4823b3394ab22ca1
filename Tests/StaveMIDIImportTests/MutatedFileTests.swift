import XCTest
import StaveTestSupport
@testable import StaveMIDIImport

/// 10,000 seeded mutations of valid MIDI files — truncated, bytes flipped, huge chunk lengths,
/// running status at a track's start, data bytes above 127, bytes inserted — must each either
/// fail with a `MIDIReadError` whose offset lies in the file, or import to text that compiles
/// back to the imported song. A crash or a hang fails the whole test run.
final class MutatedFileTests: XCTestCase {
    static let seeds: [String] = [
        "title \"Base\"\ntempo 100\nmeter 3/4\nkey e minor\ntrack a { instrument violin\n volume 90\n pan 30\n phrase { e4 f# g | {a b c}4 d8 e r4 | [e g b]2. } }\ndrums d { phrase { kick8 hat snare hat kick hat } }\n",
        "ppq 96\ntrack a { phrase { c16 d e f g8. a16 b4 [c e]2 } }\ntrack b { phrase { o2 c1 } }\ntempo 80 at 2\nmeter 2/4 at 2\n",
    ]

    func testTenThousandMutatedFilesNeverCrash() throws {
        let bases = try MutatedFileTests.seeds.map { try ImportRoundTrip.midi($0) }
        var random = SeededRandom(seed: 20261125)
        var rejected = 0, imported = 0
        var kinds = [Int](repeating: 0, count: 7)
        let files = TestScale.count(10_000, minimum: 500)
        for _ in 0..<files {
            var bytes = random.pick(bases)
            let kind = random.int(0...6)
            kinds[kind] += 1
            Mutator.mutate(&bytes, kind: kind, random: &random)
            do {
                let (text, compiles) = try ImportRoundTrip.importText(bytes)
                XCTAssertTrue(compiles, "a mutated file imported to text that does not compile back: \(text.prefix(300))")
                imported += 1
            } catch let error as MIDIReadError {
                if let offset = error.offset {
                    XCTAssertTrue((0...bytes.count).contains(offset), "offset \(offset) outside a file of \(bytes.count) bytes")
                }
                XCTAssertTrue(error.message.contains("expected"), error.description)
                rejected += 1
            }
        }
        print("mutated MIDI files: \(rejected) rejected with a byte offset, \(imported) imported to text that compiles back; by kind \(kinds)")
        XCTAssertEqual(rejected + imported, files)
        XCTAssertGreaterThan(rejected, files / 10, "the mutations should break many files")
        XCTAssertGreaterThan(imported, files / 20, "some mutations should still import")
        XCTAssertTrue(kinds.allSatisfy { $0 > files / 10 }, "\(kinds)")
    }
}

/// Seeded damage to a MIDI file.
enum Mutator {
    /// Offsets of the MTrk chunks' length fields.
    static func chunkLengthOffsets(_ bytes: [UInt8]) -> [Int] {
        var offsets: [Int] = []
        var index = 14
        while index + 8 <= bytes.count {
            offsets.append(index + 4)
            let length = Int(bytes[index + 4]) << 24 | Int(bytes[index + 5]) << 16 | Int(bytes[index + 6]) << 8 | Int(bytes[index + 7])
            index += 8 + length
        }
        return offsets
    }

    static func mutate(_ bytes: inout [UInt8], kind: Int, random: inout SeededRandom) {
        switch kind {
        case 0: // truncated
            bytes.removeLast(random.int(1...bytes.count))
        case 1: // bytes flipped
            for _ in 0..<random.int(1...8) { bytes[random.int(0...(bytes.count - 1))] ^= UInt8(random.int(1...255)) }
        case 2: // a huge or wrong chunk length
            if let offset = chunkLengthOffsets(bytes).randomElement(using: &random), offset + 4 <= bytes.count {
                let value = random.chance(50) ? UInt32.max - UInt32(random.int(0...1000)) : UInt32(random.int(0...100_000))
                for shift in 0..<4 { bytes[offset + shift] = UInt8((value >> (24 - 8 * UInt32(shift))) & 0xFF) }
            }
        case 3: // running status at a track's start: the first event's status byte removed
            if let offset = chunkLengthOffsets(bytes).randomElement(using: &random), offset + 5 < bytes.count {
                bytes.remove(at: offset + 5)
            }
        case 4: // a data byte above 127
            let candidates = bytes.indices.filter { $0 > 22 && bytes[$0] < 0x80 && bytes[$0 - 1] >= 0x80 && bytes[$0 - 1] < 0xF0 }
            if let index = candidates.randomElement(using: &random), index + 1 < bytes.count { bytes[index + 1] = UInt8(random.int(0x80...0xFF)) }
        case 5: // random bytes inserted
            let at = random.int(0...bytes.count)
            bytes.insert(contentsOf: (0..<random.int(1...6)).map { _ in UInt8(random.int(0...255)) }, at: at)
        default: // a changed header: format, track count or division
            let index = random.int(8...13)
            bytes[index] = UInt8(random.int(0...255))
        }
    }
}
