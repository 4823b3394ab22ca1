import StaveComposition
import StaveMIDIImport
import StaveSyntax

/// Builds the Stave song of a read `Score`: the measures played in order (`FormUnfolding`)
/// give the bars, meters and the clock; each voice of each part becomes a track whose one
/// phrase the MIDI import's layout writes (`ImportLayout`); the marks are placed on it.
struct SongBuilder {
    let score: Score
    var remarks: [String] = []
    /// Notes left out or changed, by kind, with where the first few are (part and measure).
    private var noteProblems: [String: (count: Int, places: [String])] = [:]
    private var noteProblemOrder: [String] = []

    init(score: Score) {
        self.score = score
        self.remarks = score.remarks
    }

    /// A note Stave cannot write exactly: counted by kind, its place kept for the remark.
    private mutating func problem(_ kind: String, part: Score.Part, measure: Int) {
        if noteProblems[kind] == nil { noteProblemOrder.append(kind) }
        var entry = noteProblems[kind] ?? (0, [])
        entry.count += 1
        if entry.places.count < 5 { entry.places.append("part \(part.name ?? part.id) measure \(score.measures[measure].number)") }
        noteProblems[kind] = entry
    }

    /// A note placed on the song's timeline (ticks), from the play of its measure.
    private struct Placed {
        var start: Int
        var end: Int
        var note: Score.Note
        var pass: Int
        /// The note's voice and index there (which syllables of which verses were sung).
        var voice: String = ""
        var index: Int = 0
    }

    /// A syllable of a note: its voice, index and verse.
    private struct SyllableKey: Hashable {
        var voice: String
        var index: Int
        var verse: Int
    }

    /// A direction on the timeline.
    private struct PlacedDirection {
        var tick: Int
        var time: Rational
        var direction: Score.Direction
    }

    mutating func song(defaultTitle: String) -> MusicXMLImporter.Result {
        let measures = score.measures
        let (form, plays) = formAndPlays()
        // Bars: one per measure played; a measure whose length is not its meter's bar gets a meter of its own.
        var meters: [MeterChange] = []
        var playStarts: [Rational] = []
        playStarts.reserveCapacity(plays.count + 1)
        var time = Rational.zero
        var irregular = 0, unwritable = 0
        for (bar, play) in plays.enumerated() {
            playStarts.append(time)
            let measure = measures[play.measure]
            var meter = measure.meter
            if measure.length != Rational(meter.numerator, meter.denominator) {
                if let fitted = SongBuilder.meter(for: measure.length, preferring: meter.denominator) {
                    meter = fitted
                    irregular += 1
                } else {
                    unwritable += 1
                }
            }
            if meters.last.map({ $0.numerator != meter.numerator || $0.denominator != meter.denominator }) ?? true {
                meters.append(MeterChange(bar: bar + 1, numerator: meter.numerator, denominator: meter.denominator))
            }
            time = time + measure.length
        }
        playStarts.append(time)
        if irregular > 0 {
            remarks.append("\(irregular) bar\(irregular == 1 ? "" : "s") shorter or longer than \(irregular == 1 ? "its" : "their") time signature (such as a pickup) \(irregular == 1 ? "is" : "are") written with a meter of \(irregular == 1 ? "its" : "their") own")
        }
        if unwritable > 0 {
            remarks.append("\(unwritable) bar\(unwritable == 1 ? "" : "s") cannot be given a meter of \(unwritable == 1 ? "its" : "their") length; the following bar lines move")
        }
        if meters.isEmpty { meters = [MeterChange(bar: 1, numerator: 4, denominator: 4)] }
        let meterMap = MeterMap(meters: meters)

        // The clock: the least ppq (at least 24, 480 when that serves) on which every time falls.
        let ppq = clockPPQ(plays: plays)
        let ticksPerWhole = 4 * ppq
        func tick(_ time: Rational) -> Int { (time * ticksPerWhole).roundedHalfUp }

        // The key: the first one written; later changes as key changes at the bars that play them.
        let firstKey = measures.lazy.compactMap(\.key).first
        let key = firstKey.flatMap { SongBuilder.key(fifths: $0.fifths, minor: $0.minor) } ?? .cMajor
        var skippedKeys = 0
        let keyChanges = SongBuilder.keyChanges(measures, plays: plays, firstKey: key, skipped: &skippedKeys) { play in
            let place = meterMap.locate(playStarts[play])
            return place.offset == .zero ? place.bar : nil
        }
        if skippedKeys > 0 {
            remarks.append("\(skippedKeys) key change\(skippedKeys == 1 ? "" : "s") inside a bar (after a measure no meter gives) \(skippedKeys == 1 ? "is" : "are") not written: the pitches keep their spelling with accidentals")
        }

        // Directions of every part in playing order.
        var playsOfMeasure = [[Int]](repeating: [], count: measures.count)
        for (index, play) in plays.enumerated() { playsOfMeasure[play.measure].append(index) }
        func placedDirections(_ part: Score.Part) -> [PlacedDirection] {
            var placed: [PlacedDirection] = []
            for direction in part.directions {
                for play in playsOfMeasure[direction.measure] {
                    let at = playStarts[play] + direction.offset
                    placed.append(PlacedDirection(tick: tick(at), time: at, direction: direction))
                }
            }
            // Stable: directions at one time keep their order in the file.
            return placed.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }.map(\.element)
        }

