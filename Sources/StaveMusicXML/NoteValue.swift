/// A written note value: a MusicXML note type (1024th … breve) with up to three dots.
///
/// Lengths here are counted in `units`: 1/1024 of a whole note, the shortest MusicXML type,
/// so every plain note value is a whole number of units.
public struct NoteValue: Equatable, Sendable, CustomStringConvertible {
    /// log2 of the type's length in units: 0 is a 1024th, 8 a quarter, 10 a whole, 11 a breve.
    public var typeExponent: Int
    /// Dots, 0…3.
    public var dots: Int

    /// Units in a whole note.
    public static let unitsPerWhole = 1024
    /// The longest type written (a breve) and the most dots.
    static let longestExponent = 11
    static let mostDots = 3

    /// Creates a `NoteValue` from its parts.
    public init(typeExponent: Int, dots: Int) {
        self.typeExponent = typeExponent
        self.dots = dots
    }

    /// The MusicXML `<type>` word.
    public var typeName: StaticString {
        switch typeExponent {
        case 0: return "1024th"
        case 1: return "512th"
        case 2: return "256th"
        case 3: return "128th"
        case 4: return "64th"
        case 5: return "32nd"
        case 6: return "16th"
        case 7: return "eighth"
        case 8: return "quarter"
        case 9: return "half"
        case 10: return "whole"
        default: return "breve"
        }
    }

    /// The length in units: the type plus half of it for each dot.
    public var units: Int {
        var total = 1 << typeExponent
        for dot in 0..<dots where typeExponent - dot - 1 >= 0 { total += 1 << (typeExponent - dot - 1) }
        return total
    }

    /// `quarter.` style, for tests and messages.
    public var description: String { "\(typeName)" + String(repeating: ".", count: dots) }

    /// The largest type with up to three dots that fits in `units` (> 0), the longest first.
    @inline(__always)
    static func largest(fitting units: Int) -> NoteValue {
        let exponent = min(longestExponent, (Int.bitWidth - 1) - units.leadingZeroBitCount)
        var value = NoteValue(typeExponent: exponent, dots: 0)
        var total = 1 << exponent
        while value.dots < mostDots, exponent - value.dots - 1 >= 0, total + (1 << (exponent - value.dots - 1)) <= units {
            total += 1 << (exponent - value.dots - 1)
            value.dots += 1
        }
        return value
    }

    /// A length of `units` written as note values to be tied, the longest first (greedy:
    /// `5/8` is a half and an eighth; `3/8` a dotted quarter). Empty for a length ≤ 0.
    public static func split(units: Int) -> [NoteValue] {
        var values: [NoteValue] = []
        var rest = units
        while rest > 0 {
            let value = largest(fitting: rest)
            values.append(value)
            rest -= value.units
        }
        return values
    }

    /// The value when `units` is one plain note value (a type with up to three dots).
    public static func single(units: Int) -> NoteValue? {
        guard units > 0 else { return nil }
        let value = largest(fitting: units)
        return value.units == units ? value : nil
    }
}
