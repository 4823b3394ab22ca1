import StaveComposition

/// Turns song time (whole notes) into seconds under a song's tempo map, for many times at once.
///
/// The rule is `SongFigures.seconds(upTo:tempos:)` (120 quarter notes a minute before the first
/// change); this only remembers, from it, the seconds at each tempo change and the length of a
/// whole note at each tempo, so that a time costs a binary search and one multiplication
/// instead of a walk over the whole map.
struct SecondsClock {
    /// The tempo map, sorted by time (`Performance.tempos`).
    let tempos: [PerformedTempo]
    /// `starts[i]`: seconds from the song start to `tempos[i].time`.
    let starts: [Rational]
    /// `perWhole[i]`: seconds a whole note lasts at `tempos[i].bpm`.
    let perWhole: [Rational]
    /// Seconds a whole note lasts before the first change.
    let firstPerWhole = SongFigures.seconds(upTo: Rational(1), tempos: [])

    /// The clock of `song`'s tempo map.
    init(_ song: Song) {
        self.init(tempos: Performance.tempos(of: song))
    }

    /// The clock of a tempo map sorted by time.
    init(tempos: [PerformedTempo]) {
        self.tempos = tempos
        var starts: [Rational] = []
        starts.reserveCapacity(tempos.count)
        var total = Rational.zero
        var previous: PerformedTempo?
        for tempo in tempos {
            if let previous {
                total = total + SongFigures.seconds(upTo: tempo.time - previous.time, tempos: [PerformedTempo(time: .zero, bpm: previous.bpm)])
            } else {
                total = SongFigures.seconds(upTo: tempo.time, tempos: [])
            }
            starts.append(total)
            previous = tempo
        }
        self.starts = starts
        perWhole = tempos.map { SongFigures.seconds(upTo: Rational(1), tempos: [PerformedTempo(time: .zero, bpm: $0.bpm)]) }
    }

    /// Seconds from the song start to `time`; equal to `SongFigures.seconds(upTo: time, tempos:)`.
    func seconds(at time: Rational) -> Rational {
        // The last change at or before `time`.
        var low = 0, high = tempos.count - 1, found = -1
        while low <= high {
            let mid = (low + high) / 2
            if tempos[mid].time <= time { found = mid; low = mid + 1 } else { high = mid - 1 }
        }
        guard found >= 0 else { return time * firstPerWhole }
        return starts[found] + (time - tempos[found].time) * perWhole[found]
    }
}
