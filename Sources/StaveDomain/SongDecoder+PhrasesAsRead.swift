import StaveSyntax
import StaveJSON
import StaveComposition

/// Phrases parsed and decoded on all cores.
///
/// A large song is almost all phrases. While the file is parsed, the parser only checks each
/// phrase's syntax and hands over its bytes (`JSONElementTaker`), leaving `null` in the tree;
/// then the phrases are parsed and decoded independently, on every core, each through the
/// same `phrase(_:at:kind:velocity:)` as any other, with the same problems in the same order
/// (they are kept with the phrase and reported when `track` reaches it). The JSON of the whole
/// song is never in memory at once, only that of the phrases being decoded.
///
/// Only a current-version file whose track has already given a valid `type` and `velocity`
/// (the order Stave writes) is read this way; anything else is decoded from the tree as before.
struct PhrasesAsRead: JSONElementTaker {
    /// A phrase decoded early, and the problems found in it.
    struct Taken: Sendable {
        var phrase: SongDocument.Phrase?
        var problems: [SaveProblem]
    }

    /// Phrase `phrase` of track `track`.
    struct Place: Hashable, Sendable {
        var track: Int
        var phrase: Int
    }

    /// A phrase whose syntax the parser checked: where it is and how to decode it.
    struct Pending {
        var place: Place
        var kind: TrackKind
        var velocity: Int
        /// Where its JSON starts in the file.
        var start: Int
    }

    /// False to take nothing (the whole tree is built, as for older versions).
    let enabled: Bool
    private(set) var pending: [Pending] = []
    /// The phrase asked about last, taken once the parser has checked it.
    private var candidate: Pending?

    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// `song.tracks[t].phrases`.
    static var arrayDepth: Int { 4 }

    func takesElements(ofArrayAt path: [JSONParser.Step]) -> Bool {
        guard path.count == 4, path[0] == .key("song"), path[1] == .key("tracks"), path[3] == .key("phrases"),
              case .index = path[2] else { return false }
        return true
    }

    mutating func takes(elementAt path: [JSONParser.Step], openObjects: JSONOpenObjects, in bytes: [UInt8], at start: Int) -> JSONElementTaking {
        guard enabled, openObjects.count == 3, case .index(let track) = path[2], case .index(let phrase) = path[4],
              PhrasesAsRead.isCurrentVersion(openObjects[0]),
              let kind = openObjects[2].first(where: { $0.key == "type" }).flatMap({ SongDecoder.trackKind($0.value) }),
              let velocity = openObjects[2].first(where: { $0.key == "velocity" }).flatMap({ SongDecoder.trackVelocity($0.value) })
        else { return .no }
        candidate = Pending(place: Place(track: track, phrase: phrase), kind: kind, velocity: velocity, start: start)
        return .checked
    }

    mutating func checked() {
        guard let phrase = candidate else { return }
        pending.append(phrase)
        candidate = nil
    }

    /// Parses and decodes the taken phrases from the file's bytes.
    func decode(_ file: [UInt8]) -> [Place: Taken] {
        let jobs = pending
        let decoded = ParallelJobs.run(jobs.count) { job -> Taken in
            let phrase = jobs[job]
            let steps: [JSONParser.Step] = [.key("song"), .key("tracks"), .index(phrase.place.track), .key("phrases"), .index(phrase.place.phrase)]
            let path = JSONPath.root.key("song").key("tracks").index(phrase.place.track).key("phrases").index(phrase.place.phrase)
            let value: JSONValue
            var containers = ContainersAsRead(kind: phrase.kind, velocity: phrase.velocity)
            do throws(JSONParser.SyntaxError) {
                value = try JSONParser.parse(file, valueAt: phrase.start, path: steps, handing: &containers)
            } catch {
                return Taken(phrase: nil, problems: [error.problem])   // not reached: the parser checked it
            }
            var decoder = SongDecoder()
            let result = decoder.phrase(value, at: path, kind: phrase.kind, velocity: phrase.velocity, containersRead: (containers.read, containers.state))
            return Taken(phrase: result, problems: decoder.problems)
        }
        var taken: [Place: Taken] = [:]
        for (job, phrase) in jobs.enumerated() { taken[phrase.place] = decoded[job] }
        return taken
    }

    /// The root's members read so far say this is a save file of the current version.
    static func isCurrentVersion(_ members: ArraySlice<JSONMember>) -> Bool {
        guard let format = members.first(where: { $0.key == "format" }), format.value == .string(SongDocument.formatName),
              let version = members.first(where: { $0.key == "version" }) else { return false }
        return version.value.integer == SongDocument.currentVersion
    }
}
