import StaveSyntax

/// The realisation of `comp` (LANGUAGE.md "Accompaniment (v3)"): a style's part laid bar by bar
/// over the harmony of a source track, notes cut and restarted at chord changes, chord-tone
/// words given the pitches of the chord in force, `chord` voiced close to the chord before.
///
/// One stage over the source's placements (rule 17: after the form's unfolding, before swing
/// and humanize): `Performance.placements` calls it for a track with a comp, so every backend
/// (MIDI, audio, the roll, MusicXML) plays the realised notes.
public enum Accompaniment {
    /// A chord symbol of the harmony: where it takes effect and the pitch classes it names
    /// (a Sync's `transpose` applied, no track or header transposition).
    public struct Chord: Equatable, Sendable {
        /// When it takes effect, in whole notes from the song start.
        public var onset: Rational
        /// The symbol as written.
        public var symbol: ChordSymbol
        /// The root's pitch class, 0…11.
        public var root: Int
        /// The slash bass's pitch class (the root's when there is none), 0…11.
        public var bass: Int
    }

    /// A track's harmony: its chord symbols in performance order (a symbol tied from the same
    /// symbol extends the one before and is left out), and where the last one ends.
    public struct Harmony: Sendable {
        /// The chords by onset.
        public var chords: [Chord]
        /// The end of the source's performance (the end of its last phrase).
        public var end: Rational

        /// The index of the chord in force at `time` (the last with onset ≤ time), nil before the first.
        public func index(at time: Rational) -> Int? {
            var low = 0, high = chords.count
            while low < high {
                let middle = (low + high) / 2
                if chords[middle].onset <= time { low = middle + 1 } else { high = middle }
            }
            return low == 0 ? nil : low - 1
        }
    }

    /// The harmony of `source` as it is played (its phrases' placements; a comp track has none).
    /// Without `joiningTies` a symbol tied from the same symbol stays a chord of its own: the
    /// first onset and the end are the same, for the checks that need only those.
    public static func harmony(of source: Track, in song: Song, joiningTies: Bool = true) -> Harmony {
        var chords: [Chord] = []
        var end = Rational.zero
        guard source.kind == .melody, source.comp == nil else { return Harmony(chords: [], end: .zero) }
        for placement in Performance.phrasePlacements(of: source, in: song) {
            let length = placement.body.length
            end = max(end, placement.start + length * placement.count)
            let marks = placement.body.expression.chordSymbols
            guard !marks.isEmpty else { continue }
            let extends = joiningTies ? extensions(placement.body) : Array(repeating: false, count: marks.count)
            // The harmony is read before the source's own and the header's transposition (a
            // Sync's `transpose` stays in it); the comp's notes then move like any notes.
            let shift = placement.shift - source.transpose - song.transpose
            for copy in 0..<placement.count {
                let offset = placement.start + length * copy
                for (index, mark) in marks.enumerated() where !extends[index] {
                    let root = ((mark.rootPitch + shift) % 12 + 12) % 12
                    let bass = mark.symbol.bass.map { (($0.semitonesAboveC + shift) % 12 + 12) % 12 } ?? root
                    chords.append(Chord(onset: offset + mark.offset, symbol: mark.symbol, root: root, bass: bass))
                }
            }
        }
        chords = chords.enumerated().sorted { $0.element.onset != $1.element.onset ? $0.element.onset < $1.element.onset : $0.offset < $1.offset }.map(\.element)
        return Harmony(chords: chords, end: end)
    }

    /// For each chord symbol of a body, whether it is tied from the same symbol just before it
    /// (`[C~]2 [C]2`): the earlier symbol's root still sounds, joined by its tie, at its onset.
    static func extensions(_ body: PhraseBody) -> [Bool] {
        let marks = body.expression.chordSymbols
        var result = Array(repeating: false, count: marks.count)
        guard marks.count > 1 else { return result }
        // The body's notes are joined, in one pass, only when two neighbours name the same chord
        // (joining a long body for every harmony read would cost more than the realisation).
        let candidates = (1..<marks.count).filter { marks[$0 - 1].symbol == marks[$0].symbol && marks[$0 - 1].rootPitch == marks[$0].rootPitch }
        guard !candidates.isEmpty else { return result }
        var wanted: [Rational: [Int]] = [:]
        for index in candidates { wanted[marks[index - 1].offset, default: []].append(index) }
        for note in Performance.joinedNotes(body) {
            guard let indices = wanted[note.start] else { continue }
            for index in indices where note.pitch == marks[index - 1].rootPitch && note.end > marks[index].offset {
                result[index] = true
            }
        }
        return result
    }

    /// The placement a comp track plays: its realised notes as one body from the song's start.
    public static func placements(_ comp: Comp, of track: Track, in song: Song) -> [Performance.Placement] {
        guard let source = song.track(comp.source) else { return [] }
        let transpose = track.kind == .melody ? track.transpose + song.transpose : 0
        let body = realised(comp, isDrums: track.kind == .drums, harmony: harmony(of: source, in: song), meters: MeterMap(meters: song.meters),
                            transpose: transpose)
        return [Performance.Placement(body: body, start: .zero, count: 1, shift: transpose, legato: track.legato)]
    }

