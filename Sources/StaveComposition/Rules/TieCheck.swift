import StaveSyntax

/// The tie rule (LANGUAGE.md rule 2), written once for the front end and the save validator:
/// every tied pitch sounds again in the very next note or chord; a tie into a rest or at the
/// end of the phrase is an error.
///
/// Feed it a phrase's notes, chords and rests in time order; `Place` is where a tie was written
/// (a source range, a JSON path), which the problems are reported at.
///
/// Its methods are `@inlinable` so that each caller gets a copy specialized for its `Place`:
/// they run for every note, and a generic call would look up type metadata every time.
public struct TieCheck<Place> {
    @usableFromInline let kind: TrackKind
    @usableFromInline let key: Key
    /// Ties of the previous note or chord, waiting for the next one.
    @usableFromInline var pending: [(pitch: Int, place: Place)] = []
    /// The problems found so far, with where each tie was written.
    public private(set) var problems: [(place: Place, problem: RuleProblem)] = []

    /// A check for a phrase of a track of `kind` in `key` (for naming pitches).
    public init(kind: TrackKind, key: Key) {
        self.kind = kind
        self.key = key
    }

    /// A note, chord or rest arrives: each waiting tie must find its pitch in it. Only the
    /// first broken tie of a chord is reported (one mistake, one error). `pitchCount` is how
    /// many distinct pitches it sounds (0 for a rest); the result says whether it starts a
    /// sound and whether it continues a tie (`ExpressionRule.arrival`).
    @inlinable @discardableResult
    public mutating func arrive(isRest: Bool, pitchCount: Int, sounds: (Int) -> Bool) -> ExpressionRule.Arrival {
        guard !pending.isEmpty else { return ExpressionRule.arrival(pitchCount: isRest ? 0 : pitchCount, held: 0) }
        var held = 0
        if isRest {
            report(pending[0].place, .error(.tieToRest, "a tie cannot continue into a rest"))
        } else {
            var broken: (pitch: Int, place: Place)?
            for tie in pending {
                if sounds(tie.pitch) { held += 1 } else if broken == nil { broken = tie }
            }
            if let broken {
                let name = SongRule.pitchName(broken.pitch, kind: kind, key: key)
                report(broken.place, .error(.tieMismatch, "tied \(name) does not sound in the next note or chord"))
            }
        }
        pending.removeAll(keepingCapacity: true)
        return ExpressionRule.arrival(pitchCount: isRest ? 0 : pitchCount, held: held)
    }

    /// A pitch of the note or chord that just arrived is tied to the next one.
    @inlinable
    public mutating func tie(_ pitch: Int, at place: Place) {
        pending.append((pitch, place))
    }

    /// The phrase ends: a waiting tie has nothing to continue into.
    @inlinable
    public mutating func end() {
        if let dangling = pending.first {
            report(dangling.place, .error(.tieAtEnd, "a tie at the end of the phrase has no note to continue into"))
        }
        pending.removeAll()
    }

    /// Records a problem (not inlined: it runs only for broken ties).
    @usableFromInline
    mutating func report(_ place: Place, _ problem: RuleProblem) {
        problems.append((place, problem))
    }
}
