/// An XML document read into a tree of elements (text, attributes, where each starts).
///
/// Elements are stored in one array, linked by index (first child, next sibling), so that a
/// score of hundreds of thousands of notes stays a few compact arrays.
struct XMLTree {
    /// One element: its name, attributes, the text directly inside it (character data and
    /// CDATA, entities expanded, in order) and where its start tag begins.
    struct Element {
        var name: String
        var attributes: [(name: String, value: String)] = []
        var text: String = ""
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        var nextSibling: Int32 = -1
        var line: Int32
        var column: Int32
    }

    var elements: [Element] = []

    /// The root element's index (0; the tree always has one).
    var root: Int { 0 }

    /// The children of an element, in order.
    func children(_ index: Int) -> ChildSequence { ChildSequence(tree: self, next: elements[index].firstChild) }

    /// The first child named `name`.
    func child(_ index: Int, _ name: String) -> Int? {
        var next = elements[index].firstChild
        while next >= 0 {
            if elements[Int(next)].name == name { return Int(next) }
            next = elements[Int(next)].nextSibling
        }
        return nil
    }

    /// The text of the first child named `name`, trimmed of white space.
    func text(_ index: Int, _ name: String) -> String? {
        child(index, name).map { XMLTree.trimmed(elements[$0].text) }
    }

    /// An attribute's value.
    func attribute(_ index: Int, _ name: String) -> String? {
        elements[index].attributes.first { $0.name == name }?.value
    }

    /// `line:column` of an element.
    func place(_ index: Int) -> (line: Int, column: Int) { (Int(elements[index].line), Int(elements[index].column)) }

    /// A string without leading and trailing XML white space.
    static func trimmed(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var start = 0, end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        if start == 0, end == bytes.count { return text }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// The children of one element.
    struct ChildSequence: Sequence, IteratorProtocol {
        let tree: XMLTree
        var following: Int32

        init(tree: XMLTree, next: Int32) {
            self.tree = tree
            self.following = next
        }

        mutating func next() -> Int? {
            guard following >= 0 else { return nil }
            let current = Int(following)
            following = tree.elements[current].nextSibling
            return current
        }
    }
}

/// Reads XML text (UTF-8) into an `XMLTree`: a small non-validating reader. The document type
/// declaration is skipped and nothing it names is ever fetched; its internal entity
/// declarations are kept, and their expansion is bounded (a "billion laughs" file is refused,
/// not expanded). Every error names the line and column where the text stops making sense.
struct XMLReader {
    /// Elements nest at most this deep.
    static let maximumDepth = 256
    /// Entity references expand to at most this many bytes in all.
    static let maximumExpansion = 1 << 20
    /// Entities refer to entities at most this deep.
    static let maximumEntityDepth = 16

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var entities: [String: [UInt8]] = [:]
    private var externalEntities: Set<String> = []
    private var expanded = 0
    private var expandedEntities: [String: [UInt8]] = [:]
    private var expanding: Set<String> = []
    /// The name of the elements handed over and dropped as they close (nil: none).
    private var flushed: String?

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The tree of a document.
    static func read(_ bytes: [UInt8]) throws(MusicXMLReadError) -> XMLTree {
        var reader = XMLReader(bytes)
        try reader.checkEncoding()
        return try reader.document { (_: XMLTree, _: Int, _: Int) throws(MusicXMLReadError) in }
    }

    /// Reads a document, handing each element named `flushed` to `handler` as soon as it
    /// closes (with its parent's index) and then dropping it from the tree, so that a long
    /// score is never held whole: only the open elements and what came before are kept.
    static func read(_ bytes: [UInt8], flushing flushed: String,
                     handler: (XMLTree, _ element: Int, _ parent: Int) throws(MusicXMLReadError) -> Void) throws(MusicXMLReadError) -> XMLTree {
        var reader = XMLReader(bytes)
        reader.flushed = flushed
        try reader.checkEncoding()
        return try reader.document(handler: handler)
    }

    // MARK: Errors and positions

    private func error(_ message: String, at position: Int? = nil) -> MusicXMLReadError {
        let position = min(position ?? index, bytes.count)
        // Line and column of `position` (counted again when it is not the current index).
        var line = self.line, start = lineStart
        if position != index {
            line = 1
            start = 0
            var scan = 0
            while scan < position {
                if bytes[scan] == 0x0A {
                    line += 1
                    start = scan + 1
                }
                scan += 1
            }
        }
        return MusicXMLReadError(line: line, column: position - start + 1, message: message)
    }

