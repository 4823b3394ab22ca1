import StaveComposition

/// Composition → MusicXML 3.1 (score-partwise, uncompressed): the sheet-music backend.
///
/// A part per track, a measure per bar of the meter map, every placement written out (Repeat
/// and Sync copies included, as `Performance.placements` expands them), notes spelled as
/// written, lengths as note types with dots tied across bar lines, tuplets with their ratios
/// and brackets, velocities as dynamics, tempos as metronome marks. The marks of Stave 2 are
/// written as notation: articulations, hairpins as wedges, grace notes, the sustain pedal, chord
/// symbols as `<harmony>`, lyrics (a verse number per copy), markers as rehearsal marks; `cc`
/// and `bend` have no notation and are left out. A piano whose range needs it is written on a
/// grand staff (`GrandStaff`). See `ScoreWriter`.
public struct MusicXMLWriter: Backend {
    /// `musicxml`.
    public var formatName: String { "musicxml" }

    /// Creates the backend.
    public init() {}

    /// The MusicXML document of a checked song, UTF-8.
    public func render(_ song: Song) throws -> [UInt8] {
        guard let divisions = Divisions.perQuarter(for: song) else {
            throw BackendError("the song's rhythms need more divisions of a quarter note than MusicXML files can count")
        }
        var parts = try PartStaves.parts(of: song, divisions: divisions)
        if parts.isEmpty { parts = [PartNotation()] }
        if !song.markers.isEmpty {
            // Header markers (`marker "…" at BAR`) stand above the first part at their bar's start.
            let meterMap = MeterMap(meters: song.meters)
            var markers: [VoiceDirection] = []
            for marker in song.markers {
                let time = meterMap.start(ofBar: marker.bar) * (4 * divisions)
                guard !time.isOverflow, time.isInteger else { continue }
                markers.append(VoiceDirection(time: time.numerator, kind: .rehearsal(marker.text)))
            }
            if parts[0].directions.isEmpty { parts[0].directions = [[]] }
            parts[0].directions[0] = (markers + parts[0].directions[0]).enumerated().sorted {
                ($0.element.time, $0.element.rank, $0.offset) < ($1.element.time, $1.element.rank, $1.offset)
            }.map(\.element)
        }
        var score = try ScoreWriter(song: song, divisions: divisions, parts: parts)
        score.write()
        return score.xml.bytes
    }
}
