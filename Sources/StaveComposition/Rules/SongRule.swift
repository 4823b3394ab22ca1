import StaveSyntax

/// A problem found by one of the song rules, before it is given a place.
///
/// The rules of a song (unique IDs, channels, ties, pitch ranges, references between phrases,
/// overlaps, limits) are written once, here, and called by both paths that build a song: the
/// front end reports a `RuleProblem` at a source range, the save-file validator at a JSON path.
/// Both therefore give the same diagnostic ID and message for the same mistake.
public struct RuleProblem: Hashable, Sendable {
    /// Error or warning.
    public var severity: Severity
    /// The stable identifier from the catalog.
    public var id: DiagnosticID
    /// What was found and what was expected.
    public var message: String

    /// An error.
    public static func error(_ id: DiagnosticID, _ message: String) -> RuleProblem {
        RuleProblem(severity: .error, id: id, message: message)
    }

    /// A warning.
    public static func warning(_ id: DiagnosticID, _ message: String) -> RuleProblem {
        RuleProblem(severity: .warning, id: id, message: message)
    }

    /// The problem as a diagnostic at a source range.
    public func diagnostic(at range: SourceRange, notes: [DiagnosticNote] = []) -> Diagnostic {
        Diagnostic(severity, id, message, at: range, notes: notes)
    }
}

/// The rules both paths apply, as functions of plain values.
public enum SongRule {
    /// The Stave name of a track kind in messages.
    public static func kindName(_ kind: TrackKind) -> String { kind == .drums ? "drum" : "melody" }

    // MARK: - IDs

    /// A track ID used by an earlier track.
    public static func duplicateTrack(_ id: String) -> RuleProblem {
        .error(.duplicateTrack, "track ID '\(id)' is already used")
    }

    /// An Original phrase ID used by an earlier Original of the same track.
    public static func duplicatePhrase(_ id: String, track: String) -> RuleProblem {
        .error(.duplicatePhrase, "phrase ID '\(id)' is already used in track '\(track)'")
    }

    /// For each ID, the index of the first earlier element with the same ID (nil for the first
    /// one and for elements without an ID).
    public static func earlierDuplicates(_ ids: [String?]) -> [Int?] {
        var first: [String: Int] = [:]
        return ids.enumerated().map { index, id in
            guard let id else { return nil }
            if let earlier = first[id] { return earlier }
            first[id] = index
            return nil
        }
    }

    // MARK: - Pitches

    /// A pitch (as written or stored, before the track's transpose) that is outside MIDI's range
    /// itself or after `transpose`; nil when it sounds. `shown` names the pitch in messages (made
    /// only when there is a problem: this runs for every note).
    public static func pitchRange(_ pitch: Int, transpose: Int, shown: @autoclosure () -> String) -> RuleProblem? {
        guard (0...127).contains(pitch) else {
            return .error(.pitchOutOfRange, "pitch \(shown()) (MIDI \(pitch)) is outside 0–127")
        }
        guard (0...127).contains(pitch + transpose) else {
            return .error(.pitchOutOfRange, "pitch \(shown()) transposed by \(transpose) is MIDI \(pitch + transpose), outside 0–127")
        }
        return nil
    }

    /// A Sync copy whose pitches (`lowest…highest` in its source) leave MIDI's range when shifted
    /// by `shift` (the sync's transpose plus the playing track's); nil when they stay inside.
    public static func syncRange(lowest: Int, highest: Int, shift: Int, name: String) -> RuleProblem? {
        guard lowest <= highest, lowest + shift < 0 || highest + shift > 127 else { return nil }
        let outside = lowest + shift < 0 ? lowest + shift : highest + shift
        return .error(.pitchOutOfRange, "sync of '\(name)' transposed by \(shift) semitones reaches MIDI \(outside), outside 0–127")
    }

    /// How a melody pitch or drum key is named in messages: `f#4 (MIDI 66)` or `snare`, spelled
    /// as written when `written` names it, else as the printer writes it (`PitchSpeller`).
    public static func pitchName(_ pitch: Int, written: PitchSpelling? = nil, kind: TrackKind, key: Key) -> String {
        if kind == .drums { return GeneralMIDI.drumName(forKey: pitch) ?? "drum \(pitch)" }
        return "\(PitchSpeller(key: key).spell(pitch, written: written).name) (MIDI \(pitch))"
    }

    // MARK: - References

    /// A `repeat` naming no Original of its own track; `elsewhere` is a track that has one.
    /// `phrases` are the track's Original phrase IDs in source order: the closest is suggested
    /// (`Suggestion`) when no other track has a phrase of that very name.
    public static func unknownRepeatSource(_ source: String, track: String, elsewhere: String?, phrases: [String] = []) -> RuleProblem {
        var message = "no Original phrase '\(source)' in track '\(track)' to repeat"
        if let elsewhere {
            message += "; to copy phrase '\(source)' of track '\(elsewhere)' use 'sync \(elsewhere).\(source)'"
        } else {
            message += Suggestion.hint(for: source, among: phrases)
        }
        return .error(.unknownPhrase, message)
    }

    /// A `sync` naming a track that does not exist.
    /// `tracks` are the song's track IDs in source order, for the suggestion.
    public static func unknownSyncTrack(_ track: String, tracks: [String] = []) -> RuleProblem {
        .error(.unknownTrack, "no track '\(track)' to sync from" + Suggestion.hint(for: track, among: tracks))
    }

    /// A `sync` naming no Original of its source track.
    /// `phrases` are that track's Original phrase IDs in source order, for the suggestion.
    public static func unknownSyncPhrase(_ phrase: String, track: String, phrases: [String] = []) -> RuleProblem {
        .error(.unknownPhrase, "no Original phrase '\(phrase)' in track '\(track)' to sync" + Suggestion.hint(for: phrase, among: phrases))
    }

    /// A `sync` between a melody and a drum track; nil when the kinds agree.
    public static func syncKind(source: TrackKind, target: TrackKind, name: String, targetTrack: String) -> RuleProblem? {
        guard source != target else { return nil }
        return .error(.wrongPhraseKind, "cannot sync \(kindName(source)) phrase '\(name)' into \(kindName(target)) track '\(targetTrack)'")
    }

    /// A transpose on a sync in a drum track.
    public static func transposedDrumSync(track: String) -> RuleProblem {
        .error(.settingNotAllowed, "'transpose' is not allowed on a sync in drum track '\(track)'")
    }

    // MARK: - Placement

    /// A phrase that overlaps an earlier-reaching phrase of its track (see `PhraseOverlap`).
    public static func overlap(_ later: String, _ earlier: String, bars: String) -> RuleProblem {
        .error(.phraseOverlap, "\(later) overlaps \(earlier) (\(bars))")
    }

    /// A phrase that would end past the song-length limit.
    public static var songTooLong: RuleProblem {
        .error(.limitExceeded, "the song would last more than \(Lowering.maximumBars) bars (the limit)")
    }

    /// True when a phrase ending at `end` stays within the song-length limit that ends at `limit`.
    public static func fitsSong(end: Rational, limit: Rational) -> Bool {
        !end.isOverflow && end <= limit
    }

    /// Chords and tuplets nested deeper than Stave allows; nil within the limit.
    public static func nesting(_ depth: Int) -> RuleProblem? {
        guard depth > Parser.maximumNesting else { return nil }
        return .error(.nestingTooDeep, Parser.nestingTooDeepMessage)
    }
}
