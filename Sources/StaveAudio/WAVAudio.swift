#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StaveComposition

/// A 16-bit PCM WAV file in memory: enough to give a synthesizer's output an exact length.
///
/// FluidSynth renders a MIDI file and then keeps going while any voice still sounds (a crash
/// cymbal rings for ten seconds), so its files end a little later each time. `fitted` cuts or
/// pads the audio to a length decided from the song, fading the cut out so it does not click.
public struct WAVAudio: Equatable, Sendable {
    /// A WAV file this type cannot read; the message is for the user.
    public struct Problem: Error, Equatable, Sendable {
        /// What is wrong, in a sentence.
        public var message: String
    }

    /// Interleaved channels per frame.
    public var channels: Int
    /// Frames per second.
    public var sampleRate: Int
    /// The samples, little-endian 16-bit, interleaved.
    public var data: [UInt8]

    /// Bytes per frame.
    public var frameBytes: Int { 2 * channels }
    /// Whole frames held.
    public var frames: Int { data.count / max(1, frameBytes) }

    /// Creates audio from its parts.
    public init(channels: Int, sampleRate: Int, data: [UInt8]) {
        self.channels = channels
        self.sampleRate = sampleRate
        self.data = data
    }

    /// Reads a RIFF/WAVE file of 16-bit PCM (plain or extensible format), skipping other chunks.
    public init(parsing bytes: [UInt8]) throws(Problem) {
        let (format, samples) = try Self.chunks(of: bytes)
        guard format.tag == 1 || format.tag == 0xFFFE, format.bits == 16 else {
            throw Problem(message: "the WAV file is not 16-bit PCM (format \(format.tag), \(format.bits) bits, \(format.channels) channels)")
        }
        self.init(channels: format.channels, sampleRate: format.rate, data: Array(bytes[samples]))
    }

    /// Reads a RIFF/WAVE file of 32-bit float samples (FluidSynth's `-O float`, full scale at
    /// ±1) and makes 16-bit PCM of it at the `loudness` asked for: each sample is scaled,
    /// rounded to the nearest step and clipped to full scale.
    public init(parsingFloat bytes: [UInt8], loudness: Loudness) throws(Problem) {
        let (format, samples) = try Self.chunks(of: bytes)
        guard format.tag == 3 || format.tag == 0xFFFE, format.bits == 32 else {
            throw Problem(message: "the WAV file is not 32-bit float (format \(format.tag), \(format.bits) bits, \(format.channels) channels)")
        }
        let count = samples.count / 4
        func sample(_ index: Int) -> Float {
            let at = samples.lowerBound + 4 * index
            return Float(bitPattern: UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24)
        }
        let scale: Double
        switch loudness {
        case .gain(let decibels):
            scale = Loudness.amplitude(decibels: decibels)
        case .normalized(let peak):
            var loudest: Float = 0
            for index in 0..<count {
                let value = abs(sample(index))
                if value.isFinite, value > loudest { loudest = value }
            }
            // Silence stays silence.
            scale = loudest > 0 ? Loudness.amplitude(decibels: peak) / Double(loudest) : 1
        }
        var data = [UInt8](repeating: 0, count: 2 * count)
        for index in 0..<count {
            let value = Double(sample(index))
            let scaled = value.isFinite ? (value * scale * 32768).rounded() : 0
            let clipped = Int16(max(-32768, min(32767, scaled)))
            let bits = UInt16(bitPattern: clipped)
            data[2 * index] = UInt8(bits & 0xFF)
            data[2 * index + 1] = UInt8(bits >> 8)
        }
        self.init(channels: format.channels, sampleRate: format.rate, data: data)
    }