    /// UTF-8 only (a UTF-16 file starts with a byte order mark the reader names).
    private mutating func checkEncoding() throws(MusicXMLReadError) {
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            throw MusicXMLReadError(line: 1, column: 1, message: "the file is UTF-16; expected UTF-8 text")
        }
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte < 0x80 {
                position += 1
                continue
            }
            let count: Int
            switch byte {
            case 0xC2...0xDF: count = 2
            case 0xE0...0xEF: count = 3
            case 0xF0...0xF4: count = 4
            default: throw error("invalid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true))); expected UTF-8 text", at: position)
            }
            guard position + count <= bytes.count else { throw error("invalid UTF-8 (a sequence cut off at the end); expected UTF-8 text", at: position) }
            for next in 1..<count where bytes[position + next] & 0xC0 != 0x80 {
                throw error("invalid UTF-8 (byte 0x\(String(bytes[position + next], radix: 16, uppercase: true))); expected UTF-8 text", at: position + next)
            }
            if count == 3, byte == 0xE0, bytes[position + 1] < 0xA0 { throw error("invalid UTF-8 (an overlong sequence); expected UTF-8 text", at: position) }
            if count == 3, byte == 0xED, bytes[position + 1] >= 0xA0 { throw error("invalid UTF-8 (a surrogate); expected UTF-8 text", at: position) }
            if count == 4, byte == 0xF0, bytes[position + 1] < 0x90 { throw error("invalid UTF-8 (an overlong sequence); expected UTF-8 text", at: position) }
            if count == 4, byte == 0xF4, bytes[position + 1] >= 0x90 { throw error("invalid UTF-8 (beyond U+10FFFF); expected UTF-8 text", at: position) }
            position += count
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    // MARK: Scanning

    private var atEnd: Bool { index >= bytes.count }

    private mutating func advance() {
        if bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    private func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return text.withUTF8Buffer { buffer in
            for offset in 0..<count where bytes[index + offset] != buffer[offset] { return false }
            return true
        }
    }

    private mutating func skip(_ text: StaticString) {
        for _ in 0..<text.utf8CodeUnitCount { advance() }
    }

    private mutating func skipSpace() {
        while !atEnd, XMLTree.isSpace(bytes[index]) { advance() }
    }

    /// Skips past `terminator`, or fails naming what is unterminated.
    private mutating func skip(past terminator: StaticString, what: String) throws(MusicXMLReadError) {
        let start = index
        while !atEnd {
            if starts(with: terminator) {
                skip(terminator)
                return
            }
            advance()
        }
        throw error("\(what) is not closed; expected '\(terminator)'", at: start)
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte == 0x3A || byte >= 0x80
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E
    }

    private mutating func name(_ what: String) throws(MusicXMLReadError) -> String {
        guard !atEnd, XMLReader.isNameStart(bytes[index]) else {
            throw error(atEnd ? "the file ends inside \(what); expected a name" : "unexpected '\(printable(bytes[index]))' in \(what); expected a name")
        }
        let start = index
        while !atEnd, XMLReader.isNameByte(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    // MARK: The document

    private mutating func document(handler: (XMLTree, Int, Int) throws(MusicXMLReadError) -> Void) throws(MusicXMLReadError) -> XMLTree {
        var tree = XMLTree()
        // The prolog: declarations, comments, processing instructions, the document type.
        while true {
            skipSpace()
            if atEnd { throw error("the file holds no XML element; expected a MusicXML score") }
            if starts(with: "<?") {
                try skip(past: "?>", what: "a processing instruction")
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "a comment")
            } else if starts(with: "<!DOCTYPE") {
                try doctype()
            } else if bytes[index] == 0x3C {
                break
            } else {
                throw error("unexpected '\(printable(bytes[index]))' before the root element; expected '<'")
            }
        }
        try element(into: &tree, handler: handler)
        while true {
            skipSpace()
            if atEnd { break }
            if starts(with: "<?") {
                try skip(past: "?>", what: "a processing instruction")
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "a comment")
            } else {
                throw error("unexpected '\(printable(bytes[index]))' after the root element; expected the end of the file")
            }
        }
        return tree
    }

