import StaveSyntax

/// A unit of time notes can be placed in: exact `Rational` whole notes, or whole MIDI ticks.
public protocol NoteTime: Comparable, Sendable {
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    /// One `count`-th of this length, or nil when that has no exact value in this unit.
    func part(of count: Int) -> Self?
    /// This length `count` times over.
    func times(_ count: Int) -> Self
    /// This length × numerator / denominator (denominator > 0), or nil when that has no exact
    /// value in this unit.
    func scaled(_ numerator: Int, over denominator: Int) -> Self?
    /// round(self × factor / whole), halves upward, for `whole` > 0: where a note falls on a ramp.
    func roundedRatio(times factor: Int, over whole: Self) -> Int
}

extension Rational: NoteTime {
    /// One `count`-th of this length.
    @inlinable public func part(of count: Int) -> Rational? { self / count }
    /// This length `count` times over.
    @inlinable public func times(_ count: Int) -> Rational { self * count }
    /// This length × numerator / denominator.
    @inlinable public func scaled(_ numerator: Int, over denominator: Int) -> Rational? { self * numerator / denominator }
    /// round(self × factor / whole), halves upward.
    @inlinable public func roundedRatio(times factor: Int, over whole: Rational) -> Int { (self * factor / whole).roundedHalfUp }
}

extension Int: NoteTime {
    /// One `count`-th of this many ticks, when it divides exactly.
    @inlinable public func part(of count: Int) -> Int? { count > 0 && self % count == 0 ? self / count : nil }
    /// This many ticks `count` times over.
    @inlinable public func times(_ count: Int) -> Int { self &* count }
    /// This many ticks × numerator / denominator, when that is a whole number of ticks.
    @inlinable public func scaled(_ numerator: Int, over denominator: Int) -> Int? {
        let (product, overflow) = multipliedReportingOverflow(by: numerator)
        guard !overflow, denominator > 0, product % denominator == 0 else { return nil }
        return product / denominator
    }
    /// round(self × factor / whole), halves upward: floor((2·self·factor + whole) / (2·whole)).
    @inlinable public func roundedRatio(times factor: Int, over whole: Int) -> Int {
        guard whole > 0 else { return 0 }
        let (product, o1) = multipliedReportingOverflow(by: factor)
        let (twice, o2) = product.multipliedReportingOverflow(by: 2)
        let (sum, o3) = twice.addingReportingOverflow(whole)
        if o1 || o2 || o3 { return (Rational(self) * factor / Rational(whole)).roundedHalfUp }
        let divisor = 2 * whole
        let quotient = sum / divisor
        return sum % divisor != 0 && sum < 0 ? quotient - 1 : quotient
    }
}

/// A sounding note with its start and end: the song as it sounds, every placement expanded
/// (Repeat copies, Syncs), ties joined into single notes, transpositions applied.
public struct TimedNote<Time: NoteTime>: Equatable, Sendable {
    /// Start (from the song start, or from the phrase start for phrase notes).
    public var start: Time
    /// End.
    public var end: Time
    // Narrow storage keeps a note in whole ticks at 24 bytes, smaller than before v2's fields (declared first: the layout follows the order).
    @usableFromInline var storedPitch: Int32
    @usableFromInline var storedVelocity: Int16
    /// Sounding MIDI key.
    @inlinable public var pitch: Int {
        get { Int(storedPitch) }
        set { storedPitch = Int32(clamping: newValue) }
    }
    /// 0…127 (0 emits no MIDI note).
    @inlinable public var velocity: Int {
        get { Int(storedVelocity) }
        set { storedVelocity = Int16(clamping: newValue) }
    }
    /// The joined note's articulation (v2): the accent of its first part, the staccato or
    /// tenuto of its last part. Empty for grace notes.
    public var marks: NoteMarks
    /// Bit 0: a grace note; bit 1: the velocity is the note's own `@N`. One byte keeps a note
    /// in whole ticks at 24 bytes.
    @usableFromInline var storedFlags: UInt8
    /// True for a grace note (v2): played on the beat before the note it decorates.
    @inlinable public var isGrace: Bool {
        get { storedFlags & 1 != 0 }
        set { storedFlags = newValue ? storedFlags | 1 : storedFlags & ~1 }
    }
    /// True when the velocity is the note's own `@N` (v3): a hairpin's ramp leaves it alone.
    @inlinable public var ownVelocity: Bool {
        get { storedFlags & 2 != 0 }
        set { storedFlags = newValue ? storedFlags | 2 : storedFlags & ~2 }
    }