    /// The format chunk's fields and the byte range of the data chunk of a RIFF/WAVE file.
    static func chunks(of bytes: [UInt8]) throws(Problem) -> (format: (tag: Int, channels: Int, rate: Int, bits: Int), samples: Range<Int>) {
        func uint32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func uint16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        guard bytes.count >= 12, Array(bytes[0..<4]) == Array("RIFF".utf8), Array(bytes[8..<12]) == Array("WAVE".utf8) else {
            throw Problem(message: "not a WAV file")
        }
        var offset = 12
        var format: (tag: Int, channels: Int, rate: Int, bits: Int)?
        var samples: Range<Int>?
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = uint32(offset + 4)
            let body = offset + 8
            // A data chunk whose size was never filled in (a stream) runs to the end of the file.
            let end = min(bytes.count, body + size)
            if id == "fmt ", end - body >= 16 {
                format = (uint16(body), uint16(body + 2), uint32(body + 4), uint16(body + 14))
            } else if id == "data" {
                samples = body..<end
            }
            guard size <= bytes.count - body else { break }
            offset = body + size + (size & 1)
        }
        guard let format, let samples else { throw Problem(message: "the WAV file has no \(format == nil ? "format" : "data") chunk") }
        guard (1...8).contains(format.channels), format.rate > 0 else {
            throw Problem(message: "the WAV file has \(format.channels) channels at \(format.rate) Hz")
        }
        return (format, samples)
    }

    /// The audio cut or padded with silence to `frames` frames; when cut, the last
    /// `fadeFrames` frames fade out linearly, so that a still-sounding note ends without a click.
    public func fitted(toFrames wanted: Int, fadeFrames: Int) -> WAVAudio {
        var result = self
        result.fit(toFrames: wanted, fadeFrames: fadeFrames)
        return result
    }

    /// `fitted(toFrames:fadeFrames:)` in place, without a copy of the samples.
    public mutating func fit(toFrames wanted: Int, fadeFrames: Int) {
        let wantedBytes = max(0, wanted) * frameBytes
        guard wantedBytes <= data.count else {
            data += [UInt8](repeating: 0, count: wantedBytes - data.count)
            return
        }
        data.removeLast(data.count - wantedBytes)
        let fade = min(max(0, fadeFrames), wanted)
        guard fade > 0 else { return }
        let channels = self.channels
        data.withUnsafeMutableBytes { raw in
            for frame in (wanted - fade)..<wanted {
                // Gain from 1 down to 0 over the fade, exact in integers.
                let remaining = wanted - frame - 1
                for channel in 0..<channels {
                    let at = (frame * channels + channel) * 2
                    let sample = Int(Int16(bitPattern: UInt16(raw[at]) | UInt16(raw[at + 1]) << 8))
                    let faded = UInt16(bitPattern: Int16(sample * remaining / fade))
                    raw[at] = UInt8(faded & 0xFF)
                    raw[at + 1] = UInt8(faded >> 8)
                }
            }
        }
    }

    /// The frames that last `seconds` at this sample rate, rounded to the nearest.
    public func frames(lasting seconds: Rational) -> Int {
        (seconds * Rational(sampleRate)).roundedHalfUp
    }

    /// The file: a canonical 44-byte header, then the samples.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(44 + data.count)
        func append32(_ value: Int) { out += [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8((value >> 24) & 0xFF)] }
        func append16(_ value: Int) { out += [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
        out += Array("RIFF".utf8)
        append32(36 + data.count)
        out += Array("WAVEfmt ".utf8)
        append32(16)
        append16(1)
        append16(channels)
        append32(sampleRate)
        append32(sampleRate * frameBytes)
        append16(frameBytes)
        append16(16)
        out += Array("data".utf8)
        append32(data.count)
        out += data
        return out
    }
}

/// How loud `stave render` makes a song: what `--gain` says.
public enum Loudness: Equatable, Sendable {
    /// Scaled so that the loudest sample peaks at this level, in dB below full scale
    /// (`--gain auto`, the default: every song as loud as it can be without clipping).
    case normalized(peakDBFS: Double)
    /// A fixed gain in dB on FluidSynth's own level (its `synth.gain` of 0.2: `--gain 0`);
    /// songs keep their loudness relative to each other, and what goes past full scale is
    /// clipped.
    case gain(dB: Double)

    /// The default: peaks at −2 dBFS.
    public static let standard = Loudness.normalized(peakDBFS: -2)
    /// The fixed gains `--gain DB` accepts, in dB.
    public static let gains: ClosedRange<Double> = -60...40

    /// The factor a level in dB multiplies samples by.
    public static func amplitude(decibels: Double) -> Double {
        pow(10, decibels / 20)
    }

    /// Reads `--gain`: `auto`, or a number of dB within `gains` (`-6`, `+3.5`); nil otherwise.
    public init?(parsing text: String) {
        if text == "auto" { self = .standard; return }
        var digits = Substring(text)
        if digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }),
              let value = Double(digits), value.isFinite, Loudness.gains.contains(value) else { return nil }
        self = .gain(dB: value)
    }
}