        // Tempos and markers: at a bar start in the header, otherwise in the first track's body.
        var tempos: [TempoChange] = []
        var bodyTempos: [(tick: Int, bpm: Rational)] = []
        var songMarkers: [SongMarker] = []
        var seenTempoTicks = Set<Int>()
        var seenMarkers = Set<String>()
        let directionsByPart = score.parts.map(placedDirections)
        for directions in directionsByPart {
            for placed in directions {
                switch placed.direction.kind {
                case .tempo(let bpm):
                    guard seenTempoTicks.insert(placed.tick).inserted else { continue }
                    let place = meterMap.locate(placed.time)
                    if place.offset == .zero {
                        tempos.append(TempoChange(bar: place.bar, bpm: bpm))
                    } else {
                        bodyTempos.append((placed.tick, bpm))
                    }
                case .marker(let text):
                    let place = meterMap.locate(placed.time)
                    if place.offset == .zero, seenMarkers.insert("\(place.bar) \(text)").inserted {
                        songMarkers.append(SongMarker(bar: place.bar, text: SongBuilder.writable(text)))
                    }
                default:
                    break
                }
            }
        }
        tempos.sort { $0.bar < $1.bar }
        if tempos.first?.bar != 1 { tempos.insert(TempoChange(bar: 1, bpm: Rational(120)), at: 0) }
        bodyTempos.sort { $0.tick < $1.tick }

