/// What the preview server does with a request: the page's own paths, or a refusal.
///
/// Only `GET` and `HEAD` are served, only for a `Host` that is this server as a browser on
/// this machine names it (`127.0.0.1:PORT` or `localhost:PORT`: a page of another site whose
/// name was made to point here — DNS rebinding — sends its own name and is refused), and only
/// for the page's own paths, compared whole (a query string is ignored): nothing from the
/// request ever names a file.
public enum PreviewRoute: Equatable, Sendable {
    /// `/`: the page.
    case page
    /// `/roll.svg`: the piano roll alone.
    case roll
    /// `/audio.wav`: the song rendered, when it can be.
    case audio
    /// `/events`: the stream of updates.
    case events
    /// Refused with this status and a reason.
    case refused(HTTPStatus, String)

    /// The route of `request` to the server listening on `port`.
    public init(_ request: HTTPRequest, port: Int) {
        let hosts = request.values(of: "Host")
        guard hosts.count == 1 else {
            self = .refused(.badRequest, hosts.isEmpty ? "no Host header" : "more than one Host header")
            return
        }
        guard PreviewRoute.isOwnHost(hosts[0], port: port) else {
            self = .refused(.misdirected, "this server answers to 127.0.0.1:\(port) and localhost:\(port) only")
            return
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            self = .refused(.methodNotAllowed, "only GET and HEAD")
            return
        }
        switch request.path {
        case "/": self = .page
        case "/roll.svg": self = .roll
        case "/audio.wav": self = .audio
        case "/events": self = .events
        default: self = .refused(.notFound, "")
        }
    }

    /// True for `127.0.0.1:PORT` and `localhost:PORT` (the name in any case).
    public static func isOwnHost(_ host: String, port: Int) -> Bool {
        let lowered = host.lowercased()
        return lowered == "127.0.0.1:\(port)" || lowered == "localhost:\(port)"
    }
}
