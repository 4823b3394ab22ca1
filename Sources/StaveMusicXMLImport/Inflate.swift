/// DEFLATE decompression (RFC 1951): stored, fixed-Huffman and dynamic-Huffman blocks, with a
/// bound on the output size, so that a compressed MusicXML (`.mxl`) score can be read with no
/// library beyond the toolchain. A stream that is cut off, malformed or too large is refused
/// with a message; it never reads or writes outside its buffers.
struct Inflate {
    private let input: [UInt8]
    private var position: Int
    private var bitBuffer: UInt64 = 0
    private var bitCount = 0
    private var output: [UInt8] = []
    private let limit: Int

    private init(_ input: [UInt8], start: Int, limit: Int) {
        self.input = input
        self.position = start
        self.limit = limit
    }

    /// The bytes a raw DEFLATE stream starting at `start` decompresses to, at most `limit`.
    static func decompress(_ input: [UInt8], start: Int = 0, limit: Int) throws(MusicXMLReadError) -> [UInt8] {
        var inflate = Inflate(input, start: start, limit: limit)
        try inflate.run()
        return inflate.output
    }

    private static func fail(_ message: String) -> MusicXMLReadError { MusicXMLReadError("the compressed score cannot be read: \(message)") }

    private mutating func need(_ count: Int) throws(MusicXMLReadError) {
        while bitCount < count {
            guard position < input.count else { throw Inflate.fail("the compressed data is cut off") }
            bitBuffer |= UInt64(input[position]) << UInt64(bitCount)
            position += 1
            bitCount += 8
        }
    }

    private mutating func bits(_ count: Int) throws(MusicXMLReadError) -> Int {
        guard count > 0 else { return 0 }
        try need(count)
        let value = Int(bitBuffer & ((1 << UInt64(count)) - 1))
        bitBuffer >>= UInt64(count)
        bitCount -= count
        return value
    }

    /// A canonical Huffman code: counts of codes per length and the symbols in code order.
    private struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: [Int]) throws(MusicXMLReadError) {
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var left = 1
            for length in 1...15 {
                left <<= 1
                left -= counts[length]
                if left < 0 { throw Inflate.fail("a Huffman code is over-subscribed") }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
    }

    private mutating func decode(_ huffman: Huffman) throws(MusicXMLReadError) -> Int {
        var code = 0, first = 0, index = 0
        for length in 1...15 {
            code |= try bits(1)
            let count = huffman.counts[length]
            if code - count < first { return huffman.symbols[index + (code - first)] }
            index += count
            first += count
            first <<= 1
            code <<= 1
        }
        throw Inflate.fail("a code that no Huffman table holds")
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                                       4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    private mutating func run() throws(MusicXMLReadError) {
        var last = false
        while !last {
            last = try bits(1) == 1
            switch try bits(2) {
            case 0: try stored()
            case 1:
                var lengths = [Int](repeating: 8, count: 288)
                for symbol in 144..<256 { lengths[symbol] = 9 }
                for symbol in 256..<280 { lengths[symbol] = 7 }
                try codes(literals: try Huffman(lengths: lengths), distances: try Huffman(lengths: [Int](repeating: 5, count: 30)))
            case 2: try dynamic()
            default: throw Inflate.fail("a block of the reserved type 3")
            }
        }
    }

    private mutating func stored() throws(MusicXMLReadError) {
        bitBuffer = 0
        bitCount = 0
        guard position + 4 <= input.count else { throw Inflate.fail("the compressed data is cut off") }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length == ~complement & 0xFFFF else { throw Inflate.fail("a stored block's length does not match its check") }
        position += 4
        guard position + length <= input.count else { throw Inflate.fail("the compressed data is cut off") }
        guard output.count + length <= limit else { throw Inflate.fail("it expands beyond \(limit) bytes") }
        output += input[position..<(position + length)]
        position += length
    }

    private mutating func dynamic() throws(MusicXMLReadError) {
        let literalCount = try bits(5) + 257
        let distanceCount = try bits(5) + 1
        let codeCount = try bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw Inflate.fail("a block with too many codes") }
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeCount { codeLengths[order[index]] = try bits(3) }
        let lengthCode = try Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try decode(lengthCode)
            switch symbol {
            case 0...15: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw Inflate.fail("a repeat with no length before it") }
                lengths += [Int](repeating: previous, count: 3 + (try bits(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw Inflate.fail("code lengths run past their count") }
        guard lengths[256] != 0 else { throw Inflate.fail("a block with no end code") }
        try codes(literals: try Huffman(lengths: Array(lengths[0..<literalCount])),
                  distances: try Huffman(lengths: Array(lengths[literalCount...])))
    }

    private mutating func codes(literals: Huffman, distances: Huffman) throws(MusicXMLReadError) {
        while true {
            let symbol = try decode(literals)
            if symbol < 256 {
                guard output.count < limit else { throw Inflate.fail("it expands beyond \(limit) bytes") }
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < 29 else { throw Inflate.fail("a length code beyond 285") }
                let length = Inflate.lengthBase[index] + (try bits(Inflate.lengthExtra[index]))
                let distanceSymbol = try decode(distances)
                guard distanceSymbol < 30 else { throw Inflate.fail("a distance code beyond 29") }
                let distance = Inflate.distanceBase[distanceSymbol] + (try bits(Inflate.distanceExtra[distanceSymbol]))
                guard distance <= output.count else { throw Inflate.fail("a distance back before the start") }
                guard output.count + length <= limit else { throw Inflate.fail("it expands beyond \(limit) bytes") }
                let from = output.count - distance
                for offset in 0..<length { output.append(output[from + offset]) }
            }
        }
    }
}
