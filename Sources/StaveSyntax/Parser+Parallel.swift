import StaveSupport

/// Parsing a large song on all cores.
///
/// A phrase body's parse depends only on where it starts and on the kind of its track, so
/// bodies can be parsed independently. A first pass parses everything else and skips each body
/// to its matching `}`; then the bodies are parsed in parallel. The result is used only when it
/// is certainly what the one-thread parse gives: no diagnostic anywhere (their order would need
/// care) and every body ending exactly where the first pass skipped to. Otherwise the caller
/// parses the song again on one thread, so errors are reported exactly as always.
extension Parser {
    /// Songs with at least this many tokens are parsed in parallel.
    static let parallelTokenCount = 40_000

    /// A phrase body left for later: its `{` token, the position after its `}`, its track kind.
    struct DeferredBody {
        var open: Int
        var end: Int
        var kind: TrackKind
    }

    /// The song of a large source, lexed and parsed on all cores; nil when that path is not
    /// taken. Tests use it to hold the parallel path to the one-thread result and to know it ran.
    static func parseInParallel(_ source: Source) -> SongSyntax? {
        guard let tokens = Lexer.tokenizeInParallel(source), tokens.count >= parallelTokenCount else { return nil }
        return source.bytes.withUnsafeBufferPointer { parseInParallel(source, $0, tokens) }
    }

    /// The song, parsed on all cores; nil when it must be parsed on one thread instead.
    static func parseInParallel(_ source: Source, _ bytes: UnsafeBufferPointer<UInt8>, _ tokens: [Token]) -> SongSyntax? {
        var outline = Parser(source: source, bytes: bytes, tokens: tokens)
        outline.deferredBodies = []
        var song = outline.parseSong()
        guard outline.diagnostics.isEmpty, let deferred = outline.deferredBodies else { return nil }
        let bodies = ParallelJobs.run(deferred.count, parallel: true) { index -> [BodyElement]? in
            let body = deferred[index]
            var parser = Parser(source: source, bytes: bytes, tokens: tokens)
            parser.position = body.open + 1
            parser.trackKind = body.kind
            let elements = parser.parseBody(open: tokens[body.open], capacity: body.end - body.open)
            guard parser.diagnostics.isEmpty, parser.position == body.end else { return nil }
            return elements
        }
        var next = 0
        for trackIndex in song.tracks.indices {
            for phraseIndex in song.tracks[trackIndex].phrases.indices {
                guard case .original(let id, _) = song.tracks[trackIndex].phrases[phraseIndex].kind else { continue }
                guard next < bodies.count, let body = bodies[next] else { return nil }
                song.tracks[trackIndex].phrases[phraseIndex].kind = .original(id: id, body: body)
                next += 1
            }
        }
        return next == bodies.count ? song : nil
    }

    /// Records the body whose `{` is at token `open` and skips to its matching `}`.
    mutating func deferBody(open: Int) -> [BodyElement] {
        var depth = 1
        while current.kind != .end {
            let kind = advance().kind
            if kind == .leftBrace { depth += 1 }
            if kind == .rightBrace {
                depth -= 1
                if depth == 0 { break }
            }
        }
        deferredBodies?.append(DeferredBody(open: open, end: position, kind: trackKind))
        return []
    }
}
