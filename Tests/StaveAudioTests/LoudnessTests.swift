import StaveAudio
import XCTest

/// `--gain`: FluidSynth's float output made 16-bit at a loudness — normalized so the peak sits
/// at a level (the default, −2 dBFS), or a fixed gain in dB, clipped at full scale.
final class LoudnessTests: XCTestCase {
    /// A stereo 32-bit float WAV (format 3) of the given samples.
    func floatWAV(_ samples: [Float]) -> [UInt8] {
        func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        let data = samples.flatMap { le32($0.bitPattern) }
        return Array("RIFF".utf8) + le32(UInt32(36 + data.count)) + Array("WAVEfmt ".utf8) + le32(16)
            + le16(3) + le16(2) + le32(44100) + le32(44100 * 8) + le16(8) + le16(32) + Array("data".utf8) + le32(UInt32(data.count)) + data
    }

    func samples(_ audio: WAVAudio) -> [Int16] {
        stride(from: 0, to: audio.data.count, by: 2).map { Int16(bitPattern: UInt16(audio.data[$0]) | UInt16(audio.data[$0 + 1]) << 8) }
    }

    func testAFixedGainScalesAndClips() throws {
        let input = floatWAV([0.5, -0.25, 0, 1.5, -2, .nan])
        XCTAssertEqual(samples(try WAVAudio(parsingFloat: input, loudness: .gain(dB: 0))), [16384, -8192, 0, 32767, -32768, 0])
        // −6.0206 dB halves: 0.5 → 0.25, 1.5 → 0.75, −2 → −1 (full scale).
        XCTAssertEqual(samples(try WAVAudio(parsingFloat: input, loudness: .gain(dB: -6.020599913279624))), [8192, -4096, 0, 24576, -32768, 0])
    }

    func testNormalizingPutsThePeakAtTheLevel() throws {
        // The loudest sample (−2.0) lands at −6.0206 dBFS (half of full scale): everything halves twice.
        let audio = try WAVAudio(parsingFloat: floatWAV([0.5, -0.25, 0, 1.5, -2, 0]), loudness: .normalized(peakDBFS: -6.020599913279624))
        XCTAssertEqual(samples(audio), [4096, -2048, 0, 12288, -16384, 0])
        XCTAssertEqual(audio.channels, 2)
        XCTAssertEqual(audio.sampleRate, 44100)
        // The default: −2 dBFS, 0.7943 of full scale.
        XCTAssertEqual(samples(try WAVAudio(parsingFloat: floatWAV([0.1, -0.05]), loudness: .standard)), [26029, -13014])
        // Silence stays silence.
        XCTAssertEqual(samples(try WAVAudio(parsingFloat: floatWAV([0, 0]), loudness: .standard)), [0, 0])
    }

    func testA16BitFileIsNotTakenForFloat() {
        var sixteen = floatWAV([0.5, 0.5])
        sixteen[20] = 1  // format tag 1 (PCM) with 32 bits
        XCTAssertThrowsError(try WAVAudio(parsingFloat: sixteen, loudness: .standard))
    }

    func testGainSpellings() {
        XCTAssertEqual(Loudness(parsing: "auto"), .standard)
        XCTAssertEqual(Loudness(parsing: "0"), .gain(dB: 0))
        XCTAssertEqual(Loudness(parsing: "+12"), .gain(dB: 12))
        XCTAssertEqual(Loudness(parsing: "-6.5"), .gain(dB: -6.5))
        for text in ["", "loud", "+", "41", "-61", "1e3", "nan", "inf", "12dB"] {
            XCTAssertNil(Loudness(parsing: text), text)
        }
    }
}
