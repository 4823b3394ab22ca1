import StaveComposition
import StaveSyntax
import StaveTestSupport

/// Generates random Composition songs that the front end could have produced, covering every
/// construct: header tempo and meter changes, all keys, melody and drum tracks with settings
/// and explicit or assigned channels, Original / Repeat / Sync phrases placed at the cursor or
/// at bars, notes, chords, rests (gaps and tuplet rests), nested tuplets, ties (also across
/// tuplets and chords), inline-tied widths, velocities and in-body tempo marks; and the Stave 2
/// marks (`RandomSongGenerator+Expression`).
///
/// The songs are built directly as values (not from text), so the printer and the save format
/// are tested against trees they did not make.
struct RandomSongGenerator {
    var random: SeededRandom
    /// Pitches tied from the previous note or chord: the next one must contain them.
    var pendingTies: [Int] = []
    /// The velocity cursor of the phrase being generated.
    var currentVelocity = 100

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    static let trackIDs = ["lead", "bass", "o5", "r", "x7", "_t", "Voice2", "c", "drums2"]
    static let phraseIDs = ["a", "b", "theme", "x3", "v9", "bb", "kick", "_p", "Chorus1", "o4"]
    static let texts = ["Song", "Ünïcödé ♪ 歌", "with \"quotes\" and \\ backslash", "", "tab\there", "cr\rhere", "// not a comment", "\"\u{301}accent on a quote\\\u{301}"]
    static let tempos = ["120", "92.5", "60.25", "1", "1000", "133.125", "72.0001", "100", "0.5"]
    static let singles: [(value: Int, dots: Int)] = [(4, 0), (4, 0), (8, 0), (8, 0), (2, 0), (16, 0), (1, 0), (4, 1), (8, 1), (2, 1),
                                                     (32, 0), (64, 0), (2, 2), (16, 3), (64, 3), (1, 3), (4, 2)]

    mutating func song() -> Song {
        var song = Song(title: random.pick(RandomSongGenerator.texts), composer: random.chance(50) ? random.pick(RandomSongGenerator.texts) : nil,
                        ppq: random.chance(50) ? 480 : random.pick([24, 96, 720, 1920, 32767]), key: key(),
                        tempos: headerTempos(), meters: meters())
        let meterMap = MeterMap(meters: song.meters)
        var ids = RandomSongGenerator.trackIDs
        ids.shuffle(using: &random)
        for id in ids.prefix(random.int(0...3)) { song.tracks.append(track(id)) }
        assignChannels(&song.tracks)
        for index in song.tracks.indices { song.tracks[index].phrases = phrases(forTrack: index, of: song, meterMap: meterMap) }
        if random.chance(10) {
            song.markers = (0..<random.int(1...3)).map { _ in SongMarker(bar: random.int(1...40), text: random.pick(RandomSongGenerator.texts)) }
        }
        return song
    }

    mutating func bpm() -> Rational {
        let text = random.pick(RandomSongGenerator.tempos)
        let parts = text.split(separator: ".")
        var denominator = 1
        for _ in 0..<(parts.count > 1 ? parts[1].count : 0) { denominator *= 10 }
        let value = Rational(Int(parts.joined())!, denominator)
        return value < Rational(1) ? Rational(1) : value
    }

    mutating func key() -> Key {
        while true {
            let tonic = PitchSpelling(letter: random.pick(Array("abcdefg")), accidental: random.pick([nil, nil, 1, -1, 0]))
            if let key = Key(tonic: tonic, mode: random.chance(60) ? .major : .minor) { return key }
        }
    }

    mutating func headerTempos() -> [TempoChange] {
        var tempos = [TempoChange(bar: 1, bpm: random.chance(40) ? Rational(120) : bpm())]
        var bar = 1
        for _ in 0..<random.int(0...2) {
            bar += random.int(1...8)
            tempos.append(TempoChange(bar: bar, bpm: bpm()))
        }
        return tempos
    }

    mutating func meter(bar: Int) -> MeterChange {
        MeterChange(bar: bar, numerator: random.chance(90) ? random.int(1...12) : random.int(1...64), denominator: random.pick([4, 4, 8, 2, 16, 1, 32, 64]))
    }

    mutating func meters() -> [MeterChange] {
        var meters = [random.chance(40) ? MeterChange(bar: 1, numerator: 4, denominator: 4) : meter(bar: 1)]
        var bar = 1
        for _ in 0..<random.int(0...2) {
            bar += random.int(1...6)
            meters.append(meter(bar: bar))
        }
        return meters
    }

    // MARK: - Tracks

