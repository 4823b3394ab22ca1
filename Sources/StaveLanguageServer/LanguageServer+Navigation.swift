import StaveJSON
import StaveSyntax

/// A rename the server refuses, with the reason.
struct RenameRefusal: Error {
    var message: String
}

extension LanguageServer {
    /// The occurrence of a track or phrase name under the cursor.
    mutating func nameOccurrence(_ uri: String, _ position: LSPPosition) -> (NameIndex.Occurrence, Analysis, TextDocument)? {
        guard let document = documents[uri], let analysis = analysis(uri) else { return nil }
        guard let occurrence = analysis.names.occurrence(at: document.offset(of: position)) else { return nil }
        return (occurrence, analysis, document)
    }

    func location(_ range: SourceRange, _ document: TextDocument) -> JSONValue {
        .fields(["uri": .string(document.uri), "range": Self.json(range, in: document)])
    }

    mutating func definition(_ uri: String, _ position: LSPPosition) -> JSONValue {
        guard let (occurrence, analysis, document) = nameOccurrence(uri, position),
              let definition = analysis.names.occurrences(of: occurrence.target).first(where: \.isDefinition) else { return .null }
        return location(definition.range, document)
    }

    mutating func references(_ uri: String, _ position: LSPPosition, includeDeclaration: Bool) -> JSONValue {
        guard let (occurrence, analysis, document) = nameOccurrence(uri, position) else { return .null }
        let all = analysis.names.occurrences(of: occurrence.target).filter { includeDeclaration || !$0.isDefinition }
        return .array(all.sorted { $0.range.start < $1.range.start }.map { location($0.range, document) })
    }

    mutating func prepareRename(_ uri: String, _ position: LSPPosition) -> JSONValue {
        guard let (occurrence, _, document) = nameOccurrence(uri, position) else { return .null }
        return Self.json(occurrence.range, in: document)
    }

    /// Renames a track or phrase everywhere it is written; refuses a name that is no ID, is
    /// reserved, or is already taken (another track, or another phrase of the same track).
    mutating func rename(_ uri: String, _ position: LSPPosition, to newName: String) -> Result<JSONValue, RenameRefusal> {
        guard let (occurrence, analysis, document) = nameOccurrence(uri, position) else {
            return .failure(RenameRefusal(message: "there is no track or phrase name here to rename"))
        }
        let bytes = Array(newName.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "_") || (first | 0x20 >= UInt8(ascii: "a") && first | 0x20 <= UInt8(ascii: "z")),
              bytes.allSatisfy({ $0 == UInt8(ascii: "_") || ($0 | 0x20 >= UInt8(ascii: "a") && $0 | 0x20 <= UInt8(ascii: "z")) || ($0 >= 0x30 && $0 <= 0x39) }) else {
            return .failure(RenameRefusal(message: "'\(newName)' is not an ID: IDs are letters, digits and '_', starting with a letter or '_'"))
        }
        guard !Parser.reservedWords.contains(newName) else {
            return .failure(RenameRefusal(message: "'\(newName)' is a reserved word and cannot be an ID"))
        }
        let taken: Bool
        switch occurrence.target {
        case .track(let old):
            taken = newName != old && analysis.names.tracks.contains { $0.id == newName }
        case .phrase(let track, let old):
            taken = newName != old && analysis.names.occurrences.contains { $0.isDefinition && $0.target == .phrase(track: track, id: newName) }
        }
        guard !taken else {
            return .failure(RenameRefusal(message: "'\(newName)' is already the name of another \(occurrence.target.isTrack ? "track" : "phrase in this track")"))
        }
        let edits = analysis.names.occurrences(of: occurrence.target).sorted { $0.range.start < $1.range.start }.map {
            JSONValue.fields(["range": Self.json($0.range, in: document), "newText": .string(newName)])
        }
        return .success(.fields(["changes": .object([JSONMember(document.uri, .array(edits))])]))
    }
}

extension NameIndex.Occurrence.Target {
    var isTrack: Bool { if case .track = self { return true } else { return false } }
}
