import StaveSyntax
import StaveJSON

/// One step of the migration chain: a pure function that turns a save file of format
/// version `from` into version `from + 1`, depending only on the document.
///
/// The rule (FORMAT.md): any change to the save format bumps `SongDocument.currentVersion`,
/// appends a migration here, and adds a fixture of the old version under
/// `Tests/Fixtures/saves/versions/`.
public struct Migration: Sendable {
    /// The version this step reads.
    public let from: Int
    /// Rewrites a document of version `from` (its `version` member is updated afterwards).
    public let migrate: @Sendable (JSONValue) -> JSONValue

    /// A step from version `from` to `from + 1`.
    public init(from: Int, migrate: @escaping @Sendable (JSONValue) -> JSONValue) {
        self.from = from
        self.migrate = migrate
    }

    /// The chain from version 1 to `SongDocument.currentVersion`, in order.
    public static let chain: [Migration] = [
        // 1 → 2: a header tempo may say how many tracks the file holds before it
        // (`afterTracks`, left out when 0). A version 1 file says nothing of it: its header
        // tempos keep the version 1 meaning, before every track, so the document is unchanged.
        Migration(from: 1) { $0 },
        // 2 → 3: a melody note may keep how it was written (`"spelling": "f#"`, left out when
        // Stave's own spelling applies). A version 2 file has none: its notes print with
        // Stave's spelling as before, so the document is unchanged.
        Migration(from: 2) { $0 },
        // 3 → 4: a container may leave out its `position` (where the previous one ends) and its
        // `width` (the previous container's), a note its `velocity` (the previous note's in the
        // phrase; the track's before the first); a container of one block may hold `notes`
        // (`beats`) directly, and a note with nothing but its pitch may be the bare number. A
        // version 3 file writes every value in full, which means the same in version 4, so the
        // document is unchanged.
        Migration(from: 3) { $0 },
        // 4 → 5 (Stave 2): a note may carry its marks (`"staccato"`, `"tenuto"`, `"accent"`), a
        // track its `legato`, an Original phrase its `hairpins`, `graces`, `controls`,
        // `markers`, `chordSymbols` and `lyrics`, the song its header `markers`; all optional.
        // A version 4 file has none of them and means the same in version 5, so the document
        // is unchanged.
        Migration(from: 4) { $0 },
        // 5 → 6 (Stave 3): a verse of `lyrics` may hold line breaks and `|` bar checks, and an
        // Original phrase may take its lyrics `lyricsFrom` another (`{"track", "phrase"}`);
        // all optional. A version 5 file has no `lyricsFrom` and no line break in a verse; a
        // `|` in one, sung as a character before, is a bar check now in text and save file
        // alike (LANGUAGE.md v3), so the document is unchanged.
        Migration(from: 5) { $0 },
    ]

    /// Checks `format` and `version` and brings a document up to `target` through the chain.
    /// Refuses files newer than `target`, naming both versions.
    public static func upgrade(_ document: JSONValue, using chain: [Migration] = chain,
                               to target: Int = SongDocument.currentVersion) throws(SaveError) -> JSONValue {
        guard case .object(let members) = document else {
            throw SaveError([SaveProblem(.saveNotASaveFile, .root, "expected a save file (an object), found \(document.summary)")])
        }
        var problems: [SaveProblem] = []
        let formatPath = JSONPath.root.key("format"), versionPath = JSONPath.root.key("version")
        let expectedFormat = JSONText.quoted(SongDocument.formatName)
        switch document["format"] {
        case nil: problems.append(SaveProblem(.saveNotASaveFile, formatPath, "missing; expected \(expectedFormat)"))
        case .string(SongDocument.formatName)?: break
        case let other?: problems.append(SaveProblem(.saveNotASaveFile, formatPath, "expected \(expectedFormat), found \(other.summary)"))
        }
        var version = target
        switch document["version"] {
        case nil:
            problems.append(SaveProblem(.saveUnsupportedVersion, versionPath, "missing; expected the format version (an integer)"))
        case let value?:
            if let number = value.integer, number >= 1, number <= target {
                version = number
            } else if let number = value.integer, number > target {
                problems.append(SaveProblem(.saveUnsupportedVersion, versionPath, "this file has format version \(number), but this program reads versions up to \(target); use a newer stave"))
            } else {
                problems.append(SaveProblem(.saveUnsupportedVersion, versionPath, "expected a format version 1–\(target), found \(value.summary)"))
            }
        }
        guard problems.isEmpty else { throw SaveError(problems) }
        var current = JSONValue.object(members)
        while version < target {
            guard let step = chain.first(where: { $0.from == version }) else {
                throw SaveError([SaveProblem(.saveUnsupportedVersion, versionPath, "no migration from format version \(version) to \(version + 1)")])
            }
            current = step.migrate(current)
            version += 1
            current = setting("version", to: .number("\(version)"), in: current)
        }
        return current
    }

    /// The object with one member replaced (or appended).
    static func setting(_ key: String, to value: JSONValue, in object: JSONValue) -> JSONValue {
        guard case .object(var members) = object else { return object }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(JSONMember(key, value))
        }
        return .object(members)
    }
}
