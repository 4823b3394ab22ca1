/// The members of a zip archive, as a compressed MusicXML file (`.mxl`) holds them: found
/// through the central directory, each stored or deflated (`Inflate`), read with bounds.
struct ZipArchive {
    /// A member's name, compression method, sizes and where its local header starts.
    struct Member {
        var name: String
        var method: Int
        var compressedSize: Int
        var size: Int
        var headerOffset: Int
    }

    let bytes: [UInt8]
    var members: [Member] = []

    /// True when `bytes` start as a zip archive does (`PK\3\4`).
    static func looksLikeZip(_ bytes: [UInt8]) -> Bool { bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) }

    /// Reads the central directory.
    init(_ bytes: [UInt8]) throws(MusicXMLReadError) {
        self.bytes = bytes
        // The end of central directory record: its signature within the last 64 KiB + 22 bytes.
        var end = -1
        var scan = bytes.count - 22
        while scan >= max(0, bytes.count - 22 - 65_535) {
            if read32(scan) == 0x0605_4B50 {
                end = scan
                break
            }
            scan -= 1
        }
        guard end >= 0 else { throw MusicXMLReadError("the .mxl archive has no central directory (the zip is cut off or damaged)") }
        let count = read16(end + 10)
        var entry = read32(end + 16)
        for _ in 0..<count {
            guard entry + 46 <= bytes.count, read32(entry) == 0x0201_4B50 else { throw MusicXMLReadError("the .mxl archive's central directory is damaged") }
            let nameLength = read16(entry + 28), extra = read16(entry + 30), comment = read16(entry + 32)
            guard entry + 46 + nameLength <= bytes.count else { throw MusicXMLReadError("the .mxl archive's central directory is damaged") }
            let name = String(decoding: bytes[(entry + 46)..<(entry + 46 + nameLength)], as: UTF8.self)
            members.append(Member(name: name, method: read16(entry + 10), compressedSize: read32(entry + 20), size: read32(entry + 24),
                                  headerOffset: read32(entry + 42)))
            entry += 46 + nameLength + extra + comment
        }
    }

    private func read16(_ offset: Int) -> Int {
        guard offset >= 0, offset + 2 <= bytes.count else { return 0 }
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }

    private func read32(_ offset: Int) -> Int {
        guard offset >= 0, offset + 4 <= bytes.count else { return 0 }
        return read16(offset) | read16(offset + 2) << 16
    }

    /// The contents of the member named `name` (nil when there is none), at most `limit` bytes.
    func contents(of name: String, limit: Int) throws(MusicXMLReadError) -> [UInt8]? {
        guard let member = members.first(where: { $0.name == name }) else { return nil }
        let header = member.headerOffset
        guard header + 30 <= bytes.count, read32(header) == 0x0403_4B50 else { throw MusicXMLReadError("the .mxl archive's entry '\(name)' is damaged") }
        let start = header + 30 + read16(header + 26) + read16(header + 28)
        switch member.method {
        case 0:
            guard start + member.compressedSize <= bytes.count else { throw MusicXMLReadError("the .mxl archive's entry '\(name)' is cut off") }
            guard member.compressedSize <= limit else { throw MusicXMLReadError("the .mxl archive's entry '\(name)' is larger than \(limit) bytes") }
            return Array(bytes[start..<(start + member.compressedSize)])
        case 8:
            guard start <= bytes.count else { throw MusicXMLReadError("the .mxl archive's entry '\(name)' is cut off") }
            return try Inflate.decompress(bytes, start: start, limit: limit)
        default:
            throw MusicXMLReadError("the .mxl archive's entry '\(name)' uses compression method \(member.method); expected stored (0) or deflate (8)")
        }
    }
}
