import StaveComposition

/// Phrase bodies: notes, chords, rests, tuplets, ties, velocities and tempo marks.
extension RandomSongGenerator {
    mutating func body(_ track: Track) -> PhraseBody {
        pendingTies = []
        currentVelocity = track.velocity
        var notes: [RootNote] = []
        var tempos: [TempoMark] = []
        var time = Rational.zero
        for _ in 0..<(random.chance(8) ? 0 : random.int(1...10)) {
            if random.chance(8) { tempos.append(TempoMark(offset: time, bpm: bpm())) }
            let choice = random.int(0...9)
            if choice < 2, pendingTies.isEmpty {
                time = time + restLength()
                if random.chance(20) {
                    tempos.append(TempoMark(offset: time, bpm: bpm()))
                    time = time + restLength()
                }
            } else if choice < 7 {
                let width = random.chance(75) ? single() : sum()
                notes.append(RootNote(position: time, width: width, divisions: [.chord(leaf(track))]))
                time = time + width
            } else {
                let width = single()
                notes.append(RootNote(position: time, width: width, divisions: tupletItems(track, depth: 1)))
                time = time + width
            }
        }
        if !pendingTies.isEmpty {
            let width = single()
            notes.append(RootNote(position: time, width: width, divisions: [.chord(leaf(track, tiesAllowed: false))]))
            time = time + width
        }
        if random.chance(15) { time = time + restLength() }
        if random.chance(8) { tempos.append(TempoMark(offset: time, bpm: bpm())) }
        return PhraseBody(length: time, notes: notes, tempos: tempos)
    }

    /// One written duration.
    mutating func single() -> Rational {
        let (value, dots) = random.pick(RandomSongGenerator.singles)
        let power = 1 << dots
        return Rational(1, value) * Rational(2 * power - 1, power)
    }

    /// A length written with inline ties (`c2~8`).
    mutating func sum() -> Rational {
        var total = single()
        for _ in 0..<random.int(1...2) { total = total + single() }
        return total
    }

    mutating func restLength() -> Rational {
        random.chance(70) ? single() : sum()
    }

    /// A note or chord (empty for a rest when allowed): it holds the pitches tied into it, and
    /// may tie some of its own pitches into the next one.
    mutating func leaf(_ track: Track, tiesAllowed: Bool = true) -> [ChordNote] {
        var pitches = pendingTies
        let size = max(pitches.count, random.chance(70) ? 1 : random.int(2...4))
        while pitches.count < size {
            let pitch = randomPitch(track)
            if !pitches.contains(pitch) { pitches.append(pitch) }
        }
        pitches.shuffle(using: &random)
        var notes: [ChordNote] = []
        pendingTies = []
        for pitch in pitches {
            if random.chance(15) { currentVelocity = random.chance(50) ? random.pick([16, 33, 49, 64, 80, 96, 112, 127]) : random.int(0...127) }
            let tie = tiesAllowed && random.chance(15)
            if tie { pendingTies.append(pitch) }
            notes.append(ChordNote(pitch: pitch, velocity: currentVelocity, tie: tie))
        }
        return notes
    }

    mutating func randomPitch(_ track: Track) -> Int {
        if track.kind == .drums { return random.int(35...81) }
        let low = max(10, -track.transpose), high = min(127, 127 - track.transpose)
        if random.chance(3) { return random.pick([low, low + 1, high]) }
        return random.int(max(low, 36)...min(high, 96))
    }

    mutating func tupletItems(_ track: Track, depth: Int) -> [TupletNote] {
        (0..<random.int(1...5)).map { _ in
            let choice = random.int(0...9)
            if choice < 1, pendingTies.isEmpty { return .rest }
            if choice < 2, depth < 4 { return .tuplet(tupletItems(track, depth: depth + 1)) }
            return .chord(leaf(track))
        }
    }
}
