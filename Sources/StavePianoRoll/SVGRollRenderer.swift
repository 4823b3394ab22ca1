import StaveComposition
import StaveSyntax

/// Draws a song as an SVG piano roll in real time: the picture `stave preview` shows, under
/// which its cursor moves while the song plays.
///
/// The horizontal axis is seconds (through the tempo map, so a bar at a slower tempo is wider),
/// `pixelsPerSecond` to the second from `left`; the tracks are bands stacked in song order,
/// each with one row per semitone between its lowest and highest note (drum tracks: one row per
/// drum key played), its chord symbols above and its lyrics below, in its own colour. Bar lines
/// and bar numbers run over all bands. The notes are those the song sounds
/// (`Performance.notes`, the same notes as the MIDI file: every Repeat copy and Sync, ties
/// joined, grace notes, velocity 0 left out), each a `rect` of class `note` with `data-track`,
/// `data-pitch`, and `data-start` and `data-end` in seconds (six decimals at most, exact when
/// they fit). Pure: a song in, text out.
public struct SVGRollRenderer: Backend {
    /// The width of one second, in pixels.
    public var pixelsPerSecond: Int
    /// The height of one row (a semitone or a drum), in pixels.
    public var rowHeight = 6
    /// The width of the track names' column, left of the music.
    public let left = 120
    /// The height of the bar numbers' line above the music.
    public let top = 22

    /// A renderer at `pixelsPerSecond` pixels to the second.
    public init(pixelsPerSecond: Int = 60) {
        self.pixelsPerSecond = pixelsPerSecond
    }

    /// The format's name.
    public var formatName: String { "svg-roll" }

    /// The roll as UTF-8 SVG text.
    public func render(_ song: Song) throws -> [UInt8] {
        Array(svg(song).utf8)
    }

    /// The track colours, in song order (the tenth track takes the first again).
    public static let colours = ["#4e79a7", "#f28e2b", "#e15759", "#59a14f", "#b07aa1", "#76b7b2", "#edc948", "#ff9da7", "#9c755f", "#6b6ecf"]

    /// A band's extra lines: chord symbols above the rows, lyrics below.
    static let wordsHeight = 13
    /// Space between two bands.
    static let gap = 12

    /// The roll of `song` as an SVG document (`<svg id="roll" …>…</svg>`, no XML declaration,
    /// so that it can stand inline in an HTML page as it is).
    public func svg(_ song: Song) -> String {
        let clock = SecondsClock(song)
        let meterMap = MeterMap(meters: song.meters)
        let figures = SongFigures(song)
        let total = figures.seconds.isOverflow ? .zero : figures.seconds
        let width = left + pixels(total) + 20
        var bands: [(track: Track, notes: [PerformedNote], rows: [Int], chords: [PerformedText], lyrics: [PerformedText], y: Int)] = []
        var y = top
        for track in song.tracks {
            let notes = Performance.notes(of: track, in: song).filter { $0.velocity > 0 && !$0.start.isOverflow && !$0.end.isOverflow }
            let rows: [Int]
            if track.kind == .drums {
                rows = Array(Set(notes.map(\.pitch))).sorted(by: >)
            } else if let high = notes.map(\.pitch).max(), let low = notes.map(\.pitch).min() {
                rows = Array((low...high).reversed())
            } else {
                rows = []
            }
            let chords = Performance.chordSymbols(of: track, in: song)
            let lyrics = Performance.lyrics(of: track, in: song)
            bands.append((track, notes, rows, chords, lyrics, y))
            y += bandHeight(rows: rows.count, chords: !chords.isEmpty, lyrics: !lyrics.isEmpty) + SVGRollRenderer.gap
        }
        let height = max(y, top + 20)
        var out = "<svg id=\"roll\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\""
        out += " data-seconds=\"\(SVGRollRenderer.decimal(total))\" data-pixels-per-second=\"\(pixelsPerSecond)\" data-left=\"\(left)\""
        out += " font-family=\"sans-serif\" font-size=\"10\" role=\"img\" aria-label=\"piano roll of \(SVGRollRenderer.escaped(song.title))\">\n"
        out += "<rect class=\"background\" x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#fcfcf8\"/>\n"
        // Bar lines and numbers, over every band.
        if figures.bars > 0 {
            for bar in 1...(figures.bars + 1) {
                let x = left + pixels(clock.seconds(at: meterMap.start(ofBar: bar)))
                out += "<line class=\"bar\" x1=\"\(x)\" y1=\"\(top - 8)\" x2=\"\(x)\" y2=\"\(height)\" stroke=\"#c8c8c0\" stroke-width=\"1\"/>\n"
                if bar <= figures.bars {
                    out += "<text class=\"bar-number\" x=\"\(x + 2)\" y=\"\(top - 10)\" fill=\"#666\">\(bar)</text>\n"
                }
            }
        }
        for (index, band) in bands.enumerated() {
            let colour = SVGRollRenderer.colours[index % SVGRollRenderer.colours.count]
            out += bandSVG(band.track, colour: colour, notes: band.notes, rows: band.rows, chords: band.chords, lyrics: band.lyrics,
                           y: band.y, width: width, key: song.key, clock: clock)
        }
        return out + "</svg>\n"
    }

