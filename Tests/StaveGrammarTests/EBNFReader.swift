/// A problem found while reading an EBNF file, with the line it is on.
struct EBNFReadError: Error, Equatable, CustomStringConvertible {
    var line: Int
    var message: String
    var description: String { "line \(line): \(message)" }
}

/// Reads the subset of W3C EBNF that `Grammar/stave.ebnf` uses.
///
/// Supported: `Name ::= expr`; `|`; sequence; `( )`; postfix `?` `*` `+`; `A - B`; quoted
/// literals; character classes `[a-z]`, `[^…]` with `#xN` inside; `#xN` alone; comments; the
/// `~adjacent~` marker. A comment whose first line is a run of `=` followed by `LEXICAL` or
/// `SYNTAX` opens that section; rules before any section marker are syntax rules.
/// Precedence, tightest first: postfix operators, `-`, sequence, `|`.
struct EBNFReader {
    private enum Symbol: Equatable {
        case name(String)
        case defines, bar, open, close, question, star, plus, minus, adjacent
        case literal(String)
        case characters(CharacterClass)
        case section(EBNFSection)
        case end
    }

    private var symbols: [(symbol: Symbol, line: Int)] = []
    private var position = 0

    /// Reads a whole grammar file.
    static func read(_ text: String) throws -> EBNFGrammar {
        var reader = EBNFReader()
        reader.symbols = try EBNFReader.scan(Array(text.unicodeScalars))
        return EBNFGrammar(rules: try reader.readRules())
    }

    // MARK: - Rules and expressions

    private var current: Symbol { symbols[position].symbol }
    private var line: Int { symbols[position].line }

    private mutating func readRules() throws -> [EBNFRule] {
        var rules: [EBNFRule] = []
        var section = EBNFSection.syntax
        while current != .end {
            if case .section(let next) = current {
                section = next
                position += 1
                continue
            }
            guard case .name(let name) = current else {
                throw EBNFReadError(line: line, message: "expected a rule name, found \(current)")
            }
            let ruleLine = line
            position += 1
            guard current == .defines else {
                throw EBNFReadError(line: line, message: "expected '::=' after '\(name)'")
            }
            position += 1
            let expression = try readChoice()
            rules.append(EBNFRule(name: name, expression: expression, section: section, line: ruleLine))
        }
        return rules
    }

    private mutating func readChoice() throws -> EBNFExpression {
        var alternatives = [try readSequence()]
        while current == .bar {
            position += 1
            alternatives.append(try readSequence())
        }
        return alternatives.count == 1 ? alternatives[0] : .choice(alternatives)
    }

    /// True where a sequence ends: `|`, `)`, a section marker, the end, or the next rule.
    private var atSequenceEnd: Bool {
        switch current {
        case .bar, .close, .end, .section: return true
        case .name: return symbols[position + 1].symbol == .defines
        default: return false
        }
    }

