import StaveComposition

/// What the piano roll shows and how wide it may be. Every field has a default, so
/// `PianoRollOptions()` draws the whole song, every track, on the automatic grid, 120 columns wide.
public struct PianoRollOptions: Equatable, Sendable {
    /// The narrowest `width` the command line accepts: room for the longest drum name and a bar.
    public static let minimumWidth = 40
    /// The widest `width` the command line accepts.
    public static let maximumWidth = 100_000
    /// The width used when standard output is not a terminal.
    public static let defaultWidth = 120

    /// The length of one column in whole notes (`1/16` is a sixteenth note); nil chooses the
    /// coarsest exact grid (see `RollGrid`). A step that does not fit moves onsets to the nearest column.
    public var step: Rational?
    /// The bars to show (1-based, inclusive); nil shows the whole song. The upper bound is clipped
    /// to the song's last bar; a lower bound past the song's end is an error.
    public var bars: ClosedRange<Int>?
    /// The IDs of the tracks to show, in song order; nil shows every track. An unknown ID is an error.
    public var tracks: [String]?
    /// The maximum line length in columns; longer songs wrap into systems.
    public var width: Int
    /// Draw with box-drawing and block characters instead of ASCII.
    public var unicode: Bool
    /// For a song's performance (Stave 3 form): the written bar that each bar plays (index
    /// bar − 1); the ruler labels a bar `9 (=1)` where the two differ. Nil: bars are written bars.
    public var writtenBars: [Int]?

    /// Creates a `PianoRollOptions` from its parts.
    public init(step: Rational? = nil, bars: ClosedRange<Int>? = nil, tracks: [String]? = nil,
                width: Int = PianoRollOptions.defaultWidth, unicode: Bool = false) {
        self.step = step
        self.bars = bars
        self.tracks = tracks
        self.width = width
        self.unicode = unicode
    }

    /// Parses a `--step` value: `N` is one column per N-th note (`4` quarter, `8` eighth, `16`
    /// sixteenth, `12` eighth-note triplet), `Nt` is the triplet of an N-th note (`8t` = `12`),
    /// and `P/Q` is a fraction of a whole note (`3/8` is a dotted quarter). Nil when malformed or
    /// outside 1/1024 … 4 whole notes.
    public static func parseStep(_ text: String) -> Rational? {
        var body = Substring(text)
        var triplet = false
        if body.hasSuffix("t") {
            triplet = true
            body = body.dropLast()
        }
        let step: Rational
        if let slash = body.firstIndex(of: "/") {
            guard !triplet, let numerator = positiveInteger(body[..<slash]),
                  let denominator = positiveInteger(body[body.index(after: slash)...]) else { return nil }
            step = Rational(numerator, denominator)
        } else {
            guard let value = positiveInteger(body) else { return nil }
            step = triplet ? Rational(2, 3 * value) : Rational(1, value)
        }
        guard !step.isOverflow, step >= Rational(1, 1024), step <= Rational(4) else { return nil }
        return step
    }

    /// Parses a `--bars` value: `A-B` (1-based, inclusive, A ≤ B) or a single bar `A`. Nil when
    /// malformed, when A > B, or when a bar is outside 1 … 1,000,000.
    public static func parseBars(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = parts.first, let low = positiveInteger(first) else { return nil }
        var high = low
        if parts.count == 2 {
            guard let value = positiveInteger(parts[1]) else { return nil }
            high = value
        }
        guard low <= high, high <= Lowering.maximumBars else { return nil }
        return low...high
    }

    /// Parses a `--width` value: an integer in `minimumWidth` … `maximumWidth`.
    public static func parseWidth(_ text: String) -> Int? {
        guard let value = positiveInteger(Substring(text)), value >= minimumWidth, value <= maximumWidth else { return nil }
        return value
    }

    /// Parses a `--track` value: one track ID or several separated by commas (`lead,bass`).
    public static func parseTracks(_ text: String) -> [String]? {
        let ids = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !ids.isEmpty, ids.allSatisfy({ !$0.isEmpty }) else { return nil }
        return ids
    }

    /// Decimal digits only (no sign, no spaces), at least 1, at most 9 digits so it cannot overflow.
    static func positiveInteger(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text), value >= 1 else { return nil }
        return value
    }
}
