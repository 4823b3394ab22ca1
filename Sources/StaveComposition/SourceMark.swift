import StaveSyntax

/// Where a part of the Composition tree was written in its `.stave` file: a byte range, or
/// none when the song did not come from text (a save file, a program).
///
/// Where a thing was written is not what it is: every mark equals every other, so two songs
/// compare equal whatever text (or save file) they came from. Eight bytes.
public struct SourceMark: Equatable, Sendable, CustomStringConvertible {
    private var start: UInt32 = .max
    private var end: UInt32 = .max

    /// No source: the song was not compiled from text.
    public static let none = SourceMark()

    private init() {}

    /// A mark for a byte range of the source.
    public init(_ range: SourceRange) {
        start = UInt32(clamping: range.start)
        end = UInt32(clamping: range.end)
    }

    /// The byte range, or nil for `.none`.
    public var range: SourceRange? {
        start == .max ? nil : SourceRange(Int(start), Int(end))
    }

    /// Always true: see the type's comment.
    public static func == (_: SourceMark, _: SourceMark) -> Bool { true }

    /// `12..18`, or `none`.
    public var description: String { range.map { "\($0.start)..\($0.end)" } ?? "none" }
}
