import StaveAudio
import StaveComposition
import XCTest

/// The WAV fitting `stave render` does to FluidSynth's output, with hand-computed samples.
final class WAVAudioTests: XCTestCase {
    /// Mono 16-bit audio of the given samples.
    func mono(_ samples: [Int16], rate: Int = 8) -> WAVAudio {
        WAVAudio(channels: 1, sampleRate: rate, data: samples.flatMap { [UInt8(UInt16(bitPattern: $0) & 0xFF), UInt8(UInt16(bitPattern: $0) >> 8)] })
    }

    func samples(_ audio: WAVAudio) -> [Int16] {
        stride(from: 0, to: audio.data.count, by: 2).map { Int16(bitPattern: UInt16(audio.data[$0]) | UInt16(audio.data[$0 + 1]) << 8) }
    }

    func testRoundTripThroughTheFileBytes() throws {
        let audio = mono([1, -2, 300, -32768, 32767])
        let bytes = audio.bytes
        XCTAssertEqual(bytes.count, 44 + 10)
        XCTAssertEqual(Array(bytes[0..<4]), Array("RIFF".utf8))
        XCTAssertEqual(try WAVAudio(parsing: bytes), audio)
    }

    func testOtherChunksAreSkipped() throws {
        var bytes = mono([7, 8]).bytes
        // A LIST chunk of odd size (padded) between fmt and data.
        let list: [UInt8] = Array("LIST".utf8) + [3, 0, 0, 0] + [1, 2, 3, 0]
        bytes.insert(contentsOf: list, at: 36)
        XCTAssertEqual(samples(try WAVAudio(parsing: bytes)), [7, 8])
    }

    func testCutFadesTheLastFramesToSilence() {
        let audio = mono([1000, 1000, 1000, 1000, 1000, 1000])
        // 4 frames kept, the last 2 faded: gains 1/2 then 0/2.
        XCTAssertEqual(samples(audio.fitted(toFrames: 4, fadeFrames: 2)), [1000, 1000, 500, 0])
        XCTAssertEqual(samples(mono([-1000, -1000]).fitted(toFrames: 2, fadeFrames: 1)), [-1000, 0])
    }

    func testShortAudioIsPaddedWithSilence() {
        XCTAssertEqual(samples(mono([5, 6]).fitted(toFrames: 4, fadeFrames: 2)), [5, 6, 0, 0])
    }

    func testStereoFramesFadeTogether() {
        let audio = WAVAudio(channels: 2, sampleRate: 8, data: [100, 0, 200, 0, 100, 0, 200, 0])
        XCTAssertEqual(audio.frames, 2)
        XCTAssertEqual(samples(audio.fitted(toFrames: 2, fadeFrames: 1)), [100, 200, 0, 0])
    }

    func testFramesOfASecondsLength() {
        XCTAssertEqual(mono([], rate: 44100).frames(lasting: Rational(5, 2)), 110_250)
    }

    func testNotAWAVFileIsAProblem() {
        XCTAssertThrowsError(try WAVAudio(parsing: Array("RIFF....AVI ".utf8)))
        var eightBit = mono([1]).bytes
        eightBit[34] = 8
        XCTAssertThrowsError(try WAVAudio(parsing: eightBit))
    }
}