    /// The height of a band of `rows` rows (one at least), with its lines of words.
    func bandHeight(rows: Int, chords: Bool, lyrics: Bool) -> Int {
        max(rows, 2) * rowHeight + (chords ? SVGRollRenderer.wordsHeight : 0) + (lyrics ? SVGRollRenderer.wordsHeight : 0)
    }

    /// One track's band: its name, a tinted background, its notes, chord symbols and lyrics.
    func bandSVG(_ track: Track, colour: String, notes: [PerformedNote], rows: [Int], chords: [PerformedText], lyrics: [PerformedText],
                 y: Int, width: Int, key: Key, clock: SecondsClock) -> String {
        let id = SVGRollRenderer.escaped(track.id)
        var out = "<g class=\"track\" data-track=\"\(id)\">\n"
        let rowsTop = y + (chords.isEmpty ? 0 : SVGRollRenderer.wordsHeight)
        let rowsHeight = max(rows.count, 2) * rowHeight
        out += "<rect class=\"lane\" x=\"\(left)\" y=\"\(rowsTop)\" width=\"\(width - left)\" height=\"\(rowsHeight)\" fill=\"\(colour)\" fill-opacity=\"0.07\"/>\n"
        out += "<text class=\"track-name\" x=\"4\" y=\"\(rowsTop + 10)\" fill=\"\(colour)\" font-weight=\"bold\">\(SVGRollRenderer.escaped(track.name ?? track.id))</text>\n"
        if let high = rows.first, let low = rows.last {
            let range = track.kind == .drums ? "\(rows.count) drum\(rows.count == 1 ? "" : "s")"
                : RowLabel.pitch(low, in: key) + (low == high ? "" : "–" + RowLabel.pitch(high, in: key))
            out += "<text class=\"track-range\" x=\"4\" y=\"\(rowsTop + 22)\" fill=\"#888\">\(SVGRollRenderer.escaped(range))</text>\n"
        }
        // What each row's notes share: the attributes after the times. (No tooltip per note: a
        // long song's roll would be a third larger, and slower to replace on every save.)
        var rowText: [Int: String] = [:]
        for (index, pitch) in rows.enumerated() {
            rowText[pitch] = "\" data-pitch=\"\(pitch)\" y=\"\(rowsTop + index * rowHeight)\" height=\"\(rowHeight - 1)\" fill=\"\(colour)\""
        }
        let opening = "<rect class=\"note\" data-track=\"\(id)\" data-start=\""
        for note in notes {
            guard let row = rowText[note.pitch] else { continue }
            let start = clock.seconds(at: note.start), end = clock.seconds(at: note.end)
            let x = left + pixels(start)
            let noteWidth = max(1, pixels(end) - pixels(start) - 1)
            let startText = SVGRollRenderer.decimal(start)
            out += opening + startText + "\" data-end=\"" + SVGRollRenderer.decimal(end) + row
            out += " x=\"\(x)\" width=\"\(noteWidth)\"" + (note.isGrace ? " fill-opacity=\"0.6\"/>\n" : "/>\n")
        }
        for chord in chords {
            out += "<text class=\"chord\" x=\"\(left + pixels(clock.seconds(at: chord.time)))\" y=\"\(rowsTop - 3)\" fill=\"#333\">\(SVGRollRenderer.escaped(chord.text))</text>\n"
        }
        for lyric in lyrics {
            out += "<text class=\"lyric\" x=\"\(left + pixels(clock.seconds(at: lyric.time)))\" y=\"\(rowsTop + rowsHeight + 10)\" fill=\"#333\" font-style=\"italic\">\(SVGRollRenderer.escaped(lyric.text))</text>\n"
        }
        return out + "</g>\n"
    }

    /// `seconds` in whole pixels (nearest).
    func pixels(_ seconds: Rational) -> Int {
        let value = seconds * pixelsPerSecond
        return value.isOverflow ? 0 : value.roundedHalfUp
    }

    /// A number as decimal text: exact when it has at most six decimals, else rounded to six;
    /// no trailing zeros (`1.5`, `2`, `0.333333`).
    public static func decimal(_ value: Rational) -> String {
        guard !value.isOverflow else { return "0" }
        let scaled = (value * 1_000_000)
        guard !scaled.isOverflow else { return String(value.floor) }
        let micro = scaled.roundedHalfUp
        let sign = micro < 0 ? "-" : ""
        let magnitude = micro.magnitude
        let whole = magnitude / 1_000_000, fraction = magnitude % 1_000_000
        guard fraction != 0 else { return sign + String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return sign + String(whole) + "." + digits
    }

    /// Text for element text and attribute values (`MarkupText`, shared with the other markup writer).
    public static func escaped(_ text: String) -> String { MarkupText.escaped(text) }
}