        // The tracks.
        var tracks: [Track] = []
        var usedIDs = Set<String>()
        var inexact = 0, lostLyrics = 0, lostGraces = 0, lostSymbols = 0, lostMarkers = 0, lostWedges = 0
        var melodyChannels = 0
        let layout = ImportLayout(ticksPerWhole: ticksPerWhole, meterMap: meterMap)
        for (partIndex, part) in score.parts.enumerated() {
            let directions = directionsByPart[partIndex]
            let channel: Int
            if let written = part.channel {
                channel = written
            } else if part.isDrums {
                channel = 10
            } else {
                let free = [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16]
                channel = free[melodyChannels % free.count]
                melodyChannels += 1
            }
            // Every voice's notes (ties joined in their voice, velocities by the dynamics of the
            // part and of the voice), then one line of chords per track as the MIDI import splits.
            var notes: [Placed] = []
            var graces: [Placed] = []
            var velocityOf: [Int] = []
            var graceVelocities: [Int] = []
            for voiceName in part.voiceOrder where !(part.voices[voiceName] ?? []).isEmpty {
                var (voiceNotes, voiceGraces) = placedNotes(part.voices[voiceName] ?? [], voice: voiceName, part: part, plays: plays, playStarts: playStarts, tick: tick)
                if part.isDrums {
                    voiceNotes = voiceNotes.filter { placed in
                        if DrumNames.name(forKey: placed.note.pitch) != nil { return true }
                        problem("drum notes of MIDI keys without a General MIDI drum name", part: part, measure: placed.note.measure)
                        return false
                    }
                    voiceGraces = voiceGraces.filter { DrumNames.name(forKey: $0.note.pitch) != nil }
                } else {
                    voiceNotes = voiceNotes.filter { placed in
                        let pitch = placed.note.pitch
                        if pitch >= 10, pitch <= 127, (0...127).contains(pitch + part.transpose) { return true }
                        problem("notes Stave cannot write (below MIDI 10, or outside 0–127 once transposed)", part: part, measure: placed.note.measure)
                        return false
                    }
                    voiceGraces = voiceGraces.filter { $0.note.pitch >= 10 && $0.note.pitch <= 127 && (0...127).contains($0.note.pitch + part.transpose) }
                }
                let velocities = directions.compactMap { placed -> (tick: Int, velocity: Int)? in
                    guard case .velocity(let velocity) = placed.direction.kind, placed.direction.voice == nil || placed.direction.voice == voiceName else { return nil }
                    return (placed.tick, velocity)
                }
                func velocity(at tick: Int) -> Int {
                    var low = 0, high = velocities.count
                    while low < high {
                        let mid = (low + high) / 2
                        if velocities[mid].tick <= tick { low = mid + 1 } else { high = mid }
                    }
                    return low == 0 ? 100 : velocities[low - 1].velocity
                }
                notes += voiceNotes
                velocityOf += voiceNotes.map { velocity(at: $0.start) }
                graces += voiceGraces
                graceVelocities += voiceGraces.map { velocity(at: $0.start) }
            }
            guard !notes.isEmpty else { continue }
            let order = notes.indices.sorted { a, b in
                (notes[a].start, notes[a].note.pitch, notes[a].end, a) < (notes[b].start, notes[b].note.pitch, notes[b].end, b)
            }
            let sortedImported = order.map { index in
                ImportedNote(start: notes[index].start, end: notes[index].end, pitch: notes[index].note.pitch, velocity: velocityOf[index],
                             spelling: part.isDrums ? nil : notes[index].note.spelling, marks: notes[index].note.marks)
            }
            // Wedges: each from its start to the stop that follows.
            var wedges: [(start: Int, stop: Int, crescendo: Bool)] = []
            var openWedge: (start: Int, crescendo: Bool)?
            for placed in directions {
                guard case .wedge(let crescendo) = placed.direction.kind else { continue }
                if let crescendo {
                    if let openWedge { wedges.append((openWedge.start, placed.tick, openWedge.crescendo)) }
                    openWedge = (placed.tick, crescendo)
                } else if let open = openWedge {
                    wedges.append((open.start, placed.tick, open.crescendo))
                    openWedge = nil
                }
            }
            if let openWedge { wedges.append((openWedge.start, Int.max, openWedge.crescendo)) }
            let assigned = ImportLayout.voices(of: sortedImported)
            let trackCount = (assigned.max() ?? 0) + 1
            var graceTaken = [Bool](repeating: false, count: graces.count)
            var placedWedges = Set<Int>()
            var allSyllables = Set<SyllableKey>(), sungSyllables = Set<SyllableKey>()
            var symbolTaken = Set<Int>()
            for trackIndex in 0..<trackCount {
                let members = order.indices.filter { assigned[$0] == trackIndex }
                let imported = members.map { sortedImported[$0] }
                let placedMembers = members.map { notes[order[$0]] }
                // Marks: the first track of the part carries its pedal and markers inside bars;
                // the song's first track its tempo changes inside bars.
                let carriesTempos = tracks.isEmpty
                let tempoTicks = carriesTempos ? bodyTempos.map(\.tick) : []
                var marks: [(tick: Int, kind: Score.Direction.Kind)] = []
                if trackIndex == 0 {
                    for placed in directions {
                        switch placed.direction.kind {
                        case .pedal:
                            if !part.isDrums { marks.append((placed.tick, placed.direction.kind)) }
                        case .marker(let text):
                            if meterMap.locate(placed.time).offset != .zero {
                                if seenMarkers.insert("\(placed.tick) \(text)").inserted { marks.append((placed.tick, placed.direction.kind)) }
                            }
                        default:
                            break
                        }
                    }
                }
                var (body, voiceInexact, tempoTimes, markTimes) = layout.body(imported, origin: .zero, extraTicks: tempoTicks,
                                                                               markTicks: marks.map(\.tick), key: key, drums: part.isDrums)
                inexact += voiceInexact
                if carriesTempos { body.tempos = zip(tempoTimes, bodyTempos).map { TempoMark(offset: $0, bpm: $1.bpm) } }
                for (mark, offset) in zip(marks, markTimes) {
                    switch mark.kind {
                    case .pedal(let down): body.expression.controls.append(ControlMark(offset: offset, event: .pedal(down: down)))
                    case .marker(let text): body.expression.markers.append(MarkerMark(offset: offset, text: SongBuilder.writable(text)))
                    default: break
                    }
                }
                placeHairpins(wedges, placed: &placedWedges, notes: imported, in: &body, ticksPerWhole: ticksPerWhole)
                placeGraces(graces, velocities: graceVelocities, taken: &graceTaken, in: &body, ticksPerWhole: ticksPerWhole, drums: part.isDrums)
                placeSymbols(directions, taken: &symbolTaken, in: &body, ticksPerWhole: ticksPerWhole)
                // Lyrics: each note sings the verse of its pass (verse 1 when it has no such verse).
                var syllables: [Int: String] = [:]
                var sungKeys: [Int: SyllableKey] = [:]
                if !part.isDrums {
                    for placed in placedMembers where !placed.note.lyrics.isEmpty {
                        for lyric in placed.note.lyrics { allSyllables.insert(SyllableKey(voice: placed.voice, index: placed.index, verse: lyric.verse)) }
                        let lyrics = placed.note.lyrics.sorted { $0.verse < $1.verse }
                        let sung = lyrics.first { $0.verse == placed.pass } ?? lyrics[0]
                        if syllables[placed.start] == nil {
                            syllables[placed.start] = sung.continues ? sung.text + "-" : sung.text
                            sungKeys[placed.start] = SyllableKey(voice: placed.voice, index: placed.index, verse: sung.verse)
                        }
                    }
                }
                var phraseID: String?
                if !syllables.isEmpty {
                    let (verse, _) = layout.verse(syllables, for: body, start: .zero)
                    if let verse {
                        body.expression.verses = [verse]
                        phraseID = "p1"
                        // The syllables the verse holds (a text it cannot hold is sung as `*`).
                        var offsets: [Rational] = []
                        ExpressionRule.forEachSound(in: body) { offset, startsSound, _ in if startsSound { offsets.append(offset) } }
                        var index = 0
                        Lyrics.forEachSyllable(of: verse) { syllable, _ in
                            defer { index += 1 }
                            guard index < offsets.count, case .sung = syllable else { return }
                            if let key = sungKeys[(offsets[index] * ticksPerWhole).roundedHalfUp] { sungSyllables.insert(key) }
                        }
                    }
                }
                let id = ImportLayout.trackID(name: part.name, program: part.program ?? 0, drums: part.isDrums,
                                              voice: trackCount > 1 ? trackIndex + 1 : nil, used: &usedIDs)
                let name = part.name.map(SongBuilder.writable)
                // The phrase lasts to the end of the score (its last rests are written); rests
                // of a length no duration can write (after a bar of a length no meter has) reach
                // the next sixty-fourth instead.
                if time > body.length {
                    let rests = time - body.length
                    body.length = body.length + (WrittenDuration.spell(rests) != nil ? rests : Rational(-((-rests * 64).floor), 64))
                }
                tracks.append(Track(id: id, name: name == id ? nil : name, kind: part.isDrums ? .drums : .melody, program: part.program ?? 0,
                                    channel: channel, channelIsExplicit: true, volume: part.volume, pan: part.pan,
                                    transpose: part.isDrums ? 0 : part.transpose,
                                    phrases: [Phrase(id: phraseID, start: .zero, content: .original(body))]))
            }
            lostGraces += graceTaken.filter { !$0 }.count
            lostWedges += wedges.count - placedWedges.count
            lostLyrics += allSyllables.subtracting(sungSyllables).count
            lostSymbols += directions.indices.filter { index in
                if case .harmony = directions[index].direction.kind { return !symbolTaken.contains(index) } else { return false }
            }.count
        }
        if tracks.isEmpty, !bodyTempos.isEmpty {
            remarks.append("\(bodyTempos.count) tempo changes inside bars are left out: the score has no notes to hold them")
        }
        ImportLayout.dropImpliedChannels(&tracks)
        for kind in noteProblemOrder {
            guard let entry = noteProblems[kind] else { continue }
            remarks.append("\(entry.count) \(kind) left out (\(entry.places.joined(separator: ", "))\(entry.count > entry.places.count ? ", …" : ""))")
        }
        if inexact > 0 { remarks.append("\(inexact) note boundaries cannot be written exactly and are moved to the nearest sixty-fourth") }
        if lostLyrics > 0 { remarks.append("\(lostLyrics) lyric syllables are left out (a verse no pass sings — Stave sings one verse a pass — or a text a verse cannot hold, such as one with a space)") }
        if lostGraces > 0 { remarks.append("\(lostGraces) grace notes are left out (before a rest, a tied note or nothing)") }
        if lostSymbols > 0 { remarks.append("\(lostSymbols) chord symbols are left out (no chord of their notes starts with them, or its notes differ in their ties or marks)") }
        if lostWedges > 0 { remarks.append("\(lostWedges) hairpins (wedges) are left out; the dynamics around them are kept") }
        _ = lostMarkers
        var song = Song(title: SongBuilder.writable(score.title ?? defaultTitle), composer: score.composer.map(SongBuilder.writable), ppq: ppq, key: key,
                        tempos: tempos, meters: meters, tracks: tracks)
        song.markers = songMarkers
        song.keyChanges = keyChanges
        song.form = form
        return MusicXMLImporter.Result(song: song, remarks: remarks)
    }

    /// The notes of a voice on the timeline, ties joined (grace notes apart): each measure's
    /// notes once per play of it.
    private mutating func placedNotes(_ notes: [Score.Note], voice: String, part: Score.Part, plays: [FormUnfolding.Play], playStarts: [Rational],
                                      tick: (Rational) -> Int) -> (notes: [Placed], graces: [Placed]) {
        var byMeasure: [Int: [Int]] = [:]
        for (index, note) in notes.enumerated() { byMeasure[note.measure, default: []].append(index) }
        var placed: [Placed] = []
        var graces: [Placed] = []
        for (playIndex, play) in plays.enumerated() {
            guard let indices = byMeasure[play.measure] else { continue }
            for index in indices {
                let note = notes[index]
                let start = tick(playStarts[playIndex] + note.offset)
                let item = Placed(start: start, end: note.grace ? start : tick(playStarts[playIndex] + note.offset + note.length), note: note, pass: play.pass,
                                  voice: voice, index: index)
                if note.grace { graces.append(item) } else if item.end > item.start { placed.append(item) }
            }
        }
        placed = placed.enumerated().sorted { ($0.element.start, $0.element.note.pitch, $0.offset) < ($1.element.start, $1.element.note.pitch, $1.offset) }.map(\.element)
        // Ties: a note tied on joins the next note of its pitch that starts where it ends.
        struct Key: Hashable {
            var tick: Int
            var pitch: Int
        }
        var open: [Key: Int] = [:]
        var joined: [Placed] = []
        joined.reserveCapacity(placed.count)
        var brokenTies = 0
        for item in placed {
            if let index = open.removeValue(forKey: Key(tick: item.start, pitch: item.note.pitch)) {
                joined[index].end = item.end
                let marks = item.note.marks.intersection([.staccato, .tenuto])
                joined[index].note.marks = joined[index].note.marks.subtracting([.staccato, .tenuto]).union(marks)
                if item.note.tieStart { open[Key(tick: item.end, pitch: item.note.pitch)] = index }
                continue
            }
            if item.note.tieStop, !item.note.lyrics.isEmpty || true { /* a tie from nothing: the note stands alone */ }
            joined.append(item)
            if item.note.tieStart { open[Key(tick: item.end, pitch: item.note.pitch)] = joined.count - 1 }
        }
        brokenTies = open.count
        _ = brokenTies
        // Two notes of one pitch in one voice: the earlier ends where the later starts.
        var lastOfPitch: [Int: Int] = [:]
        var kept: [Placed] = []
        kept.reserveCapacity(joined.count)
        for item in joined {
            if let previous = lastOfPitch[item.note.pitch], kept[previous].end > item.start {
                if kept[previous].start == item.start {
                    problem("notes doubling another of the same pitch and start in their voice", part: part, measure: item.note.measure)
                    kept[previous].end = max(kept[previous].end, item.end)
                    continue
                }
                problem("overlaps of two notes of one pitch in a voice (the earlier is cut short)", part: part, measure: item.note.measure)
                kept[previous].end = item.start
            }
            lastOfPitch[item.note.pitch] = kept.count
            kept.append(item)
        }
        return (kept, graces)
    }

    /// Hairpins for the wedges where the body's velocities allow one (Stave's hairpin runs from
    /// where it stands to the next velocity command, which must be louder for a crescendo and
    /// softer for a diminuendo): from the first note at or after the wedge's start to the next
    /// change of written velocity. `placed`: the indices of the wedges placed (on this or an
    /// earlier track of the part).
    private func placeHairpins(_ wedges: [(start: Int, stop: Int, crescendo: Bool)], placed: inout Set<Int>, notes: [ImportedNote],
                               in body: inout PhraseBody, ticksPerWhole: Int) {
        guard !wedges.isEmpty else { return }
        // The velocity of each distinct start, in order.
        var starts: [(tick: Int, velocity: Int)] = []
        for note in notes where starts.last?.tick != note.start { starts.append((note.start, note.velocity)) }
        var openUntil = Int.min
        for (index, wedge) in wedges.enumerated() where !placed.contains(index) {
            guard let first = starts.firstIndex(where: { $0.tick >= wedge.start }), starts[first].tick >= openUntil else { continue }
            let from = first == 0 ? starts[first].velocity : starts[first - 1].velocity
            guard starts[first].velocity == from,
                  let change = starts[(first + 1)...].firstIndex(where: { $0.velocity != from }) else { continue }
            let to = starts[change].velocity
            guard wedge.crescendo ? to > from : to < from else { continue }
            placed.insert(index)
            body.expression.hairpins.append(Hairpin(start: Rational(starts[first].tick, ticksPerWhole), end: Rational(starts[change].tick, ticksPerWhole),
                                                    from: from, to: to))
            openUntil = starts[change].tick
        }
    }

    /// Grace notes as grace groups of the notes of this body they stand before (`taken`: the
    /// graces already placed, on this or an earlier track of the part).
    private func placeGraces(_ graces: [Placed], velocities: [Int], taken: inout [Bool], in body: inout PhraseBody, ticksPerWhole: Int, drums: Bool) {
        guard !graces.isEmpty else { return }
        // Where a note or chord starts a sound in the body (not continuing a tie).
        var starts: Set<Rational> = []
        var previousTied = false
        for root in body.notes {
            let chord = root.singleNote.map { [$0] } ?? root.singleChord
            if let chord, !chord.isEmpty {
                if !previousTied { starts.insert(root.position) }
                previousTied = chord.contains { $0.tie }
            } else {
                previousTied = root.singleChord == nil
            }
        }
        var byStart: [Int: [Int]] = [:]
        for index in graces.indices where !taken[index] { byStart[graces[index].start, default: []].append(index) }
        for (start, indices) in byStart {
            let offset = Rational(start, ticksPerWhole)
            guard starts.contains(offset), !body.expression.graces.contains(where: { $0.offset == offset }) else { continue }
            var items: [[ChordNote]] = []
            for index in indices {
                let grace = graces[index]
                let note = ChordNote(pitch: grace.note.pitch, velocity: velocities[index], spelling: drums ? nil : grace.note.spelling)
                if grace.note.chord, !items.isEmpty { items[items.count - 1].append(note) } else { items.append([note]) }
            }
            guard items.count <= 64 else { continue }
            for index in indices { taken[index] = true }
            body.expression.graces.append(GraceGroup(offset: offset, items: items.map { $0.sorted { $0.pitch < $1.pitch } }))
        }
        body.expression.graces.sort { $0.offset < $1.offset }
    }

    /// Chord symbols on the chords of this body that hold their pitches (`taken`: the indices
    /// of the part's directions already placed).
    private func placeSymbols(_ directions: [PlacedDirection], taken: inout Set<Int>, in body: inout PhraseBody, ticksPerWhole: Int) {
        var byPosition: [Rational: [ChordNote]] = [:]
        for root in body.notes {
            if let note = root.singleNote { byPosition[root.position] = [note] } else if let chord = root.singleChord { byPosition[root.position] = chord }
        }
        for (index, placed) in directions.enumerated() where !taken.contains(index) {
            guard case .harmony(let symbol) = placed.direction.kind else { continue }
            let offset = Rational(placed.tick, ticksPerWhole)
            guard let chord = byPosition[offset], !body.expression.chordSymbols.contains(where: { $0.offset == offset }) else { continue }
            let pitches = Set(chord.map(\.pitch))
            // The symbol writes its tones with one tie and one set of marks: a chord whose tones
            // differ there keeps its notes, without the symbol.
            func writable(_ root: Int) -> Bool {
                let tones = Set(symbol.pitches(root: root))
                let members = chord.filter { tones.contains($0.pitch) }
                return members.allSatisfy { $0.tie == members[0].tie && $0.marks == members[0].marks }
            }
            let rootClass = (symbol.root.semitonesAboveC % 12 + 12) % 12
            let root = stride(from: 127, through: 0, by: -1).first { candidate in
                candidate % 12 == rootClass && symbol.pitches(root: candidate).allSatisfy(pitches.contains) && writable(candidate)
            }
            if let root {
                body.expression.chordSymbols.append(ChordSymbolMark(offset: offset, symbol: symbol, rootPitch: root))
                taken.insert(index)
            }
        }
        body.expression.chordSymbols.sort { $0.offset < $1.offset }
    }

    /// The ppq on which every time of the played score falls (480 when that does), at least 24;
    /// 480 when no ppq up to 32767 does (the layout then moves what it must).
    private func clockPPQ(plays: [FormUnfolding.Play]) -> Int {
        var denominators = Set<Int>()
        for measure in score.measures { denominators.insert(measure.length.denominator) }
        for part in score.parts {
            for notes in part.voices.values {
                for note in notes {
                    denominators.insert(note.offset.denominator)
                    denominators.insert((note.offset + note.length).denominator)
                }
            }
            for direction in part.directions { denominators.insert(direction.offset.denominator) }
        }
        var whole = 1
        for denominator in denominators where denominator > 0 {
            guard let next = Rational.lcm(whole, denominator), next <= 4 * 32767 else { return 480 }
            whole = next
        }
        if 1920 % whole == 0 { return 480 }
        // ppq such that 4·ppq is a multiple of `whole`.
        var base = whole / SongBuilder.gcd(whole, 4)
        while base < 24 { base *= 2 }
        return base <= 32767 ? base : 480
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    /// A meter whose bar lasts `length`: over the time signature's denominator when it can,
    /// else over the least power of two (up to 64) that makes the numerator whole (1…64).
    static func meter(for length: Rational, preferring denominator: Int) -> (numerator: Int, denominator: Int)? {
        guard length > .zero else { return nil }
        for candidate in [denominator] + [1, 2, 4, 8, 16, 32, 64] where candidate >= 1 {
            let numerator = length * candidate
            if numerator.isInteger, (1...64).contains(numerator.numerator), length.denominator <= candidate || candidate == denominator {
                return (numerator.numerator, candidate)
            }
        }
        return nil
    }

    /// The key with `fifths` sharps (negative: flats), major or minor.
    static func key(fifths: Int, minor: Bool) -> Key? {
        for letter in "cdefgab" {
            for accidental in [0, 1, -1] {
                if let key = Key(tonic: PitchSpelling(letter: letter, accidental: accidental == 0 ? nil : accidental), mode: minor ? .minor : .major),
                   key.fifths == fifths {
                    return key
                }
            }
        }
        return nil
    }

    /// A text as a Stave string can hold it: line breaks as spaces, other control characters out.
    static func writable(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" {
                out.append(" ")
            } else if (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value) {
                continue
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
