import StaveComposition

extension HoverText {
    /// The hover line of a note that swing moves (LANGUAGE.md "Feel (v3)"): `swung: sounds at
    /// bar 1, beat 1 2/3` for a note written at `position` of an Original `phrase` of `track`;
    /// nil when the track does not swing or the note sounds where it is written.
    static func swungLine(_ position: Rational, _ phrase: Phrase, _ track: Track, _ song: Song, _ meters: MeterMap) -> String? {
        guard let swing = song.swing(of: track) else { return nil }
        let written = phrase.start + position
        let map = SwingMap(swing: swing, placements: Performance.placements(of: track, in: song), meterMap: meters)
        let sounding = map.time(written)
        guard sounding != written else { return nil }
        let located = meters.locate(sounding)
        let beats = located.offset * Rational(located.meter.denominator) + Rational(1)
        return "swung (\(swing.legend)): sounds at bar \(located.bar), beat \(mixed(beats))"
    }
}
