import StaveSyntax

/// `stave fmt`: lays a song out in the one canonical layout, changing only the space between
/// tokens. Tokens are never added, removed or reordered, and every comment is kept where it
/// stands. The rules (Docs/REFERENCE.md, "Formatting"):
///
/// - one statement per line: header statements, track settings and phrase statements; header
///   statements that follow each other are grouped without blank lines; one blank line
///   before each track; elsewhere at most one blank line, where one was written;
/// - two spaces of indentation per level: track members, then phrase bodies;
/// - a phrase body starts on the line after its `{` and its `}` stands on a line of its own;
///   inside, the line breaks stay where they were written (bar lines never move to another
///   line) and items are one space apart; a body written on one line with its braces stays
///   there (`phrase intro { a4 b c | }`) while the line fits in the width;
/// - nothing between a note and its length, dots, marks and ties (`c2~8.~`, `f#8._`, `c4^'~`),
///   none inside the brackets of chords, tuplets and grace groups (`[c e g]4`, `{c d e}8`,
///   `(d e)`), none between a grace group and its note (`(d e)f4`), none around `/` in a
///   meter, in a chord symbol (`[Bb7/D]`) and `.` in a sync; commands (`pedal down`,
///   `cc 11 90`, `bend -50`, `marker "A"`) are items like the others;
/// - a body line longer than `lineWidth` columns is broken after a bar line, and only there;
/// - a comment after a token stays on that token's line, one space after it; a comment on a
///   line of its own stays on a line of its own, indented like what follows it;
/// - the file ends with one line feed; lines end with no spaces and with LF.
///
/// The song must parse without errors (the caller checks it); the result reads as the same
/// tokens.
public struct Formatter {
    /// The line width of the canonical layout (`stave print` keeps to it too).
    public static let standardLineWidth = 100

    /// Body lines are broken after a bar line when longer than this many columns.
    public var lineWidth: Int

    /// Creates a `Formatter` from its parts.
    public init(lineWidth: Int = Formatter.standardLineWidth) {
        self.lineWidth = lineWidth
    }

    /// The formatted text of a song that parsed without errors.
    public func format(_ tree: SourceTree) -> [UInt8] {
        var layout = Layout(tree: tree, lineWidth: lineWidth)
        layout.song()
        return LineBreaker(lineWidth: lineWidth).breakLines(layout.output, at: layout.breakOpportunities)
    }
}
