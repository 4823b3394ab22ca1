import StaveSyntax
import StaveComposition

/// One track of a piano roll, drawn on a grid: a header and one row of cells per pitch.
///
/// Melody tracks get a row for every semitone from the highest to the lowest pitch sounding in
/// the shown bars (so the picture keeps the melody's shape; unused pitches give empty rows);
/// drum tracks get a row for each drum key played, highest key first. Rows are labelled by
/// `RowLabel`.
struct RollTrack {
    /// What a cell shows: what part of a note it is, and how loud the note plays. Of two things
    /// in one cell the greater wins: any onset over a sustain, a note's onset over a grace
    /// note's, an accented onset over a plain one; of two of one kind, the louder band.
    struct Cell: Comparable {
        enum Kind: UInt8 {
            case empty, sustain, grace, onset, accent
        }

        var kind: Kind
        var band: VelocityBand

        static let empty = Cell(kind: .empty, band: .silent)

        static func < (a: Cell, b: Cell) -> Bool {
            a.kind != b.kind ? a.kind.rawValue < b.kind.rawValue : a.band < b.band
        }
    }

    /// One pitch or drum.
    struct Row {
        /// The MIDI key (sounding pitch, or drum key).
        var key: Int
        var label: String
        /// One entry per grid cell.
        var cells: [Cell]
    }

    /// The track drawn.
    let track: Track
    /// Rows, top to bottom.
    private(set) var rows: [Row]
    /// Onsets in the shown bars that fall between columns (drawn at the nearest column).
    private(set) var moved = 0
    /// The notes sounding in the shown bars.
    private let notes: [PerformedNote]
    /// True when the rows are every semitone from the top row down (melody tracks).
    private let isChromatic: Bool
    /// The chord symbols starting in the shown bars (drawn above the rows).
    let chordSymbols: [PerformedText]
    /// The sung syllables starting in the shown bars (drawn under the rows).
    let lyrics: [PerformedText]
    /// True when a shown note is a grace note or accented (the legend names their glyphs).
    var hasGraces: Bool { notes.contains { $0.isGrace } }
    var hasAccents: Bool { notes.contains { !$0.isGrace && $0.marks.contains(.accent) } }
    /// The velocity bands of the shown notes (the legend names them when one is not `medium`).
    var bands: Set<VelocityBand> { Set(notes.map { VelocityBand(velocity: $0.velocity) }) }

    /// Selects the rows of `track` from its `notes` (sounding pitches, absolute time) that sound
    /// between `start` and `end`; the cells are empty until `draw(on:)`. Melody notes outside
    /// MIDI's 0–127 (which a checked song never has) are left out. A melody row is labelled by
    /// its pitch's entry in `spellings` (how its notes were written, `WrittenSpelling`), a row
    /// without one by `key`.
    init(track: Track, notes: [PerformedNote], from start: Rational, to end: Rational, key: Key,
         spellings: [Int: PitchSpelling] = [:], chordSymbols: [PerformedText] = [], lyrics: [PerformedText] = []) {
        self.track = track
        self.chordSymbols = chordSymbols.filter { $0.time >= start && $0.time < end }
        self.lyrics = lyrics.filter { $0.time >= start && $0.time < end }
        isChromatic = track.kind == .melody
        self.notes = notes.filter {
            $0.end > start && $0.start < end && !$0.start.isOverflow && !$0.end.isOverflow
                && (track.kind == .drums || (0...127).contains($0.pitch))
        }
        var keys: [Int]
        switch track.kind {
        case .drums:
            keys = Array(Set(self.notes.map(\.pitch))).sorted(by: >)
        case .melody:
            let pitches = self.notes.map(\.pitch)
            if let high = pitches.max(), let low = pitches.min() { keys = Array((low...high).reversed()) } else { keys = [] }
        }
        rows = keys.map { pitch in
            Row(key: pitch, label: track.kind == .drums ? RowLabel.drum(pitch) : RowLabel.pitch(pitch, spelledAs: spellings[pitch], in: key), cells: [])
        }
    }

    /// Fills the rows' cells on `grid`: `onset` (`grace` for a grace note, `accent` for an
    /// accented note) at each note's first cell, `sustain` on the cells it holds (the cells whose
    /// start lies before its end), each in the note's velocity band; an onset wins over a
    /// sustain, and of two sustains the louder.
    /// A note that began before the shown bars is sustain only. Counts the moved onsets.
    mutating func draw(on grid: RollGrid) {
        guard !rows.isEmpty, let top = rows.first?.key else { return }
        var rowOfKey: [Int: Int] = [:]
        if !isChromatic { for (index, row) in rows.enumerated() { rowOfKey[row.key] = index } }
        for index in rows.indices { rows[index].cells = Array(repeating: .empty, count: grid.cellCount) }
        guard grid.cellCount > 0 else { return }
        var onsets: [(row: Int, cell: Int, value: Cell)] = []
        moved = 0
        for note in notes {
            guard let row = isChromatic ? top - note.pitch : rowOfKey[note.pitch], rows.indices.contains(row) else { continue }
            let (end, _) = grid.cell(at: note.end)
            let band = VelocityBand(velocity: note.velocity)
            let sustain = Cell(kind: .sustain, band: band)
            var first = 0
            if note.start >= grid.rangeStart {
                let (cell, exact) = grid.cell(at: note.start)
                first = min(cell, grid.cellCount - 1)
                if !exact || cell != first { moved += 1 }
                let kind: Cell.Kind = note.isGrace ? .grace : note.marks.contains(.accent) ? .accent : .onset
                onsets.append((row, first, Cell(kind: kind, band: band)))
                first += 1
            }
            if first < end {
                for cell in first..<min(end, grid.cellCount) { rows[row].cells[cell] = max(rows[row].cells[cell], sustain) }
            }
        }
        for onset in onsets { rows[onset.row].cells[onset.cell] = max(rows[onset.row].cells[onset.cell], onset.value) }
    }

    /// The parts of the header line (see `RollRange.wrap`): kind, ID and display name (quoted and
    /// escaped as in Stave); instrument or kit; the channel, followed by `suffix`.
    /// `track lead "Melody":`, `flute`, `channel 1` / `drums beat:`, `standard kit`, `channel 10`.
    static func header(of track: Track, suffix: String = "") -> [String] {
        var text = (track.kind == .drums ? "drums " : "track ") + printable(track.id)
        if let name = track.name { text += " \"" + printable(name).replacingEscapes() + "\"" }
        return [text + ":", RowLabel.instrument(of: track), "channel \(track.channel)" + suffix]
    }

    /// Text with control characters (which would break the layout) replaced by spaces.
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }
}

private extension String {
    /// `\` and `"` escaped as in a Stave string.
    func replacingEscapes() -> String {
        var out = ""
        for character in self {
            if character == "\\" || character == "\"" { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
