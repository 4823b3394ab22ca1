import StaveComposition

/// MusicXML `<divisions>`: how many parts a quarter note is divided into. Chosen as the least
/// common multiple that makes every time of the song a whole number of divisions: note and
/// tuplet-item starts and lengths, phrase placements, bar lines and tempo changes.
public enum Divisions {
    /// Divisions per quarter for a song; nil when no 64-bit count fits.
    public static func perQuarter(for song: Song) -> Int? {
        var counter = Counter()
        for meter in song.meters { counter.add(meter.barLength) }
        for tempo in Performance.tempos(of: song) { counter.add(tempo.time) }
        for track in song.tracks {
            for placement in Performance.placements(of: track, in: song) {
                counter.add(placement.start)
                counter.add(placement.body.length)
                for root in placement.body.notes {
                    counter.add(root.position)
                    counter.add(root.width)
                    let divisions = root.divisions
                    if divisions.count > 1 {
                        counter.tuplet(divisions, width: root.width)
                    } else if case .tuplet(let items)? = divisions.first {
                        counter.tuplet(items, width: root.width)
                    }
                }
            }
        }
        return counter.overflowed ? nil : counter.divisions
    }

    /// The smallest divisions per quarter that make each of `times` (whole notes) whole.
    public static func perQuarter(times: [Rational]) -> Int? {
        var counter = Counter()
        for time in times { counter.add(time) }
        return counter.overflowed ? nil : counter.divisions
    }

    private struct Counter {
        var divisions = 1
        var overflowed = false

        /// A time of `p/q` whole notes is `4p/q` quarters: whole in divisions when the
        /// divisions are a multiple of `q / gcd(q, 4)`.
        mutating func add(_ time: Rational) {
            guard !time.isOverflow else { overflowed = true; return }
            let q = time.denominator
            if q == 1 || q == 2 || q == 4 { return }
            let needed = q % 4 == 0 ? q / 4 : q % 2 == 0 ? q / 2 : q
            guard divisions % needed != 0 else { return }
            guard let lcm = Rational.lcm(divisions, needed), lcm <= Int.max / 4096 else { overflowed = true; return }
            divisions = lcm
        }

        mutating func tuplet(_ items: [TupletNote], width: Rational) {
            guard !items.isEmpty else { return }
            let part = width / items.count
            add(part)
            for item in items {
                if case .tuplet(let inner) = item { tuplet(inner, width: part) }
            }
        }
    }
}
