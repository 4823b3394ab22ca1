/// The notes of one track on their way into its MTrk chunk: each note-on is written at once,
/// its note-off waits in a min-heap until the first event after it. Lyrics wait too, so that at
/// one tick the order is rule 14's whatever placement an event comes from: note-offs, then
/// controllers and bends, then lyrics, then note-ons.
struct NoteStream {
    private var encoder: TrackEncoder
    private let channel: UInt8
    private var offs = OffHeap()
    /// Lyrics not written yet, in tick order: their ticks and their text's bytes in `lyricBytes`.
    private var lyrics: [(tick: Int, bytes: Range<Int>)] = []
    private var lyricBytes: [UInt8] = []
    private var nextLyric = 0
    /// The last note-off's tick: where the track ends.
    private var end = 0
    /// Notes started so far: orders note-offs of one tick by their notes' starts.
    private var sequence = 0

    init(encoder: TrackEncoder, channel: UInt8) {
        self.encoder = encoder
        self.channel = channel
    }

    /// A note from tick `start` to `stop`; silent and empty notes write nothing.
    @inline(__always)
    mutating func note(start: Int, stop: Int, pitch: Int, velocity: Int) {
        guard stop > start, velocity > 0 else { return }
        if nextLyric < lyrics.count {
            drain(through: start, lyricsOfThatTick: true)
        } else {
            writeOffs(through: start)
        }
        encoder.channel(at: start, status: 0x90 | channel, UInt8(pitch), UInt8(velocity))
        offs.push(OffHeap.Entry(tick: stop, sequence: sequence, pitch: UInt8(pitch)))
        sequence += 1
        end = max(end, stop)
    }

    /// Writes the note-offs due at or before `tick` and the waiting lyrics before it (those of
    /// `tick` itself too when `lyricsOfThatTick`), in tick order, note-offs first at one tick.
    mutating func drain(through tick: Int, lyricsOfThatTick: Bool) {
        let lastLyricTick = lyricsOfThatTick ? tick : tick - 1
        while true {
            let lyricTick = nextLyric < lyrics.count ? lyrics[nextLyric].tick : Int.max
            if offs.nextTick <= tick, offs.nextTick <= lyricTick, let first = offs.pop() {
                encoder.channel(at: first.tick, status: 0x80 | channel, first.pitch, 0)
            } else if nextLyric < lyrics.count, lyricTick <= lastLyricTick {
                let lyric = lyrics[nextLyric]
                lyricBytes.withUnsafeBufferPointer { all in
                    encoder.meta(at: lyric.tick, type: 0x05, bytes: UnsafeBufferPointer(rebasing: all[lyric.bytes]))
                }
                nextLyric += 1
            } else {
                break
            }
        }
        if nextLyric == lyrics.count, nextLyric > 0 {
            lyrics.removeAll(keepingCapacity: true)
            lyricBytes.removeAll(keepingCapacity: true)
            nextLyric = 0
        }
    }

    /// A controller or pitch-bend message at `tick`, after the note-offs of that tick and before
    /// its lyrics.
    mutating func control(at tick: Int, status: UInt8, _ data1: UInt8, _ data2: UInt8) {
        drain(through: tick, lyricsOfThatTick: false)
        encoder.channel(at: tick, status: status | channel, data1, data2)
        end = max(end, tick)
    }

    /// A lyric (FF 05) at `tick`. One that `mayMeetLaterControls` (a control still to come may
    /// fall on its tick) waits until the controllers of its tick are written; any other is
    /// written at once unless lyrics are already waiting (their order is kept).
    mutating func lyric(at tick: Int, bytes: UnsafeBufferPointer<UInt8>, mayMeetLaterControls: Bool) {
        // Lyrics come in tick order (copies in time order, each merged by tick), so the queue
        // stays sorted.
        if !mayMeetLaterControls, nextLyric == lyrics.count {
            writeOffs(through: tick)
            encoder.meta(at: tick, type: 0x05, bytes: bytes)
            end = max(end, tick)
            return
        }
        let start = lyricBytes.count
        lyricBytes.append(contentsOf: bytes)
        lyrics.append((tick, start..<lyricBytes.count))
        end = max(end, tick)
    }

    /// Writes the note-offs due at or before `tick` (no lyric is waiting).
    @inline(__always)
    private mutating func writeOffs(through tick: Int) {
        while offs.nextTick <= tick, let first = offs.pop() {
            encoder.channel(at: first.tick, status: 0x80 | channel, first.pitch, 0)
        }
    }

    /// Writes the pending note-offs and ends the track.
    mutating func finish() {
        flush()
        encoder.finish(at: end)
    }

    /// Writes the pending note-offs and lyrics.
    mutating func flush() {
        drain(through: Int.max, lyricsOfThatTick: true)
    }
}

/// A binary min-heap of pending note-offs, ordered by tick then by the order the notes started
/// (unique keys, so the order they come out in does not depend on the heap's shape).
struct OffHeap {
    struct Entry {
        var tick: Int
        var sequence: Int
        var pitch: UInt8

        @inline(__always)
        func precedes(_ other: Entry) -> Bool {
            tick != other.tick ? tick < other.tick : sequence < other.sequence
        }
    }

    private var items: [Entry] = []

    /// The tick of the next note-off; `Int.max` when none is pending.
    var nextTick: Int { items.isEmpty ? Int.max : items[0].tick }

    mutating func push(_ entry: Entry) {
        items.append(entry)
        items.withUnsafeMutableBufferPointer { heap in
            // Sift up, moving parents down into the hole instead of swapping.
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard entry.precedes(heap[parent]) else { break }
                heap[child] = heap[parent]
                child = parent
            }
            heap[child] = entry
        }
    }

    @discardableResult
    mutating func pop() -> Entry? {
        guard let last = items.popLast() else { return nil }
        guard !items.isEmpty else { return last }
        return items.withUnsafeMutableBufferPointer { heap in
            let top = heap[0]
            // Sift the last entry down from the root, moving smaller children up into the hole.
            var parent = 0
            while true {
                var child = 2 * parent + 1
                if child >= heap.count { break }
                if child + 1 < heap.count, heap[child + 1].precedes(heap[child]) { child += 1 }
                guard heap[child].precedes(last) else { break }
                heap[parent] = heap[child]
                parent = child
            }
            heap[parent] = last
            return top
        }
    }
}
