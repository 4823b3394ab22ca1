import StaveSyntax

/// Where a track is written in the score: `staff PART N` (Stave 3).
public struct StaffPlacement: Equatable, Hashable, Sendable {
    /// The notated part: tracks with the same part name are one part of the score.
    public var part: String
    /// The staff of the part, 1 (top) … `StaffRule.numbers.upperBound`.
    public var number: Int

    /// Creates a `StaffPlacement` from its parts.
    public init(part: String, number: Int = 1) {
        self.part = part
        self.number = number
    }
}

/// The rules of `staff PART [N]`, written once for the front end and the save validator.
///
/// A part has staves 1…n without gaps (1…4: a grand staff, an organ's three); a staff holds one
/// or two tracks (voices 1 and 2, in source order); drum tracks take no `staff` (a drum kit is
/// one part of its own). The tracks of a part need not be adjacent: the part stands in the
/// score where its first track stands. MIDI does not change: each track stays a MIDI track.
public enum StaffRule {
    /// The staff numbers a part may have.
    public static let numbers = 1...4
    /// The tracks (voices) one staff holds.
    public static let voicesPerStaff = 2

    /// A staff number outside `numbers`; nil when it is one.
    public static func number(_ value: Int) -> RuleProblem? {
        guard !numbers.contains(value) else { return nil }
        return .error(.valueOutOfRange, "staff \(value) is out of range: expected \(numbers.lowerBound)–\(numbers.upperBound) (1 is the part's top staff)")
    }

    /// `staff` in a drum track.
    public static func drums(track: String) -> RuleProblem {
        .error(.settingNotAllowed, "'staff' is not allowed in drum track '\(track)': a drum kit is a part of its own")
    }

    /// The problems across tracks, each with the index of the track it is reported at (the
    /// later track of a full staff, the first track on a staff after a gap), in track order.
    public static func check(_ placements: [StaffPlacement?], trackIDs: [String]) -> [(track: Int, problem: RuleProblem)] {
        var problems: [(track: Int, problem: RuleProblem)] = []
        var onStaff: [StaffPlacement: [Int]] = [:]
        var staves: [String: Set<Int>] = [:]
        for (index, placement) in placements.enumerated() {
            guard let placement else { continue }
            let holders = onStaff[placement, default: []]
            if holders.count >= voicesPerStaff {
                let names = holders.map { "'\(trackIDs[$0])'" }.joined(separator: " and ")
                problems.append((index, .error(.staffFull, "staff \(placement.number) of part '\(placement.part)' already holds two voices (tracks \(names)): put track '\(trackIDs[index])' on another staff")))
                continue
            }
            onStaff[placement] = holders + [index]
            staves[placement.part, default: []].insert(placement.number)
        }
        var reported: Set<String> = []
        for (index, placement) in placements.enumerated() {
            guard let placement, !reported.contains(placement.part), let numbers = staves[placement.part] else { continue }
            guard let missing = (1...max(1, numbers.max() ?? 1)).first(where: { !numbers.contains($0) }), placement.number > missing else { continue }
            reported.insert(placement.part)
            problems.append((index, .error(.staffGap, "part '\(placement.part)' has a staff \(placement.number) but no staff \(missing): number its staves from 1 without gaps")))
        }
        return problems.sorted { $0.track < $1.track }
    }
}