    /// `<!DOCTYPE name [PUBLIC|SYSTEM literals] [ internal subset ]>`: only the internal
    /// subset's general entity declarations are kept; external identifiers are never fetched.
    private mutating func doctype() throws(MusicXMLReadError) {
        let start = index
        skip("<!DOCTYPE")
        while !atEnd {
            let byte = bytes[index]
            if byte == 0x3E {
                advance()
                return
            } else if byte == 0x22 || byte == 0x27 {
                _ = try literal()
            } else if byte == 0x5B {
                advance()
                try internalSubset()
            } else {
                advance()
            }
        }
        throw error("the document type declaration is not closed; expected '>'", at: start)
    }

    private mutating func internalSubset() throws(MusicXMLReadError) {
        while true {
            skipSpace()
            if atEnd { throw error("the file ends inside the document type declaration; expected ']>'") }
            if bytes[index] == 0x5D {
                advance()
                return
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "a comment")
            } else if starts(with: "<?") {
                try skip(past: "?>", what: "a processing instruction")
            } else if starts(with: "<!ENTITY") {
                try entityDeclaration()
            } else if bytes[index] == 0x3C {
                // Other declarations (ELEMENT, ATTLIST, NOTATION) are skipped, literals whole.
                let start = index
                advance()
                while !atEnd, bytes[index] != 0x3E {
                    if bytes[index] == 0x22 || bytes[index] == 0x27 { _ = try literal() } else { advance() }
                }
                if atEnd { throw error("a declaration is not closed; expected '>'", at: start) }
                advance()
            } else if bytes[index] == 0x25 {
                // A parameter entity reference: skipped, never expanded.
                try skip(past: ";", what: "a parameter entity reference")
            } else {
                throw error("unexpected '\(printable(bytes[index]))' in the document type declaration")
            }
        }
    }

    private mutating func entityDeclaration() throws(MusicXMLReadError) {
        skip("<!ENTITY")
        skipSpace()
        var parameter = false
        if !atEnd, bytes[index] == 0x25 {
            parameter = true
            advance()
            skipSpace()
        }
        let entityName = try name("an entity declaration")
        skipSpace()
        if starts(with: "SYSTEM") || starts(with: "PUBLIC") {
            // External: recorded so that a reference to it is refused, never fetched.
            while !atEnd, bytes[index] != 0x3E {
                if bytes[index] == 0x22 || bytes[index] == 0x27 { _ = try literal() } else { advance() }
            }
            if !parameter { externalEntities.insert(entityName) }
        } else {
            let value = try literal()
            if !parameter, entities[entityName] == nil { entities[entityName] = value }
        }
        skipSpace()
        guard !atEnd, bytes[index] == 0x3E else { throw error("an entity declaration is not closed; expected '>'") }
        advance()
    }

    /// A quoted literal's bytes.
    private mutating func literal() throws(MusicXMLReadError) -> [UInt8] {
        guard !atEnd, bytes[index] == 0x22 || bytes[index] == 0x27 else { throw error("expected a quoted value (in \" or ')") }
        let quote = bytes[index]
        let start = index
        advance()
        let from = index
        while !atEnd, bytes[index] != quote { advance() }
        if atEnd { throw error("a quoted value is not closed", at: start) }
        let value = Array(bytes[from..<index])
        advance()
        return value
    }