    /// One realised note before it joins a container.
    struct Sounding {
        var start: Rational
        var end: Rational
        var pitch: Int
        var velocity: Int
        var marks: NoteMarks
    }

    /// The comp's notes over `harmony`, as a body from the song's start: every bar from the
    /// first chord's bar to the harmony's end plays its meter's pattern (a bar without one —
    /// an error the front end reports — stays silent). Velocities are final (hairpins and
    /// accents applied); staccato and tenuto stay on each piece for the track's legato.
    public static func realised(_ comp: Comp, isDrums: Bool, harmony: Harmony, meters: MeterMap, transpose: Int) -> PhraseBody {
        guard let first = harmony.chords.first?.onset, harmony.end > first else { return PhraseBody(length: harmony.end) }
        // Each pattern's written notes (ties joined) beside their velocities as played.
        var prepared: [(numerator: Int, denominator: Int, written: [PerformedNote], velocities: [Int])] = []
        for pattern in comp.patterns {
            let written = Performance.joinedNotes(pattern.body)
            let played = Performance.performedBody(pattern.body, legato: 100).notes
            let velocities = played.count == written.count ? played.map(\.velocity) : written.map(\.velocity)
            prepared.append((pattern.numerator, pattern.denominator, written, velocities))
        }
        var voicing = Voicing()
        var out: [Sounding] = []
        var bar = meters.locate(first).bar
        var barStart = meters.start(ofBar: bar)
        while barStart < harmony.end {
            let meter = meters.locate(barStart).meter
            let next = barStart + meter.barLength
            // Every note of a bar starts in it (a pattern is one bar), so sorting each bar's
            // notes sorts them all.
            let barFirst = out.count
            defer { sortByTime(&out, from: barFirst); bar += 1; barStart = next }
            guard let pattern = prepared.first(where: { $0.numerator == meter.numerator && $0.denominator == meter.denominator }) else { continue }
            for (index, note) in pattern.written.enumerated() {
                let start = barStart + note.start
                guard start >= first, start < harmony.end else { continue }
                let writtenEnd = barStart + note.end
                let end = min(writtenEnd, harmony.end)
                var marks = note.marks
                marks.remove(.accent)
                let velocity = pattern.velocities[index]
                if isDrums {
                    out.append(Sounding(start: start, end: end, pitch: note.pitch, velocity: velocity, marks: marks))
                    continue
                }
                let code = note.pitch % 12, base = note.pitch - code
                let tone = ChordTone(code: code)
                if tone == .approach {
                    // A semitone below the root of the chord in force at the written end.
                    let chord = harmony.chords[harmony.index(at: writtenEnd) ?? 0]
                    out.append(Sounding(start: start, end: end, pitch: base + chord.root - 1, velocity: velocity, marks: marks))
                    continue
                }
                // Cut at every change strictly inside the note; each piece plays the word anew.
                var pieceStart = start
                var chordIndex = harmony.index(at: start) ?? 0
                while pieceStart < end {
                    let pieceEnd = chordIndex + 1 < harmony.chords.count ? min(end, harmony.chords[chordIndex + 1].onset) : end
                    for pitch in voicing.pitches(tone, of: harmony.chords[chordIndex], base: base) {
                        out.append(Sounding(start: pieceStart, end: pieceEnd, pitch: pitch, velocity: velocity, marks: marks))
                    }
                    pieceStart = pieceEnd
                    chordIndex += 1
                }
            }
        }
        return body(out, length: harmony.end, transpose: transpose)
    }

    /// Sorts `notes[from...]` by start, then end, then the order they were made in.
    static func sortByTime(_ notes: inout [Sounding], from: Int) {
        guard notes.count - from > 1 else { return }
        let sorted = notes[from...].enumerated().sorted {
            let a = $0.element, b = $1.element
            if a.start != b.start { return a.start < b.start }
            if a.end != b.end { return a.end < b.end }
            return $0.offset < $1.offset
        }.map(\.element)
        notes.replaceSubrange(from..., with: sorted)
    }

    /// The notes as containers: notes of one start and end share a chord (one pitch once, at
    /// its highest velocity); pitches pushed outside 0…127 by the track's transposition are left
    /// out. `sorted` is in time order (`sortByTime`).
    static func body(_ sorted: [Sounding], length: Rational, transpose: Int) -> PhraseBody {
        var roots: [RootNote] = []
        var index = 0
        while index < sorted.count {
            let start = sorted[index].start, end = sorted[index].end
            var chord: [ChordNote] = []
            while index < sorted.count, sorted[index].start == start, sorted[index].end == end {
                let note = sorted[index]
                index += 1
                guard (0...127).contains(note.pitch + transpose) else { continue }
                if let same = chord.firstIndex(where: { $0.pitch == note.pitch }) {
                    chord[same].velocity = max(chord[same].velocity, note.velocity)
                } else {
                    chord.append(ChordNote(pitch: note.pitch, velocity: note.velocity, marks: note.marks))
                }
            }
            guard !chord.isEmpty else { continue }
            chord.sort { $0.pitch < $1.pitch }
            roots.append(RootNote(position: start, width: end - start, chord: chord))
        }
        return PhraseBody(length: length, notes: roots)
    }
}
