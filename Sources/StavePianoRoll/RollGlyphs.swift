/// The characters a piano roll is drawn with: pure ASCII by default, box-drawing and block
/// characters with `--unicode`. Every glyph is one column wide.
///
/// A note's first cell and the cells it sustains are shaded by its `VelocityBand`; an accented
/// onset and a grace note's onset have a glyph of their own whatever their band (their sustain
/// cells are shaded like any other).
struct RollGlyphs: Equatable {
    /// A note's first cell, by velocity band (`VelocityBand.rawValue`).
    var onsets: [Character]
    /// A cell the note sustains, by velocity band.
    var sustains: [Character]
    /// A grace note's first cell.
    var grace: Character
    /// An accented note's first cell.
    var accent: Character
    /// A cell where nothing sounds.
    var empty: Character
    /// A bar line, and the boundary of a system that starts or ends at one.
    var barLine: Character
    /// The boundary of a system that starts or ends inside a bar too long for one line.
    var split: Character
    /// A beat in the ruler.
    var beat: Character

    /// The first cell of a note of `band`.
    func onset(_ band: VelocityBand) -> Character { onsets[band.rawValue] }
    /// A sustained cell of a note of `band`.
    func sustain(_ band: VelocityBand) -> Character { sustains[band.rawValue] }

    /// Onsets `x` silent, `o` soft, `#` medium, `@` loud; sustains `_`, `-`, `=`, `%`; `+` grace
    /// note, `>` accented onset, `.` empty, `|` bar line, `:` split bar, `'` beat.
    static let ascii = RollGlyphs(onsets: ["x", "o", "#", "@"], sustains: ["_", "-", "=", "%"], grace: "+", accent: ">",
                                  empty: ".", barLine: "|", split: ":", beat: "'")
    /// Onsets `×` silent, `▄` soft, `█` medium, `◆` loud; sustains `╌`, `░`, `▒`, `▓`; `▪` grace
    /// note, `▲` accented onset, `·` empty, `│` bar line, `┆` split bar, `╵` beat.
    static let unicode = RollGlyphs(onsets: ["×", "▄", "█", "◆"], sustains: ["╌", "░", "▒", "▓"], grace: "▪", accent: "▲",
                                    empty: "·", barLine: "│", split: "┆", beat: "╵")
}
