/// MusicXML text saved as UTF-16 (it starts with a byte order mark, FE FF big-endian or FF FE
/// little-endian) turned into the UTF-8 text `XMLReader` reads. Lines stay as they were, so an
/// error's line is the file's; its column counts UTF-8 bytes of the line.
enum UTF16Text {
    /// True when the bytes start with a UTF-16 byte order mark.
    static func hasByteOrderMark(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && ((bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE))
    }

    /// The code units after the byte order mark (a last odd byte left out).
    private static func units(_ bytes: [UInt8]) -> [UInt16] {
        let bigEndian = bytes[0] == 0xFE
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            let high = bigEndian ? bytes[index] : bytes[index + 1]
            let low = bigEndian ? bytes[index + 1] : bytes[index]
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        return units
    }

    /// The UTF-8 bytes of a UTF-16 text (without the byte order mark); an odd number of bytes
    /// or a lone surrogate is an error at its line.
    static func utf8(_ bytes: [UInt8]) throws(MusicXMLReadError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        let failed = transcode(units(bytes).makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) { out.append($0) }
        if failed {
            let line = out.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            let column = out.count - (out.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            throw MusicXMLReadError(line: line, column: column, message: "invalid UTF-16 (a lone surrogate); expected UTF-16 text, as its byte order mark says")
        }
        guard bytes.count % 2 == 0 else {
            throw MusicXMLReadError("the UTF-16 file ends in the middle of a character (an odd number of bytes: cut off?)")
        }
        return out
    }

    /// The first characters of a UTF-16 text as UTF-8, leniently (for recognising a score).
    static func head(_ bytes: [UInt8]) -> String {
        String(decoding: units(Array(bytes.prefix(8192))), as: UTF16.self)
    }
}
