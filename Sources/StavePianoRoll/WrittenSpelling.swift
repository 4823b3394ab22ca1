import StaveSyntax
import StaveComposition

/// How the notes of a track were written, per sounding pitch: the spelling the roll labels a
/// melody row with (`F#4` for an `f#` written in F major, where the key alone would say `Gb4`).
///
/// Counted are the written notes (grace notes included) of every placement of the track whose
/// written time overlaps the shown range, each written chord member once (a note tied over a bar
/// line is written, and counted, twice). A placement transposed by other than whole octaves is
/// left out: its written letters no longer name what sounds. Of two spellings of one pitch the
/// one written more often wins; a tie goes to the one written first. Pitches without a written
/// spelling (chord-symbol tones, rows no note sounds in) are not in the table.
enum WrittenSpelling {
    /// The chosen spelling of each sounding pitch of `track` written between `start` and `end`.
    static func table(of track: Track, in song: Song, from start: Rational, to end: Rational) -> [Int: PitchSpelling] {
        guard track.kind == .melody else { return [:] }
        var tally = Tally()
        // Stave 3 `transpose`: the song's transposition respells by the key interval instead.
        let interval = song.transpose % 12 == 0 ? nil : KeyInterval(transposing: song.key, by: song.transpose)
        for placement in Performance.placements(of: track, in: song) where (placement.shift - song.transpose) % 12 == 0 {
            let length = placement.body.length
            guard length > .zero, placement.count > 0 else { continue }
            // Only the copies that overlap the range: copy c covers start + c·length ..< + length.
            let firstCopy = max(0, ((start - placement.start) / length).floor)
            let lastCopy = min(placement.count - 1, ((end - placement.start) / length).floor)
            guard firstCopy <= lastCopy else { continue }
            for copy in firstCopy...lastCopy {
                let offset = placement.start + length * copy
                Visit(offset: offset, shift: placement.shift, start: start, end: end, interval: interval).walk(placement.body, into: &tally)
            }
        }
        return tally.chosen()
    }

    /// The spellings seen per pitch, in the order first written.
    struct Tally {
        var counts: [Int: [(spelling: PitchSpelling, count: Int)]] = [:]

        mutating func add(_ pitch: Int, _ spelling: PitchSpelling) {
            if let index = counts[pitch]?.firstIndex(where: { $0.spelling == spelling }) {
                counts[pitch]![index].count += 1
            } else {
                counts[pitch, default: []].append((spelling, 1))
            }
        }

        /// The most written spelling of each pitch, the first written among equals.
        func chosen() -> [Int: PitchSpelling] {
            counts.compactMapValues { seen in
                seen.enumerated().max { $0.element.count != $1.element.count ? $0.element.count < $1.element.count : $0.offset > $1.offset }?.element.spelling
            }
        }
    }

    /// One copy of a body walked for its written notes, in written order (a grace group just
    /// before the note it decorates).
    struct Visit {
        let offset: Rational
        let shift: Int
        let start: Rational
        let end: Rational
        var interval: KeyInterval?

        /// Adds the copy's notes written inside the range to `tally`.
        func walk(_ body: PhraseBody, into tally: inout Tally) {
            var graces: [Rational: [[ChordNote]]] = [:]
            for group in body.expression.graces where graces[group.offset] == nil { graces[group.offset] = group.items }
            for root in body.notes {
                let from = offset + root.position
                guard from < end, from + root.width > start else { continue }
                let divisions = root.divisions
                let part = root.width / max(1, divisions.count)
                for (index, division) in divisions.enumerated() {
                    self.division(division, at: root.position + part * index, width: part, graces: graces, into: &tally)
                }
            }
        }

        /// Adds the notes of `division`, which starts `time` after the body's start (and the
        /// grace notes written before it).
        func division(_ division: TupletNote, at time: Rational, width: Rational, graces: [Rational: [[ChordNote]]], into tally: inout Tally) {
            let from = offset + time
            guard from < end, from + width > start else { return }
            switch division {
            case .chord(let notes):
                if !notes.isEmpty, from >= start, let items = graces[time] {
                    for item in items { chord(item, into: &tally) }
                }
                chord(notes, into: &tally)
            case .tuplet(let items):
                let part = width / max(1, items.count)
                for (index, item) in items.enumerated() {
                    self.division(item, at: time + part * index, width: part, graces: graces, into: &tally)
                }
            }
        }

        func chord(_ notes: [ChordNote], into tally: inout Tally) {
            for note in notes {
                guard var spelling = note.spelling else { continue }
                if let interval {
                    guard let moved = interval.respell(spelling) else { continue }
                    spelling = moved
                }
                let pitch = note.pitch + shift
                guard Pitch.octave(of: pitch, spelledAs: spelling) != nil else { continue }
                tally.add(pitch, spelling)
            }
        }
    }
}
