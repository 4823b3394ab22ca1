import StaveSyntax
import StaveComposition
import StaveJSON

/// The feel in the save format (version 6, FORMAT.md "Feel"): `swing` and `humanize`, on the
/// song (the header's) and on a track (its own setting), as written. Absent means not written.
///
///     "swing": "none" | {"unit": 8} | {"unit": 16, "percent": 60}
///     "humanize": "none" | {"milliseconds": 10} | {"milliseconds": 10, "velocity": 5, "seed": 7}
extension SongEncoder {
    /// Writes `"swing"` and `"humanize"` members when set.
    static func writeFeel(swing: SwingSetting?, humanize: HumanizeSetting?, _ writer: inout JSONWriter) {
        if let swing {
            writer.key("swing", first: false)
            switch swing {
            case .straight:
                writer.string("none")
            case .swing(let value):
                writer.raw(UInt8(ascii: "{"))
                writer.inlineKey("unit", first: true)
                writer.integer(value.unit)
                if let percent = value.percent {
                    writer.inlineKey("percent", first: false)
                    writer.integer(percent)
                }
                writer.raw(UInt8(ascii: "}"))
            }
        }
        if let humanize {
            writer.key("humanize", first: false)
            switch humanize {
            case .exact:
                writer.string("none")
            case .humanize(let value):
                writer.raw(UInt8(ascii: "{"))
                writer.inlineKey("milliseconds", first: true)
                writer.integer(value.milliseconds)
                if value.velocity != 0 {
                    writer.inlineKey("velocity", first: false)
                    writer.integer(value.velocity)
                }
                if let seed = value.seed {
                    writer.inlineKey("seed", first: false)
                    writer.integer(Int(clamping: seed))
                }
                writer.raw(UInt8(ascii: "}"))
            }
        }
    }
}

extension SongDecoder {
    /// The feel members of the song or a track.
    static let feelFields = ["swing", "humanize"]

    /// Takes and reads `swing` and `humanize` from `fields`; `ok` turns false on a problem.
    mutating func feel(_ fields: inout ObjectFields, at path: JSONPath) -> (swing: SwingSetting?, humanize: HumanizeSetting?, ok: Bool) {
        var ok = true
        var swing: SwingSetting?
        var humanize: HumanizeSetting?
        if let value = fields.take("swing") {
            swing = self.swing(value, at: path.key("swing"))
            ok = ok && swing != nil
        }
        if let value = fields.take("humanize") {
            humanize = self.humanize(value, at: path.key("humanize"))
            ok = ok && humanize != nil
        }
        return (swing, humanize, ok)
    }

    mutating func swing(_ value: JSONValue, at path: JSONPath) -> SwingSetting? {
        if case .string(let text) = value {
            if text == "none" { return .straight }
            problem(.saveInvalidValue, path, "expected \"none\" or a swing such as {\"unit\": 8, \"percent\": 60}, found \(value.summary)")
            return nil
        }
        guard var fields = object(value, at: path, what: "a swing") else { return nil }
        let unit = integer(&fields, "unit", in: SongDecoder.anyInteger, expected: "8 or 16")
        var percent: Int?
        var ok = true
        if let written = fields.take("percent") {
            percent = integer(written, at: path.key("percent"), in: SongDecoder.anyInteger, expected: "a percent 50–75")
            ok = percent != nil
        }
        finish(fields, what: "a swing", known: ["unit", "percent"])
        guard let unit, ok else { return nil }
        if let message = FeelRule.swingProblem(unit: unit, percent: nil) {
            problem(.swingValue, path.key("unit"), message)
            return nil
        }
        if let message = FeelRule.swingProblem(unit: unit, percent: percent) {
            problem(.swingValue, path.key("percent"), message)
            return nil
        }
        return .swing(Swing(unit: unit, percent: percent))
    }

    mutating func humanize(_ value: JSONValue, at path: JSONPath) -> HumanizeSetting? {
        if case .string(let text) = value {
            if text == "none" { return .exact }
            problem(.saveInvalidValue, path, "expected \"none\" or a humanize such as {\"milliseconds\": 10, \"velocity\": 5}, found \(value.summary)")
            return nil
        }
        guard var fields = object(value, at: path, what: "a humanize") else { return nil }
        let milliseconds = integer(&fields, "milliseconds", in: SongDecoder.anyInteger, expected: "milliseconds 0–50")
        var velocity: Int? = 0
        var seed: Int?
        var ok = true
        if let written = fields.take("velocity") {
            velocity = integer(written, at: path.key("velocity"), in: SongDecoder.anyInteger, expected: "a velocity spread 0–30")
        }
        if let written = fields.take("seed") {
            seed = integer(written, at: path.key("seed"), in: 0...JSONValue.maximumInteger, expected: "a seed from 0")
            ok = seed != nil
        }
        finish(fields, what: "a humanize", known: ["milliseconds", "velocity", "seed"])
        guard let milliseconds, let velocity, ok else { return nil }
        if let message = FeelRule.humanizeProblem(milliseconds: milliseconds, velocity: nil) {
            problem(.humanizeValue, path.key("milliseconds"), message)
            return nil
        }
        if let message = FeelRule.humanizeProblem(milliseconds: milliseconds, velocity: velocity) {
            problem(.humanizeValue, path.key("velocity"), message)
            return nil
        }
        return .humanize(Humanize(milliseconds: milliseconds, velocity: velocity, seed: seed.map { UInt64($0) }))
    }
}
