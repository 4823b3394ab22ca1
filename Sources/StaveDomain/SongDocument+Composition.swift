import StaveComposition
import StaveSyntax
import StaveJSON

/// Conversions between the Composition tree (exact rational time) and the Domain model
/// (integer time at a resolution). Both directions are lossless for songs the front end
/// produces: the resolution is the smallest one that makes every time an integer.
extension SongDocument {
    /// The Domain form of a Composition song. Throws when a time cannot be written with a
    /// resolution that fits in 64 bits (no song the front end accepts does that).
    public init(_ song: Song) throws {
        let resolution = try SongDocument.resolution(for: song)
        func units(_ time: Rational) throws -> Int {
            let (value, overflow) = time.numerator.multipliedReportingOverflow(by: resolution / time.denominator)
            guard !time.isOverflow, !overflow, abs(value) <= JSONValue.maximumInteger else {
                throw BackendError("time \(time) cannot be saved exactly at resolution \(resolution)")
            }
            return value
        }
        // Stave's own spelling of each MIDI pitch in the song's key, worked out once.
        let speller = PitchSpeller(key: song.key)
        let defaultSpellings = (0...127).map { speller.spell($0).spelling }
        func defaultSpelling(_ pitch: Int) -> PitchSpelling {
            defaultSpellings.indices.contains(pitch) ? defaultSpellings[pitch] : speller.spell(pitch).spelling
        }
        func documentNote(_ note: ChordNote) -> Note {
            // Only a spelling other than Stave's own is stored.
            var spelling = note.spelling
            if let written = spelling, written == defaultSpelling(note.pitch) { spelling = nil }
            return Note(pitch: note.pitch, velocity: note.velocity, tie: note.tie, spelling: spelling, marks: note.marks, ownVelocity: note.ownVelocity)
        }
        func block(_ division: TupletNote) -> NoteBlock {
            switch division {
            case .chord(let notes): return .notes(notes.map(documentNote))
            case .tuplet(let items): return .blocks(items.map(block))
            }
        }
        func expression(_ marks: PhraseExpression) throws -> Expression {
            guard !marks.isEmpty else { return Expression() }
            var result = Expression(verses: marks.verses, lyricsSource: marks.lyricsSource)
            for pin in marks.hairpins {
                result.hairpins.append(Hairpin(start: try units(pin.start), end: try units(pin.end), from: pin.from, to: pin.to,
                                               startAfterGraces: pin.startAfterGraces, endAfterGraces: pin.endAfterGraces))
            }
            for group in marks.graces {
                result.graces.append(Grace(offset: try units(group.offset), items: group.items.map { $0.map(documentNote) }))
            }
            for control in marks.controls {
                result.controls.append(Control(offset: try units(control.offset), event: control.event, afterGraces: control.afterGraces))
            }
            for marker in marks.markers { result.markers.append(Marker(offset: try units(marker.offset), text: marker.text, afterGraces: marker.afterGraces)) }
            for chord in marks.chordSymbols {
                result.chordSymbols.append(ChordSymbolMark(offset: try units(chord.offset), symbol: chord.symbol, root: chord.rootPitch))
            }
            return result
        }
        var tracks: [Track] = []
        for track in song.tracks {
            var phrases: [Phrase] = []
            for phrase in track.phrases {
                let content: Phrase.Content
                switch phrase.content {
                case .original(let body):
                    var containers: [NoteContainer] = []
                    containers.reserveCapacity(body.notes.count)
                    for note in body.notes {
                        containers.append(NoteContainer(position: try units(note.position), width: try units(note.width), blocks: note.divisions.map(block)))
                    }
                    var tempos: [TempoMark] = []
                    for mark in body.tempos { tempos.append(TempoMark(offset: try units(mark.offset), bpm: mark.bpm)) }
                    content = .original(length: try units(body.length), containers: containers, tempos: tempos,
                                        expression: try expression(body.expression))
                case .repeat(let source, let count):
                    content = .repeat(source: source, count: count)
                case .sync(let sourceTrack, let source, let transpose):
                    content = .sync(track: sourceTrack, phrase: source, transpose: transpose)
                }
                phrases.append(Phrase(id: phrase.id, start: try units(phrase.start), content: content))
            }
            var saved = Track(id: track.id, name: track.name, kind: track.kind, program: track.program, channel: track.channel,
                              channelIsExplicit: track.channelIsExplicit, volume: track.volume, pan: track.pan, velocity: track.velocity,
                              octave: track.octave, transpose: track.transpose, legato: track.legato, phrases: phrases)
            saved.swing = track.swing
            saved.humanize = track.humanize
            saved.staff = track.staff
            tracks.append(saved)
        }
        self.init(title: song.title, composer: song.composer, ppq: song.ppq, resolution: resolution, key: song.key,
                  tempos: song.tempos, meters: song.meters, markers: song.markers, tracks: tracks)
        tempoRamps = song.tempoRamps
        swing = song.swing
        humanize = song.humanize
        form = song.form
        keyChanges = song.keyChanges
        transpose = song.transpose
        // Accompaniment (v3): styles, `symbols` and `comp` as written.
        styles = song.styles
        for (index, track) in song.tracks.enumerated() {
            self.tracks[index].symbols = track.symbols
            self.tracks[index].comp = track.comp.map { CompStatement(source: $0.source, style: $0.style, part: $0.part) }
        }
    }