    private mutating func element(into tree: inout XMLTree, handler: (XMLTree, Int, Int) throws(MusicXMLReadError) -> Void) throws(MusicXMLReadError) {
        // Open elements, innermost last (indices in the tree), and for each the last child its
        // parent had before it (to unlink it again when it is flushed).
        var open: [Int] = []
        var previousSibling: [Int32] = []
        repeat {
            if atEnd {
                let innermost = open.last.map { tree.elements[$0].name } ?? ""
                throw error("the file ends inside <\(innermost)>; expected '</\(innermost)>'")
            }
            let byte = bytes[index]
            if byte == 0x3C {
                if starts(with: "</") {
                    let tagStart = index
                    skip("</")
                    let closing = try name("an end tag")
                    skipSpace()
                    guard !atEnd, bytes[index] == 0x3E else { throw error("an end tag is not closed; expected '>'") }
                    advance()
                    guard let current = open.last else { throw error("an end tag </\(closing)> with no element open", at: tagStart) }
                    guard tree.elements[current].name == closing else {
                        throw error("</\(closing)> closes <\(tree.elements[current].name)> (line \(tree.elements[current].line)); expected '</\(tree.elements[current].name)>'", at: tagStart)
                    }
                    open.removeLast()
                    let before = previousSibling.removeLast()
                    if closing == flushed, let parent = open.last {
                        try handler(tree, current, parent)
                        tree.elements.removeSubrange(current...)
                        tree.elements[parent].lastChild = before
                        if before < 0 { tree.elements[parent].firstChild = -1 } else { tree.elements[Int(before)].nextSibling = -1 }
                    }
                } else if starts(with: "<!--") {
                    try skip(past: "-->", what: "a comment")
                } else if starts(with: "<![CDATA[") {
                    let start = index
                    skip("<![CDATA[")
                    let from = index
                    while !atEnd, !starts(with: "]]>") { advance() }
                    if atEnd { throw error("a CDATA section is not closed; expected ']]>'", at: start) }
                    if let current = open.last { tree.elements[current].text += String(decoding: bytes[from..<index], as: UTF8.self) }
                    skip("]]>")
                } else if starts(with: "<?") {
                    try skip(past: "?>", what: "a processing instruction")
                } else if starts(with: "<!") {
                    throw error("a declaration inside an element; expected an element, text or a comment")
                } else {
                    let tagLine = line, tagColumn = index - lineStart + 1
                    advance()
                    let elementName = try name("a start tag")
                    var element = XMLTree.Element(name: elementName, line: Int32(clamping: tagLine), column: Int32(clamping: tagColumn))
                    var selfClosing = false
                    while true {
                        skipSpace()
                        if atEnd { throw error("the file ends inside the start tag <\(elementName)>; expected '>'") }
                        if bytes[index] == 0x3E {
                            advance()
                            break
                        }
                        if starts(with: "/>") {
                            skip("/>")
                            selfClosing = true
                            break
                        }
                        let attributeName = try name("the start tag <\(elementName)>")
                        skipSpace()
                        guard !atEnd, bytes[index] == 0x3D else { throw error("attribute '\(attributeName)' has no value; expected '='") }
                        advance()
                        skipSpace()
                        guard !atEnd, bytes[index] == 0x22 || bytes[index] == 0x27 else { throw error("the value of attribute '\(attributeName)' is not quoted; expected '\"'") }
                        let quote = bytes[index]
                        advance()
                        let value = try characterData(until: quote)
                        guard !atEnd else { throw error("the value of attribute '\(attributeName)' is not closed") }
                        advance()
                        element.attributes.append((attributeName, value))
                    }
                    let newIndex = tree.elements.count
                    let before = open.last.map { tree.elements[$0].lastChild } ?? -1
                    if let parent = open.last {
                        if tree.elements[parent].lastChild >= 0 {
                            tree.elements[Int(tree.elements[parent].lastChild)].nextSibling = Int32(newIndex)
                        } else {
                            tree.elements[parent].firstChild = Int32(newIndex)
                        }
                        tree.elements[parent].lastChild = Int32(newIndex)
                    } else if newIndex > 0 {
                        throw error("a second root element <\(elementName)>; expected one", at: index)
                    }
                    tree.elements.append(element)
                    if selfClosing, elementName == flushed, let parent = open.last {
                        try handler(tree, newIndex, parent)
                        tree.elements.removeSubrange(newIndex...)
                        tree.elements[parent].lastChild = before
                        if before < 0 { tree.elements[parent].firstChild = -1 } else { tree.elements[Int(before)].nextSibling = -1 }
                    }
                    if !selfClosing {
                        open.append(newIndex)
                        previousSibling.append(before)
                        if open.count > XMLReader.maximumDepth {
                            throw MusicXMLReadError(line: tagLine, column: tagColumn, message: "elements nest more than \(XMLReader.maximumDepth) deep")
                        }
                    }
                }
            } else {
                let text = try characterData(until: 0x3C)
                if let current = open.last { tree.elements[current].text += text }
            }
        } while !open.isEmpty
    }

    /// Text up to (not including) `terminator`, references expanded; a `<` inside an attribute
    /// value is an error.
    private mutating func characterData(until terminator: UInt8) throws(MusicXMLReadError) -> String {
        var result: [UInt8] = []
        var from = index
        while !atEnd, bytes[index] != terminator {
            let byte = bytes[index]
            if byte == 0x26 {
                result += bytes[from..<index]
                try reference(into: &result, depth: 0)
                from = index
            } else if byte == 0x3C {
                throw error("'<' inside an attribute value; expected '&lt;'")
            } else {
                advance()
            }
        }
        if result.isEmpty { return String(decoding: bytes[from..<index], as: UTF8.self) }
        result += bytes[from..<index]
        return String(decoding: result, as: UTF8.self)
    }

