import StaveSyntax

/// A song's form as written (LANGUAGE.md "Form (v3)"): repeat signs with their endings and the
/// jump signs. The written score keeps its bars; `FormUnfolding` says in which order they play.
/// An empty form (no statement) plays the written score once, as a v2 song.
public struct Form: Equatable, Sendable {
    /// `repeat bars A-B [xN] [endings …]`, in bar order.
    public var repeats: [FormRepeat] = []
    /// `segno at BAR`.
    public var segno: FormMark?
    /// `dc at BAR` or `ds at BAR`: the jump, taken at the end of its bar.
    public var jump: FormJump?
    /// `fine at BAR`.
    public var fine: FormMark?
    /// `to-coda at BAR`.
    public var toCoda: FormMark?
    /// `coda at BAR`.
    public var coda: FormMark?

    /// Creates an empty form.
    public init() {}

    /// True when the song has no form statement.
    public var isEmpty: Bool {
        repeats.isEmpty && segno == nil && jump == nil && fine == nil && toCoda == nil && coda == nil
    }
}

/// A sign at one bar (`segno at 3`).
public struct FormMark: Equatable, Sendable {
    /// The 1-based bar.
    public var bar: Int
    /// The statement it was written as (not part of equality).
    public var source: SourceMark = .none

    /// Creates a `FormMark` at a bar.
    public init(bar: Int) {
        self.bar = bar
    }
}

/// `dc at BAR` (from the start) or `ds at BAR` (from the segno).
public struct FormJump: Equatable, Sendable {
    /// D.S. when true, D.C. when false.
    public var toSegno: Bool
    /// The bar at whose end the jump is taken.
    public var bar: Int
    /// The statement it was written as (not part of equality).
    public var source: SourceMark = .none

    /// Creates a `FormJump` from its parts.
    public init(toSegno: Bool, bar: Int) {
        self.toSegno = toSegno
        self.bar = bar
    }
}

/// `repeat bars A-B [xN] [endings E1 E2 …]` as written.
public struct FormRepeat: Equatable, Sendable {
    /// The body's first bar (A).
    public var first: Int
    /// The body's last bar (B).
    public var last: Int
    /// N as written; nil when not written (2 passes).
    public var writtenPasses: Int?
    /// The endings in order: each a run of bars, the first starting at B + 1 and each next
    /// right after the one before.
    public var endings: [ClosedRange<Int>]
    /// The statement it was written as (not part of equality).
    public var source: SourceMark = .none

    /// Creates a `FormRepeat` from its parts.
    public init(first: Int, last: Int, writtenPasses: Int? = nil, endings: [ClosedRange<Int>] = []) {
        self.first = first
        self.last = last
        self.writtenPasses = writtenPasses
        self.endings = endings
    }

    /// How many times the body plays (N, 2 when not written).
    public var passes: Int { writtenPasses ?? 2 }

    /// The last bar of the section: of its last ending, or B.
    public var end: Int { endings.last?.upperBound ?? last }

    /// The ending (0-based) that follows the body on pass `pass` (0-based), or nil without
    /// endings — LilyPond's rule: the first ending on passes 1 … N−E+1, each later one once.
    public func ending(onPass pass: Int) -> Int? {
        guard !endings.isEmpty else { return nil }
        return max(0, pass - (passes - endings.count))
    }
}
