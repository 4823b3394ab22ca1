/// A small XML writer: elements and text appended in order to one growing byte buffer, with
/// text and attribute values escaped. It checks nothing about nesting; the MusicXML writer
/// opens and closes elements in the order the schema gives.
public struct XMLWriter {
    /// The document so far, UTF-8.
    public private(set) var bytes: [UInt8] = []

    /// An empty document with room for about `capacity` bytes.
    public init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends markup as it is (a literal: never user text).
    @inline(__always)
    public mutating func raw(_ markup: StaticString) {
        markup.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends a decimal integer.
    @inline(__always)
    public mutating func integer(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            // -Int.min does not fit: write its magnitude digit by digit.
            appendDigits(value.magnitude)
        } else {
            appendDigits(UInt(value))
        }
    }

    @inline(__always)
    private mutating func appendDigits(_ value: UInt) {
        if value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// `<name>value</name>`.
    @inline(__always)
    public mutating func element(_ open: StaticString, _ value: Int, _ close: StaticString) {
        raw(open)
        integer(value)
        raw(close)
    }

    /// `<name>text</name>` with the text escaped.
    public mutating func element(_ open: StaticString, text: String, _ close: StaticString) {
        raw(open)
        self.text(text)
        raw(close)
    }

    /// Appends text escaped for element content and attribute values alike: `& < > " '` become
    /// entities, and characters XML 1.0 does not allow (control characters other than tab, line
    /// feed and carriage return; U+FFFE and U+FFFF) are left out.
    public mutating func text(_ text: String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": raw("&amp;")
            case "<": raw("&lt;")
            case ">": raw("&gt;")
            case "\"": raw("&quot;")
            case "'": raw("&apos;")
            case "\t", "\n", "\r": bytes.append(UInt8(scalar.value))
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
    }

    /// The escaped form of `text`, for tests and messages.
    public static func escaped(_ text: String) -> String {
        var writer = XMLWriter()
        writer.text(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Appends an exact decimal: the value itself when it has a finite decimal expansion of at
    /// most six places, otherwise rounded to six places (trailing zeros dropped).
    public mutating func decimal(numerator: Int, denominator: Int) {
        guard denominator > 0 else { integer(numerator); return }
        let negative = numerator < 0
        let magnitude = numerator.magnitude
        let whole = magnitude / UInt(denominator)
        var remainder = magnitude % UInt(denominator)
        // Six places, the last rounded half up.
        var places: [UInt8] = []
        for _ in 0..<6 {
            let (times, overflow) = remainder.multipliedReportingOverflow(by: 10)
            if overflow { break }
            places.append(UInt8(times / UInt(denominator)))
            remainder = times % UInt(denominator)
        }
        var wholePart = whole
        let (doubled, overflow) = remainder.multipliedReportingOverflow(by: 2)
        if !overflow, doubled >= UInt(denominator), !places.isEmpty {
            var index = places.count - 1
            while true {
                if places[index] < 9 { places[index] += 1; break }
                places[index] = 0
                if index == 0 { wholePart += 1; break }
                index -= 1
            }
        }
        while places.last == 0 { places.removeLast() }
        if negative, wholePart != 0 || !places.isEmpty { bytes.append(UInt8(ascii: "-")) }
        appendDigits(wholePart)
        if !places.isEmpty {
            bytes.append(UInt8(ascii: "."))
            for place in places { bytes.append(UInt8(ascii: "0") + place) }
        }
    }
}

extension XMLWriter {
    /// Appends one byte of markup (an ASCII letter the caller produced).
    @inline(__always)
    public mutating func append(byte: UInt8) {
        bytes.append(byte)
    }
}