    /// `&name;`, `&#N;` or `&#xH;` at the current index, appended expanded.
    private mutating func reference(into result: inout [UInt8], depth: Int) throws(MusicXMLReadError) {
        let start = index
        advance()
        var end = index
        while end < bytes.count, end - index < 64, bytes[end] != 0x3B, !XMLTree.isSpace(bytes[end]), bytes[end] != 0x3C { end += 1 }
        guard end < bytes.count, bytes[end] == 0x3B else { throw error("'&' does not start a reference; expected '&amp;'", at: start) }
        let body = Array(bytes[index..<end])
        while index <= end { advance() }
        if body.first == 0x23 {
            var value = 0
            let hex = body.count > 1 && (body[1] == 0x78)
            let digits = body.dropFirst(hex ? 2 : 1)
            guard !digits.isEmpty else { throw error("an empty character reference", at: start) }
            for digit in digits {
                let number: Int
                switch digit {
                case 0x30...0x39: number = Int(digit - 0x30)
                case 0x61...0x66 where hex: number = Int(digit - 0x61 + 10)
                case 0x41...0x46 where hex: number = Int(digit - 0x41 + 10)
                default: throw error("a character reference with '\(printable(digit))'; expected digits", at: start)
                }
                value = value * (hex ? 16 : 10) + number
                if value > 0x10FFFF { throw error("a character reference beyond U+10FFFF", at: start) }
            }
            guard let scalar = UnicodeScalar(UInt32(value)), value != 0 else { throw error("a character reference to U+\(String(value, radix: 16, uppercase: true)), which is not a character", at: start) }
            result += Array(String(Character(scalar)).utf8)
            return
        }
        let entityName = String(decoding: body, as: UTF8.self)
        switch entityName {
        case "lt": result.append(0x3C)
        case "gt": result.append(0x3E)
        case "amp": result.append(0x26)
        case "apos": result.append(0x27)
        case "quot": result.append(0x22)
        default:
            if externalEntities.contains(entityName) {
                throw error("a reference to the external entity '\(entityName)', which is never fetched", at: start)
            }
            let piece = try expanded(entityName, depth: depth + 1, at: start)
            try count(piece.count, at: start)
            result += piece
        }
    }

    /// An entity's replacement text with its own references expanded, each entity expanded
    /// once (later references reuse it); every byte a reference puts into the document counts
    /// towards `maximumExpansion`, so a nest of entities that would expand enormously is refused
    /// after at most that much work.
    private mutating func expanded(_ name: String, depth: Int, at start: Int) throws(MusicXMLReadError) -> [UInt8] {
        if let done = expandedEntities[name] { return done }
        guard depth <= XMLReader.maximumEntityDepth, !expanding.contains(name) else {
            throw error("entities refer to entities more than \(XMLReader.maximumEntityDepth) deep, or to themselves", at: start)
        }
        guard let value = entities[name] else { throw error("a reference to the undeclared entity '\(name)'", at: start) }
        expanding.insert(name)
        var result: [UInt8] = []
        var position = 0
        while position < value.count {
            if value[position] == 0x26, let semicolon = value[position...].firstIndex(of: 0x3B) {
                let body = Array(value[(position + 1)..<semicolon])
                let nested = String(decoding: body, as: UTF8.self)
                if body.first == 0x23 || ["lt", "gt", "amp", "apos", "quot"].contains(nested) {
                    // Character and predefined references inside an entity value.
                    var sub = XMLReader(Array(value[position...semicolon]))
                    var piece: [UInt8] = []
                    do { try sub.reference(into: &piece, depth: depth) } catch { throw self.error("a bad reference inside entity text", at: start) }
                    result += piece
                } else if externalEntities.contains(nested) {
                    throw error("a reference to the external entity '\(nested)', which is never fetched", at: start)
                } else {
                    let piece = try expanded(nested, depth: depth + 1, at: start)
                    try count(piece.count, at: start)
                    result += piece
                }
                position = semicolon + 1
            } else {
                result.append(value[position])
                position += 1
            }
        }
        expanding.remove(name)
        expandedEntities[name] = result
        return result
    }

    /// Counts bytes put into the document by entity references; refuses past the bound.
    private mutating func count(_ bytes: Int, at start: Int) throws(MusicXMLReadError) {
        expanded += bytes
        if expanded > XMLReader.maximumExpansion {
            throw error("entity references expand to more than \(XMLReader.maximumExpansion) bytes (an entity bomb?); refused", at: start)
        }
    }
}