    private mutating func readSequence() throws -> EBNFExpression {
        var items: [EBNFExpression] = []
        while !atSequenceEnd {
            if current == .adjacent {
                position += 1
                items.append(.adjacent)
                continue
            }
            items.append(try readDifference())
        }
        guard !items.isEmpty else {
            throw EBNFReadError(line: line, message: "empty expression before \(current)")
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    private mutating func readDifference() throws -> EBNFExpression {
        let left = try readPostfix()
        guard current == .minus else { return left }
        position += 1
        return .difference(left, try readPostfix())
    }

    private mutating func readPostfix() throws -> EBNFExpression {
        var expression = try readPrimary()
        while true {
            switch current {
            case .question: expression = .optional(expression)
            case .star: expression = .zeroOrMore(expression)
            case .plus: expression = .oneOrMore(expression)
            default: return expression
            }
            position += 1
        }
    }

    private mutating func readPrimary() throws -> EBNFExpression {
        let symbol = current
        position += 1
        switch symbol {
        case .name(let name): return .reference(name)
        case .literal(let text): return .literal(text)
        case .characters(let set): return .characters(set)
        case .open:
            let inner = try readChoice()
            guard current == .close else {
                throw EBNFReadError(line: line, message: "expected ')', found \(current)")
            }
            position += 1
            return inner
        default:
            position -= 1
            throw EBNFReadError(line: line, message: "unexpected \(symbol)")
        }
    }

    // MARK: - Scanning

    private static func scan(_ text: [Unicode.Scalar]) throws -> [(symbol: Symbol, line: Int)] {
        var symbols: [(symbol: Symbol, line: Int)] = []
        var index = 0
        var line = 1
        func at(_ offset: Int) -> Unicode.Scalar? {
            index + offset < text.count ? text[index + offset] : nil
        }
        func starts(with word: String) -> Bool {
            let scalars = Array(word.unicodeScalars)
            return index + scalars.count <= text.count && Array(text[index..<index + scalars.count]) == scalars
        }
        while index < text.count {
            let scalar = text[index]
            let startLine = line
            if scalar == "\n" { line += 1; index += 1; continue }
            if scalar == " " || scalar == "\t" || scalar == "\r" { index += 1; continue }
            if starts(with: "/*") {
                guard let close = (index + 2..<max(index + 2, text.count - 1)).first(where: { text[$0] == "*" && text[$0 + 1] == "/" }) else {
                    throw EBNFReadError(line: line, message: "unterminated comment")
                }
                let body = String(String.UnicodeScalarView(text[index + 2..<close]))
                line += body.filter { $0 == "\n" }.count
                index = close + 2
                if let section = sectionMarker(body) { symbols.append((.section(section), startLine)) }
                continue
            }
            if starts(with: "::=") { symbols.append((.defines, line)); index += 3; continue }
            if starts(with: "~adjacent~") { symbols.append((.adjacent, line)); index += 10; continue }
            switch scalar {
            case "|": symbols.append((.bar, line)); index += 1; continue
            case "(": symbols.append((.open, line)); index += 1; continue
            case ")": symbols.append((.close, line)); index += 1; continue
            case "?": symbols.append((.question, line)); index += 1; continue
            case "*": symbols.append((.star, line)); index += 1; continue
            case "+": symbols.append((.plus, line)); index += 1; continue
            case "-": symbols.append((.minus, line)); index += 1; continue
            default: break
            }
            if scalar == "'" || scalar == "\"" {
                guard let close = (index + 1..<text.count).first(where: { text[$0] == scalar || text[$0] == "\n" }), text[close] == scalar else {
                    throw EBNFReadError(line: line, message: "unterminated literal")
                }
                guard close > index + 1 else { throw EBNFReadError(line: line, message: "empty literal") }
                symbols.append((.literal(String(String.UnicodeScalarView(text[index + 1..<close]))), line))
                index = close + 1
                continue
            }
            if scalar == "[" {
                let (set, next) = try characterClass(text, from: index, line: line)
                symbols.append((.characters(set), line))
                index = next
                continue
            }
            if scalar == "#", let (value, next) = hexCharacter(text, from: index) {
                symbols.append((.characters(CharacterClass(ranges: [value...value], negated: false)), line))
                index = next
                continue
            }
            if isNameStart(scalar) {
                var end = index + 1
                while end < text.count, isNameStart(text[end]) || ("0"..."9").contains(text[end]) { end += 1 }
                symbols.append((.name(String(String.UnicodeScalarView(text[index..<end]))), line))
                index = end
                continue
            }
            throw EBNFReadError(line: line, message: "unexpected character '\(scalar)'")
        }
        symbols.append((.end, line))
        symbols.append((.end, line))
        return symbols
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }

    /// `LEXICAL` or `SYNTAX` when the comment's first line is a run of `=` then that word.
    private static func sectionMarker(_ body: String) -> EBNFSection? {
        let firstLine = body.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        let words = firstLine.split(separator: " ")
        guard words.count == 2, words[0].allSatisfy({ $0 == "=" }) else { return nil }
        return EBNFSection(rawValue: String(words[1]))
    }

    /// Reads `#xHEX` at `index`; nil when there is no hex number there.
    private static func hexCharacter(_ text: [Unicode.Scalar], from index: Int) -> (UInt32, Int)? {
        guard index + 2 < text.count, text[index] == "#", text[index + 1] == "x" else { return nil }
        var end = index + 2
        var value: UInt32 = 0
        while end < text.count, let digit = Int(String(text[end]), radix: 16), end - index < 10 {
            value = value * 16 + UInt32(digit)
            end += 1
        }
        return end > index + 2 ? (value, end) : nil
    }

    private static func characterClass(_ text: [Unicode.Scalar], from start: Int, line: Int) throws -> (CharacterClass, Int) {
        var index = start + 1
        var negated = false
        if index < text.count, text[index] == "^" { negated = true; index += 1 }
        var ranges: [ClosedRange<UInt32>] = []
        func element() throws -> UInt32 {
            guard index < text.count, text[index] != "\n" else {
                throw EBNFReadError(line: line, message: "unterminated character class")
            }
            if let (value, next) = hexCharacter(text, from: index) {
                index = next
                return value
            }
            index += 1
            return text[index - 1].value
        }
        while true {
            guard index < text.count, text[index] != "\n" else {
                throw EBNFReadError(line: line, message: "unterminated character class")
            }
            if text[index] == "]" { break }
            let low = try element()
            var high = low
            if index + 1 < text.count, text[index] == "-", text[index + 1] != "]" {
                index += 1
                high = try element()
            }
            guard low <= high else { throw EBNFReadError(line: line, message: "empty range in character class") }
            ranges.append(low...high)
        }
        guard !ranges.isEmpty else { throw EBNFReadError(line: line, message: "empty character class") }
        return (CharacterClass(ranges: ranges, negated: negated), index + 1)
    }
}
