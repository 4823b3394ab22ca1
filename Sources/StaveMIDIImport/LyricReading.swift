import StaveComposition

/// The lyric meta events (FF 05) of one MIDI track, read back into `lyrics` verses: each
/// phrase's lyric notes (`ExpressionRule.forEachSound`, the compiler's own definition) take the
/// syllable sung at their start tick, `*` when there is none. A syllable ending in `-` goes on
/// into the next one (`Twin-kle`); `Lyrics`, the one splitter, must read the verse back into
/// exactly these syllables, or the syllables it cannot hold become `*`.
struct LyricReading {
    /// Syllables not yet given to a note, by tick (the first at each tick).
    private(set) var byTick: [Int: String] = [:]
    /// Lyric events left out: a second one at a tick, or a text a verse cannot hold.
    private(set) var dropped = 0

    /// The lyrics of a track, their ticks scaled and placed by `snap` as note starts are.
    init(track: MIDITrackEvents, file: MIDIFile, scale: Int, snap: (Int) -> Int) {
        for event in track.events where event.isMeta && event.data1 == 0x05 {
            let tick = snap(event.tick * scale)
            if byTick[tick] == nil { byTick[tick] = file.text(of: event) } else { dropped += 1 }
        }
    }

    /// Syllables given by tick (another format's lyrics, `ImportLayout`).
    init(syllables: [Int: String]) {
        byTick = syllables
    }

    /// True when no syllable is waiting.
    var isEmpty: Bool { byTick.isEmpty }

    /// How many syllables were never given to a note (no note started at their tick).
    var unplaced: Int { byTick.count }

    /// The verse of a body that starts at `start`, taking its syllables; nil when none of its
    /// lyric notes has one.
    mutating func verse(for body: PhraseBody, start: Rational, clock: TickTime) -> String? {
        guard !byTick.isEmpty else { return nil }
        var syllables: [String?] = []
        var found = false
        ExpressionRule.forEachSound(in: body) { offset, startsSound, _ in
            guard startsSound else { return }
            let text = byTick.removeValue(forKey: clock.tick(start + offset))
            if text != nil { found = true }
            syllables.append(text)
        }
        guard found else { return nil }
        for index in syllables.indices {
            if let text = syllables[index], !LyricReading.isWritable(text) {
                syllables[index] = nil
                dropped += 1
            }
        }
        while syllables.last.map({ $0 == nil }) == true { syllables.removeLast() }
        guard !syllables.isEmpty else { return nil }
        let verse = LyricReading.verse(syllables)
        let expected = syllables.map { $0.map(Lyrics.Syllable.sung) ?? .skipped }
        guard Lyrics.syllables(of: verse) == expected else {
            dropped += syllables.compactMap { $0 }.count
            return nil
        }
        return verse
    }

    /// The verse text of syllables (nil: `*`): a syllable ending in `-` runs into the next one.
    static func verse(_ syllables: [String?]) -> String {
        var verse = ""
        for (index, syllable) in syllables.enumerated() {
            let text = syllable ?? "*"
            verse += text
            if index + 1 < syllables.count, !(syllable?.hasSuffix("-") ?? false) { verse += " " }
        }
        return verse
    }

    /// True for a syllable a verse can hold as it is: without its closing `-`, `Lyrics` (the
    /// one splitter) reads it back as that one sung syllable — so no space, line break or inner
    /// `-`, and not `_` or `*`, which mean something else.
    static func isWritable(_ text: String) -> Bool {
        let word = text.hasSuffix("-") ? String(text.dropLast()) : text
        return !word.isEmpty && Lyrics.syllables(of: word) == [.sung(word)]
    }
}

extension LyricReading {
    /// The sorted ticks of the syllables not yet given to a note.
    var ticks: [Int] { byTick.keys.sorted() }

    /// Silent notes (velocity 0: kept by Stave, never sounded, LANGUAGE.md rule 11) that carry
    /// the syllables at `lyricTicks` where none of `notes` starts, as Stave writes a syllable
    /// sung on a velocity-0 note. Each lasts to the next note boundary or syllable (a
    /// sixteenth when nothing follows), on the lowest pitch from middle C up that is free then.
    static func silentCarriers(at lyricTicks: [Int], among notes: [VoiceNote], ticksPerWhole: Int) -> [VoiceNote] {
        guard !lyricTicks.isEmpty else { return [] }
        let starts = Set(notes.map(\.start))
        var boundaries = Set(lyricTicks)
        for note in notes {
            boundaries.insert(note.start)
            boundaries.insert(note.end)
        }
        let sortedBoundaries = boundaries.sorted()
        var carriers: [VoiceNote] = []
        for tick in lyricTicks where !starts.contains(tick) {
            // The first boundary after the tick.
            var low = 0, high = sortedBoundaries.count
            while low < high {
                let mid = (low + high) / 2
                if sortedBoundaries[mid] <= tick { low = mid + 1 } else { high = mid }
            }
            let end = low < sortedBoundaries.count ? sortedBoundaries[low] : tick + max(1, ticksPerWhole / 16)
            let sounding = Set(notes.filter { $0.start < end && $0.end > tick }.map(\.pitch))
            guard let pitch = (60..<128).first(where: { !sounding.contains($0) }) else { continue }
            carriers.append(VoiceNote(start: tick, end: end, pitch: pitch, velocity: 0))
        }
        return carriers
    }
}
