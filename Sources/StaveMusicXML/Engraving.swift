/// What `stave engrave` needs to know about the engravers it runs, as plain values: the programs
/// and their packages, the command lines, and which of the files an engraver leaves are the
/// pages, in order. The `stave` executable runs them (`Engraver` there).
public enum Engraving {
    /// An engraving program.
    public enum Engraver: String, CaseIterable, Sendable {
        /// MuseScore 3, headless: `mscore3 -o OUT IN.musicxml`.
        case musescore
        /// LilyPond: `musicxml2ly`, then `lilypond`.
        case lilypond

        /// The programs to find on PATH, each as a list of names tried in order.
        public var programs: [[String]] {
            switch self {
            case .musescore: return [["mscore3", "musescore3"]]
            case .lilypond: return [["musicxml2ly"], ["lilypond"]]
            }
        }

        /// The Debian package that installs it.
        public var debianPackage: String {
            switch self {
            case .musescore: return "musescore3"
            case .lilypond: return "lilypond"
            }
        }

        /// The name users know it by.
        public var displayName: String {
            switch self {
            case .musescore: return "MuseScore 3"
            case .lilypond: return "LilyPond"
            }
        }
    }

    /// The formats an engraving is written in, by the output's extension.
    public enum PageFormat: String, CaseIterable, Sendable {
        case pdf, svg, png

        /// The format a path names by its extension (case-insensitive), or nil.
        public init?(path: String) {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
            self.init(rawValue: name[name.index(after: dot)...].lowercased())
        }

        /// A PDF holds every page; SVG and PNG are a file per page.
        public var isOneFile: Bool { self == .pdf }
    }

    /// The environment MuseScore runs in without a display.
    public static let museScoreEnvironment = ["QT_QPA_PLATFORM=offscreen"]

    /// `mscore3 -o OUTPUT INPUT`: MuseScore writes OUTPUT (a PDF), or for SVG and PNG one file
    /// per page, `BASE-1.svg`, `BASE-2.svg`, … beside it.
    public static func museScoreArguments(input: String, output: String) -> [String] {
        ["-o", output, input]
    }

    /// `musicxml2ly --output=LY INPUT`.
    public static func musicXML2lyArguments(input: String, output: String) -> [String] {
        ["--output=" + output, input]
    }

    /// `lilypond --pdf|--svg|--png -o BASE LY`: LilyPond writes BASE.pdf, or BASE.svg and
    /// BASE.png for one page, `BASE-1.svg` or `BASE-page1.png`, … for more.
    public static func lilyPondArguments(format: PageFormat, base: String, input: String) -> [String] {
        ["--" + format.rawValue, "-dno-point-and-click", "-o", base, input]
    }

    /// The pages among the files an engraver left in its directory, in page order: `BASE.EXT`,
    /// or `BASE-N.EXT` and `BASE-pageN.EXT` by N. Other files are not pages.
    public static func pages(among names: [String], base: String, format: PageFormat) -> [String] {
        let suffix = "." + format.rawValue
        var numbered: [(number: Int, name: String)] = []
        var single: String?
        for name in names where name.hasSuffix(suffix) && name.hasPrefix(base) {
            let middle = name.dropFirst(base.count).dropLast(suffix.count)
            if middle.isEmpty {
                single = name
                continue
            }
            var digits = Substring(middle)
            if digits.hasPrefix("-page") { digits = digits.dropFirst(5) } else if digits.hasPrefix("-") { digits = digits.dropFirst() } else { continue }
            guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits) else { continue }
            numbered.append((number, name))
        }
        if numbered.isEmpty { return single.map { [$0] } ?? [] }
        return numbered.sorted { $0.number < $1.number }.map(\.name)
    }

    /// Where the pages go: `OUT` itself for one page (and for a PDF), else `OUT-1.EXT`,
    /// `OUT-2.EXT`, … beside it (`song.svg` → `song-1.svg`).
    public static func outputPaths(for path: String, pages: Int) -> [String] {
        guard pages > 1 else { return [path] }
        let slash = path.lastIndex(of: "/")
        let dot = path.lastIndex(of: ".").flatMap { dot in slash.map { dot > $0 } ?? true ? dot : nil }
        let stem = dot.map { String(path[..<$0]) } ?? path
        let ext = dot.map { String(path[$0...]) } ?? ""
        return (1...pages).map { "\(stem)-\($0)\(ext)" }
    }

    /// The message when no engraver (or not the one asked for) is on PATH.
    public static func missingMessage(asked: Engraver?) -> String {
        if let asked {
            let names = asked.programs.map { $0.joined(separator: " or ") }.joined(separator: " and ")
            return "\(asked.displayName) is not installed: '\(names)' not found on PATH (Debian/Ubuntu: apt-get install \(asked.debianPackage))"
        }
        return "no engraver found: neither MuseScore 3 ('mscore3' or 'musescore3') nor LilyPond ('musicxml2ly' and 'lilypond') is on PATH; install one (Debian/Ubuntu: apt-get install musescore3, or apt-get install lilypond)"
    }
}
