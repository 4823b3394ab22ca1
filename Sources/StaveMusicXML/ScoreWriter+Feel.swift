import StaveComposition

extension ScoreWriter {
    /// The words direction where a part's feel starts (LANGUAGE.md "Feel (v3)"): "Swing",
    /// "Swing 16ths", "Swing 60%" at the start of bar 1 of every part whose track swings. The
    /// notes stay as written (straight); `<swing>` is MusicXML 4.0 and the export is 3.1.
    mutating func writeFeelWords(part index: Int) {
        guard index < song.tracks.count, let swing = song.swing(of: song.tracks[index]) else { return }
        xml.element("      <direction placement=\"above\"><direction-type><words>", text: swing.words, "</words></direction-type><voice>1</voice>")
        if parts[index].staves == 2 { xml.raw("<staff>1</staff>") }
        xml.raw("</direction>\n")
    }
}