    mutating func track(_ id: String) -> Track {
        let kind: TrackKind = random.chance(30) ? .drums : .melody
        var track = Track(id: id, name: random.chance(50) ? random.pick(RandomSongGenerator.texts) : nil, kind: kind,
                          program: random.chance(50) ? 0 : random.int(0...127), channel: 0, channelIsExplicit: random.chance(20),
                          volume: random.chance(70) ? 100 : random.int(0...127), pan: random.chance(70) ? 64 : random.int(0...127),
                          velocity: random.chance(70) ? 100 : random.int(0...127))
        if kind == .melody {
            track.octave = random.chance(60) ? 4 : random.int(0...9)
            track.transpose = random.chance(60) ? 0 : random.int(-48...48)
        }
        if track.channelIsExplicit { track.channel = random.int(1...16) }
        if random.chance(15) { track.legato = random.int(1...100) }
        return track
    }

    /// The channels the compiler assigns: explicit first, then the lowest free ones, never 10.
    func assignChannels(_ tracks: inout [Track]) {
        var taken = Set(tracks.filter(\.channelIsExplicit).map(\.channel))
        taken.insert(10)
        for index in tracks.indices where !tracks[index].channelIsExplicit {
            if tracks[index].kind == .drums {
                tracks[index].channel = 10
            } else {
                let free = (1...16).first { !taken.contains($0) }!
                tracks[index].channel = free
                taken.insert(free)
            }
        }
    }

    // MARK: - Phrases

    mutating func phrases(forTrack index: Int, of song: Song, meterMap: MeterMap) -> [Phrase] {
        let track = song.tracks[index]
        var phrases: [Phrase] = []
        var cursor = Rational.zero
        var usedIDs: Set<String> = []
        for _ in 0..<random.int(0...4) {
            var start = cursor
            if random.chance(20) { start = meterMap.start(ofBar: meterMap.locate(cursor).bar + random.int(1...3)) }
            let ownOriginals = phrases.compactMap { phrase -> (String, PhraseBody)? in
                guard let id = phrase.id, case .original(let body) = phrase.content else { return nil }
                return (id, body)
            }
            var syncSources: [(track: String, phrase: String, body: PhraseBody)] = ownOriginals.map { (track.id, $0.0, $0.1) }
            for other in song.tracks[..<index] where other.kind == track.kind {
                for phrase in other.phrases {
                    if let id = phrase.id, case .original(let body) = phrase.content { syncSources.append((other.id, id, body)) }
                }
            }
            let choice = random.int(0...9)
            if choice < 2, !ownOriginals.isEmpty {
                let (source, body) = random.pick(ownOriginals)
                let count = random.chance(90) ? random.int(1...4) : random.int(5...300)
                phrases.append(Phrase(start: start, content: .repeat(source: source, count: count)))
                cursor = start + body.length * count
            } else if choice < 4, !syncSources.isEmpty {
                let source = random.pick(syncSources)
                let transpose = track.kind == .drums ? 0 : syncTranspose(source.body, target: track)
                phrases.append(Phrase(start: start, content: .sync(track: source.track, phrase: source.phrase, transpose: transpose)))
                cursor = start + source.body.length
            } else {
                var body = self.body(track)
                var id: String?
                if random.chance(70), let free = RandomSongGenerator.phraseIDs.shuffled(using: &random).first(where: { !usedIDs.contains($0) }) {
                    id = free
                    usedIDs.insert(free)
                }
                express(&body, track: track, id: id)
                phrases.append(Phrase(id: id, start: start, content: .original(body)))
                cursor = start + body.length
            }
        }
        return phrases
    }

    /// A transpose that keeps every pitch of the source within 0–127 on the target track.
    mutating func syncTranspose(_ body: PhraseBody, target: Track) -> Int {
        var lowest = 127, highest = 0
        func walk(_ division: TupletNote) {
            switch division {
            case .chord(let notes): for note in notes { lowest = min(lowest, note.pitch); highest = max(highest, note.pitch) }
            case .tuplet(let items): items.forEach(walk)
            }
        }
        body.notes.forEach { $0.divisions.forEach(walk) }
        body.expression.graces.forEach { $0.items.forEach { walk(.chord($0)) } }
        guard lowest <= highest else { return random.int(-127...127) }
        let range = max(-127, -lowest - target.transpose)...min(127, 127 - highest - target.transpose)
        let preferred = [0, 12, -12, 24, -24, 7].filter(range.contains)
        return random.chance(70) && !preferred.isEmpty ? random.pick(preferred) : random.int(range)
    }
}
