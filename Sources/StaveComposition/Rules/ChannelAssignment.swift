import StaveSyntax

/// The channel rule (LANGUAGE.md rule 5), written once for the front end and the save validator.
///
/// Explicit channels are taken first; the other melody tracks get the lowest free channels in
/// source order, never 10; drum tracks play on 10. Two tracks on one channel is a warning;
/// a melody track left without a free channel is an error.
public struct ChannelAssignment: Sendable {
    /// What the rule needs to know of a track.
    public struct Request: Equatable, Sendable {
        /// The track ID, for messages.
        public var id: String
        /// Melody or drums.
        public var kind: TrackKind
        /// The channel written in the source (`channel N`), if any.
        public var explicitChannel: Int?

        /// Creates a `Request` from its parts.
        public init(id: String, kind: TrackKind, explicitChannel: Int?) {
            self.id = id
            self.kind = kind
            self.explicitChannel = explicitChannel
        }
    }

    /// Each track's channel, index-aligned with the requests; nil for a track with no free channel.
    public var channels: [Int?]
    /// Problems by track index: the error for a track without a channel, the warning for a
    /// track that shares the channel of an earlier one.
    public var problems: [(track: Int, problem: RuleProblem)]

    /// Assigns channels to tracks in source order.
    public init(_ tracks: [Request]) {
        var taken = Set(tracks.compactMap(\.explicitChannel))
        taken.insert(10)
        var channels: [Int?] = []
        var problems: [(track: Int, problem: RuleProblem)] = []
        for (index, track) in tracks.enumerated() {
            if let explicit = track.explicitChannel {
                channels.append(explicit)
            } else if track.kind == .drums {
                channels.append(10)
            } else if let free = (1...16).first(where: { !taken.contains($0) }) {
                taken.insert(free)
                channels.append(free)
            } else {
                channels.append(nil)
                problems.append((index, .error(.tooManyTracks, "no free MIDI channel for track '\(track.id)': all 15 melody channels are taken")))
            }
        }
        var owner: [Int: Int] = [:]
        for (index, channel) in channels.enumerated() {
            guard let channel else { continue }
            if let first = owner[channel] {
                problems.append((index, .warning(.sharedChannel, "track '\(tracks[index].id)' shares MIDI channel \(channel) with track '\(tracks[first].id)'")))
            } else {
                owner[channel] = index
            }
        }
        problems.sort { $0.track < $1.track }
        self.channels = channels
        self.problems = problems
    }
}
