/// The characters a piano roll is drawn with: pure ASCII by default, box-drawing and block
/// characters with `--unicode`. Every glyph is one column wide.
struct RollGlyphs: Equatable {
    /// A note's first cell.
    var onset: Character
    /// A grace note's first cell.
    var grace: Character
    /// An accented note's first cell.
    var accent: Character
    /// A cell the note sustains.
    var sustain: Character
    /// A cell where nothing sounds.
    var empty: Character
    /// A bar line, and the boundary of a system that starts or ends at one.
    var barLine: Character
    /// The boundary of a system that starts or ends inside a bar too long for one line.
    var split: Character
    /// A beat in the ruler.
    var beat: Character

    /// `#` onset, `+` grace note, `>` accented onset, `=` sustain, `.` empty, `|` bar line,
    /// `:` split bar, `'` beat.
    static let ascii = RollGlyphs(onset: "#", grace: "+", accent: ">", sustain: "=", empty: ".", barLine: "|", split: ":", beat: "'")
    /// `█` onset, `▪` grace note, `▲` accented onset, `▒` sustain, `·` empty, `│` bar line,
    /// `┆` split bar, `╵` beat.
    static let unicode = RollGlyphs(onset: "█", grace: "▪", accent: "▲", sustain: "▒", empty: "·", barLine: "│", split: "┆", beat: "╵")
}
