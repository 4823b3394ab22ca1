import StaveJSON
import StaveSyntax

/// One problem of the song as the page lists it: `LINE:COL severity: message [ID]`.
public struct PreviewDiagnostic: Equatable, Sendable {
    /// `error` or `warning`.
    public var severity: String
    /// The line the page shows, starting with `LINE:COL`.
    public var text: String

    /// Creates a diagnostic line from its parts.
    public init(severity: String, text: String) {
        self.severity = severity
        self.text = text
    }

    /// The lines of `diagnostics` in position order (at most `limit`, then one counting the rest).
    public static func list(_ diagnostics: [Diagnostic], in source: Source, limit: Int = 50) -> [PreviewDiagnostic] {
        let sorted = diagnostics.sortedByPosition()
        var out = sorted.prefix(limit).map { diagnostic -> PreviewDiagnostic in
            let (line, column) = source.lineColumn(of: diagnostic.range.start)
            let severity = diagnostic.severity.rawValue
            return PreviewDiagnostic(severity: severity, text: "\(line):\(column) \(severity): \(diagnostic.message) [\(diagnostic.id.rawValue)]")
        }
        if sorted.count > limit { out.append(PreviewDiagnostic(severity: "note", text: "… and \(sorted.count - limit) more")) }
        return out
    }
}

/// Whether the page's Play button can play the song.
public enum PreviewAudio: Equatable, Sendable {
    /// It cannot, and this says why (FluidSynth or a soundfont missing).
    case unavailable(String)
    /// The latest good version is being rendered.
    case rendering
    /// Version `version` of the song is at `/audio.wav`.
    case ready(version: Int)
    /// Rendering failed, for this reason.
    case failed(String)
}

/// The engraved score: its pages as SVG documents, or a note saying why there are none.
public struct PreviewScore: Equatable, Sendable {
    /// One SVG document per page (`<svg …>…</svg>`, without an XML declaration).
    public var pages: [String]
    /// Shown above the pages, or instead of them.
    public var note: String

    /// Creates a score from its parts.
    public init(pages: [String], note: String) {
        self.pages = pages
        self.note = note
    }
}

/// What the page is told on a change, as the JSON of one server-sent event (the server sends
/// the roll, which is large, as an event of its own, without JSON): only the parts
/// that changed are present (a song with errors sends its diagnostics and status, and no
/// roll, so the page keeps its last good picture).
public struct PreviewUpdate: Equatable, Sendable {
    /// The song's title.
    public var title: String?
    /// The piano roll (`<svg id="roll" …>`).
    public var roll: String?
    /// The diagnostics of the latest version on disk (empty when it has none).
    public var diagnostics: [PreviewDiagnostic]?
    /// One line on what the page shows.
    public var status: String?
    /// The Play button's state.
    public var audio: PreviewAudio?
    /// The engraved score.
    public var score: PreviewScore?

    /// An update with nothing in it.
    public init() {}

    /// True when nothing changed.
    public var isEmpty: Bool { self == PreviewUpdate() }

    /// The update as one JSON object.
    public func json() -> String {
        var fields: [String] = []
        if let title { fields.append("\"title\":\(JSONText.quoted(title))") }
        if let roll { fields.append("\"roll\":\(JSONText.quoted(roll))") }
        if let diagnostics {
            let items = diagnostics.map { "{\"severity\":\(JSONText.quoted($0.severity)),\"text\":\(JSONText.quoted($0.text))}" }
            fields.append("\"diagnostics\":[\(items.joined(separator: ","))]")
        }
        if let status { fields.append("\"status\":\(JSONText.quoted(status))") }
        if let audio {
            let (state, version, text): (String, Int, String)
            switch audio {
            case .unavailable(let reason): (state, version, text) = ("unavailable", 0, reason)
            case .rendering: (state, version, text) = ("rendering", 0, "rendering the audio…")
            case .ready(let ready): (state, version, text) = ("ready", ready, "")
            case .failed(let reason): (state, version, text) = ("failed", 0, reason)
            }
            fields.append("\"audio\":{\"state\":\"\(state)\",\"version\":\(version),\"text\":\(JSONText.quoted(text))}")
        }
        if let score {
            fields.append("\"score\":{\"pages\":[\(score.pages.map(JSONText.quoted).joined(separator: ","))],\"note\":\(JSONText.quoted(score.note))}")
        }
        return "{" + fields.joined(separator: ",") + "}"
    }
}