    /// Creates a `TimedNote` from its parts.
    @inlinable public init(start: Time, end: Time, pitch: Int, velocity: Int, marks: NoteMarks = [], isGrace: Bool = false, ownVelocity: Bool = false) {
        self.start = start
        self.end = end
        self.storedPitch = Int32(clamping: pitch)
        self.storedVelocity = Int16(clamping: velocity)
        self.marks = marks
        self.storedFlags = (isGrace ? 1 : 0) | (ownVelocity ? 2 : 0)
    }
}

extension NoteMarks {
    /// The marks of a note joined by a tie to a next part marked `next`: the accent of the
    /// first part, the staccato or tenuto of the last (LANGUAGE.md "Articulations").
    @inlinable public func joined(with next: NoteMarks) -> NoteMarks {
        intersection(.accent).union(next.subtracting(.accent))
    }
}

/// A performed note in exact time (whole notes).
public typealias PerformedNote = TimedNote<Rational>

/// Joins tied notes while walking a body's notes, chords and rests in time order.
@usableFromInline
struct TieJoiner<Time: NoteTime> {
    @usableFromInline var out: [TimedNote<Time>] = []
    /// Tied notes waiting for their continuation in the next note or chord.
    @usableFromInline var open: [OpenTie] = []
    @usableFromInline var nextOpen: [OpenTie] = []
    /// Every articulation mark met so far.
    @usableFromInline var marksSeen: NoteMarks = []

    @inlinable init() {}

    /// A plain note (the common case: no arrays touched when nothing is tied).
    @inlinable mutating func single(_ note: ChordNote, start: Time, end: Time) {
        marksSeen.formUnion(note.marks)
        if open.isEmpty {
            if note.tie { open.append(OpenTie(pitch: note.pitch, index: out.count)) }
            out.append(TimedNote(start: start, end: end, pitch: note.pitch, velocity: note.velocity, marks: note.marks, ownVelocity: note.ownVelocity))
            return
        }
        var index = out.count
        if let match = open.firstIndex(where: { $0.pitch == note.pitch }) {
            index = open[match].index
            out[index].end = end
            out[index].marks = out[index].marks.joined(with: note.marks)
        } else {
            out.append(TimedNote(start: start, end: end, pitch: note.pitch, velocity: note.velocity, marks: note.marks, ownVelocity: note.ownVelocity))
        }
        open.removeAll(keepingCapacity: true)
        if note.tie { open.append(OpenTie(pitch: note.pitch, index: index)) }
    }

    /// A chord (empty: a rest).
    @inlinable mutating func chord(_ notes: [ChordNote], start: Time, end: Time) {
        nextOpen.removeAll(keepingCapacity: true)
        for note in notes {
            marksSeen.formUnion(note.marks)
            var index = out.count
            if !open.isEmpty, let match = open.firstIndex(where: { $0.pitch == note.pitch }) {
                index = open[match].index
                out[index].end = end
                out[index].marks = out[index].marks.joined(with: note.marks)
            } else {
                out.append(TimedNote(start: start, end: end, pitch: note.pitch, velocity: note.velocity, marks: note.marks, ownVelocity: note.ownVelocity))
            }
            if note.tie { nextOpen.append(OpenTie(pitch: note.pitch, index: index)) }
        }
        swap(&open, &nextOpen)
    }

    /// One subdivision of a container, descending into nested tuplets; false when a part has
    /// no exact value in `Time`.
    @inlinable mutating func division(_ division: TupletNote, start: Time, width: Time) -> Bool {
        switch division {
        case .chord(let notes):
            if notes.count == 1 { single(notes[0], start: start, end: start + width) } else { chord(notes, start: start, end: start + width) }
            return true
        case .tuplet(let items):
            guard !items.isEmpty else { return true }
            guard let part = width.part(of: items.count) else { return false }
            var itemStart = start
            for item in items {
                guard self.division(item, start: itemStart, width: part) else { return false }
                itemStart = itemStart + part
            }
            return true
        }
    }
}

/// A tied note still sounding: its pitch and its index in the output.
@usableFromInline
struct OpenTie {
    @usableFromInline var pitch: Int
    @usableFromInline var index: Int

    @inlinable init(pitch: Int, index: Int) {
        self.pitch = pitch
        self.index = index
    }
}
