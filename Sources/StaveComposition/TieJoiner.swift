/// A unit of time notes can be placed in: exact `Rational` whole notes, or whole MIDI ticks.
public protocol NoteTime: Comparable, Sendable {
    static func + (a: Self, b: Self) -> Self
    /// One `count`-th of this length, or nil when that has no exact value in this unit.
    func part(of count: Int) -> Self?
}

extension Rational: NoteTime {
    /// One `count`-th of this length.
    @inlinable public func part(of count: Int) -> Rational? { self / count }
}

extension Int: NoteTime {
    /// One `count`-th of this many ticks, when it divides exactly.
    @inlinable public func part(of count: Int) -> Int? { count > 0 && self % count == 0 ? self / count : nil }
}

/// A sounding note with its start and end: the song as it sounds, every placement expanded
/// (Repeat copies, Syncs), ties joined into single notes, transpositions applied.
public struct TimedNote<Time: NoteTime>: Equatable, Sendable {
    /// Start (from the song start, or from the phrase start for phrase notes).
    public var start: Time
    /// End.
    public var end: Time
    /// Sounding MIDI key.
    public var pitch: Int
    /// 0…127 (0 emits no MIDI note).
    public var velocity: Int

    /// Creates a `TimedNote` from its parts.
    @inlinable public init(start: Time, end: Time, pitch: Int, velocity: Int) {
        self.start = start
        self.end = end
        self.pitch = pitch
        self.velocity = velocity
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

    @inlinable init() {}

    /// A plain note (the common case: no arrays touched when nothing is tied).
    @inlinable mutating func single(_ note: ChordNote, start: Time, end: Time) {
        if open.isEmpty {
            if note.tie { open.append(OpenTie(pitch: note.pitch, index: out.count)) }
            out.append(TimedNote(start: start, end: end, pitch: note.pitch, velocity: note.velocity))
            return
        }
        var index = out.count
        if let match = open.firstIndex(where: { $0.pitch == note.pitch }) {
            index = open[match].index
            out[index].end = end
        } else {
            out.append(TimedNote(start: start, end: end, pitch: note.pitch, velocity: note.velocity))
        }
        open.removeAll(keepingCapacity: true)
        if note.tie { open.append(OpenTie(pitch: note.pitch, index: index)) }
    }

    /// A chord (empty: a rest).
    @inlinable mutating func chord(_ notes: [ChordNote], start: Time, end: Time) {
        nextOpen.removeAll(keepingCapacity: true)
        for note in notes {
            var index = out.count
            if !open.isEmpty, let match = open.firstIndex(where: { $0.pitch == note.pitch }) {
                index = open[match].index
                out[index].end = end
            } else {
                out.append(TimedNote(start: start, end: end, pitch: note.pitch, velocity: note.velocity))
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
