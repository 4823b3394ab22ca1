/// A text placed at a time of the song: a sung syllable or a chord symbol.
public struct PerformedText: Equatable, Sendable {
    /// Where it stands, in whole notes from the song start.
    public var time: Rational
    /// What it says.
    public var text: String

    /// Creates a `PerformedText` from its parts.
    public init(time: Rational, text: String) {
        self.time = time
        self.text = text
    }
}

extension Performance {
    /// The syllables a track sings, in time order: for every copy of a placement that sings a
    /// verse (`Placement.verse(ofCopy:)`), each sung syllable (`Lyrics.syllables(of:)`) at its
    /// lyric note's start — where the MIDI file has its FF 05 events.
    public static func lyrics(of track: Track, in song: Song) -> [PerformedText] {
        var out: [PerformedText] = []
        for placement in placements(of: track, in: song) where placement.lyricPlacement != nil && !placement.body.expression.verses.isEmpty {
            let starts = performedBody(placement.body, legato: placement.legato).lyricStarts
            for copy in 0..<placement.count {
                guard let verse = placement.verse(ofCopy: copy) else { continue }
                let offset = placement.start + placement.body.length * copy
                for (syllable, start) in zip(Lyrics.syllables(of: placement.body.expression.verses[verse]), starts) {
                    if case .sung(let text) = syllable { out.append(PerformedText(time: offset + start, text: text)) }
                }
            }
        }
        return out.enumerated().sorted { $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset }.map(\.element)
    }

    /// The chord symbols of a track's placements at their chords' written starts, in time order.
    /// A copy transposed by other than whole octaves (a Sync's or the track's `transpose`) shows
    /// none: the symbol as written no longer names the chord that sounds.
    public static func chordSymbols(of track: Track, in song: Song) -> [PerformedText] {
        var out: [PerformedText] = []
        // Stave 3 `transpose`: the song's transposition respells the symbols by the key interval.
        let interval = song.transpose % 12 == 0 ? nil : KeyInterval(transposing: song.key, by: song.transpose)
        let soundingKey = song.keySignatures[0].key
        for placement in placements(of: track, in: song) where (placement.shift - song.transpose) % 12 == 0 && !placement.body.expression.chordSymbols.isEmpty {
            for copy in 0..<placement.count {
                let offset = placement.start + placement.body.length * copy
                for mark in placement.body.expression.chordSymbols {
                    let symbol = interval.map { mark.symbol.transposed(by: $0, in: soundingKey) } ?? mark.symbol
                    out.append(PerformedText(time: offset + mark.offset, text: symbol.description))
                }
            }
        }
        return out.enumerated().sorted { $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset }.map(\.element)
    }
}