    /// The smallest number of units per whole note that makes every time of the song an integer.
    static func resolution(for song: Song) throws -> Int {
        var resolution = 1
        func include(_ time: Rational) throws {
            guard !time.isOverflow, let combined = Rational.lcm(resolution, time.denominator) else {
                throw BackendError("the song's times are too fine to save exactly")
            }
            resolution = combined
        }
        for track in song.tracks {
            for phrase in track.phrases {
                try include(phrase.start)
                guard case .original(let body) = phrase.content else { continue }
                try include(body.length)
                for note in body.notes {
                    try include(note.position)
                    try include(note.width)
                }
                for mark in body.tempos { try include(mark.offset) }
                let marks = body.expression
                guard !marks.isEmpty else { continue }
                for pin in marks.hairpins {
                    try include(pin.start)
                    try include(pin.end)
                }
                for group in marks.graces { try include(group.offset) }
                for control in marks.controls { try include(control.offset) }
                for marker in marks.markers { try include(marker.offset) }
                for chord in marks.chordSymbols { try include(chord.offset) }
            }
        }
        return resolution
    }

    /// The Composition form of this document. Meaningful for documents that `SongDecoder`
    /// accepted (or that were made from a Composition song).
    public var composition: Song {
        let resolution = max(1, self.resolution)
        // Phrases convert independently of each other: a large song's on all cores.
        let converted = ParallelJobs.run(groups: self.tracks.map(\.phrases.count)) { trackIndex, phraseIndex in
            let phrase = self.tracks[trackIndex].phrases[phraseIndex]
            let content: StaveComposition.Phrase.Content
            switch phrase.content {
            case .original(let length, let containers, let tempos, let expression):
                content = .original(SongDocument.body(length: length, containers: containers, tempos: tempos, expression: expression,
                                                      resolution: resolution))
            case .repeat(let source, let count):
                content = .repeat(source: source, count: count)
            case .sync(let sourceTrack, let source, let transpose):
                content = .sync(track: sourceTrack, phrase: source, transpose: transpose)
            }
            return StaveComposition.Phrase(id: phrase.id, start: Rational(phrase.start, resolution), content: content)
        }
        let tracks = zip(self.tracks, converted).map { track, phrases in
            var result = StaveComposition.Track(id: track.id, name: track.name, kind: track.kind, program: track.program, channel: track.channel,
                                                channelIsExplicit: track.channelIsExplicit, volume: track.volume, pan: track.pan,
                                                velocity: track.velocity, octave: track.octave, transpose: track.transpose, phrases: phrases)
            result.legato = track.legato
            result.staff = track.staff
            result.swing = track.swing
            result.humanize = track.humanize
            result.symbols = track.symbols
            return result
        }
        var song = Song(title: title, composer: composer, ppq: ppq, key: key, tempos: tempos, meters: meters, tracks: tracks)
        song.markers = markers
        song.tempoRamps = tempoRamps
        song.swing = swing
        song.humanize = humanize
        song.form = form
        song.keyChanges = keyChanges
        song.transpose = transpose
        // Accompaniment (v3): each comp with its part's patterns lowered for its track.
        song.styles = styles
        for (index, track) in self.tracks.enumerated() {
            guard let statement = track.comp else { continue }
            song.tracks[index].comp = Accompaniment.comp(source: statement.source, style: statement.style, part: statement.part,
                                                         for: song.tracks[index], styles: styles)
        }
        return song
    }

    /// The Composition body of an Original phrase's parts at a resolution (also what the
    /// validator hands the language's rules, `ExpressionRule`).
    static func body(length: Int, containers: [NoteContainer], tempos: [TempoMark], expression: Expression, resolution: Int) -> PhraseBody {
        func time(_ units: Int) -> Rational { Rational(units, resolution) }
        func chordNote(_ note: Note) -> ChordNote {
            ChordNote(pitch: note.pitch, velocity: note.velocity, tie: note.tie, spelling: note.spelling, marks: note.marks, ownVelocity: note.ownVelocity)
        }
        func division(_ block: NoteBlock) -> TupletNote {
            switch block {
            case .notes(let notes): return .chord(notes.map(chordNote))
            case .blocks(let blocks): return .tuplet(blocks.map(division))
            }
        }
        let notes = containers.map { RootNote(position: time($0.position), width: time($0.width), divisions: $0.blocks.map(division)) }
        let marks = tempos.map { StaveComposition.TempoMark(offset: time($0.offset), bpm: $0.bpm) }
        guard !expression.isEmpty else { return PhraseBody(length: time(length), notes: notes, tempos: marks) }
        let phraseExpression = PhraseExpression(
            hairpins: expression.hairpins.map {
                StaveComposition.Hairpin(start: time($0.start), end: time($0.end), from: $0.from, to: $0.to,
                                         startAfterGraces: $0.startAfterGraces, endAfterGraces: $0.endAfterGraces)
            },
            graces: expression.graces.map { GraceGroup(offset: time($0.offset), items: $0.items.map { $0.map(chordNote) }) },
            controls: expression.controls.map { ControlMark(offset: time($0.offset), event: $0.event, afterGraces: $0.afterGraces) },
            markers: expression.markers.map { MarkerMark(offset: time($0.offset), text: $0.text, afterGraces: $0.afterGraces) },
            chordSymbols: expression.chordSymbols.map { StaveComposition.ChordSymbolMark(offset: time($0.offset), symbol: $0.symbol, rootPitch: $0.root) },
            verses: expression.verses, lyricsSource: expression.lyricsSource)
        return PhraseBody(length: time(length), notes: notes, tempos: marks, expression: phraseExpression)
    }
}
