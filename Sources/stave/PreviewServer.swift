#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StavePreview

/// The HTTP server of `stave preview`: one thread, non-blocking sockets and `poll`, listening
/// on 127.0.0.1 only. What a request means is decided by `HTTPRequestParser` and
/// `PreviewRoute` (pure, tested on their own); this only moves bytes, keeps the limits and
/// pushes updates to the open pages.
///
/// Limits: at most `maximumConnections` at once — a new one pushes out the oldest that has not
/// yet sent a whole request (so idle or slow clients cannot lock a page out); a request must
/// arrive whole within `requestMilliseconds` (a slowloris client gets 408 and is closed); a
/// response must be taken within `writeMilliseconds`; an event stream whose reader lags by
/// more than `maximumBacklog` bytes is closed.
struct PreviewServer {
    static let maximumConnections = 64
    static let requestMilliseconds = 5_000
    static let writeMilliseconds = 60_000
    /// How long a closed response waits for the client's last bytes before the socket closes.
    static let drainMilliseconds = 1_000
    static let keepAliveMilliseconds = 15_000
    static let maximumBacklog = 64 * 1024 * 1024

    /// One client connection.
    struct Connection {
        enum Phase {
            /// Reading the request head.
            case reading
            /// Sending a response; then the socket is shut for writing.
            case responding
            /// An open event stream.
            case streaming
            /// The response is sent; the client's last bytes are read until it closes.
            case draining
        }

        let descriptor: Int32
        /// When it was accepted (or its phase began), in milliseconds of the monotonic clock.
        var since: Int
        var phase = Phase.reading
        var parser = HTTPRequestParser()
        var output: [UInt8] = []
        var written = 0
        /// What this page has been told (event streams).
        var told = PreviewState.Revisions()
        var lastSent = 0
    }

    let listener: Int32
    /// The port listened on.
    let port: Int
    let state: PreviewState
    let file: String
    private var connections: [Connection] = []

    /// Listens on 127.0.0.1:`port` (0: a free port the system picks). Throws when it cannot.
    init(port requested: Int, state: PreviewState, file: String) throws {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { throw SystemIO.Failure(message: "cannot make a socket: \(SystemIO.errorText())") }
        var yes: Int32 = 1
        setsockopt(socketDescriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(requested).bigEndian)
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socketDescriptor, 128) == 0 else {
            let message = SystemIO.errorText()
            close(socketDescriptor)
            throw SystemIO.Failure(message: "cannot listen on 127.0.0.1:\(requested): \(message)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketDescriptor, $0, &length) }
        }
        PreviewServer.makeNonBlocking(socketDescriptor)
        listener = socketDescriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        self.state = state
        self.file = file
    }

    /// Serves until the process ends. `tick` runs about every 250 ms (to reap a browser opener).
    mutating func run(tick: () -> Void) -> Never {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            var polled = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0), pollfd(fd: state.wakeReader, events: Int16(POLLIN), revents: 0)]
            for connection in connections {
                let wantsOutput = connection.written < connection.output.count
                polled.append(pollfd(fd: connection.descriptor, events: Int16(POLLIN) | (wantsOutput ? Int16(POLLOUT) : 0), revents: 0))
            }
            _ = poll(&polled, nfds_t(polled.count), 250)
            let now = PreviewServer.milliseconds()
            // Connections first (by the descriptors polled), then new ones and updates.
            var closing: Set<Int32> = []
            for (index, entry) in polled.enumerated().dropFirst(2) where entry.revents != 0 {
                let position = index - 2
                if !service(position, events: entry.revents, buffer: &buffer, now: now) { closing.insert(connections[position].descriptor) }
            }
            for index in connections.indices where !closing.contains(connections[index].descriptor) {
                if !keepLimits(index, now: now) { closing.insert(connections[index].descriptor) }
            }
            if !closing.isEmpty {
                for connection in connections where closing.contains(connection.descriptor) { close(connection.descriptor) }
                connections.removeAll { closing.contains($0.descriptor) }
            }
            if polled[1].revents != 0 {
                while read(state.wakeReader, &buffer, buffer.count) > 0 {}
                for index in connections.indices where connections[index].phase == .streaming { push(index, now: now) }
            }
            if polled[0].revents != 0 { acceptAll(now: now) }
            tick()
        }
    }

    /// Reads and writes what `events` allow; false when the connection is to be closed.
    private mutating func service(_ index: Int, events: Int16, buffer: inout [UInt8], now: Int) -> Bool {
        let descriptor = connections[index].descriptor
        if events & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            let count = read(descriptor, &buffer, buffer.count)
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { return false }
            if count > 0, connections[index].phase == .reading {
                switch connections[index].parser.feed(buffer[..<count]) {
                case .incomplete: break
                case .request(let request): respond(index, to: request, now: now)
                case .refused(let status): queue(index, HTTPResponse.refusal(status).bytes(), now: now)
                }
            }
        }
        if connections[index].written < connections[index].output.count {
            let sent = connections[index].output[connections[index].written...].withUnsafeBytes {
                PreviewServer.sendBytes(descriptor, $0.baseAddress, $0.count)
            }
            if sent < 0 && errno != EAGAIN && errno != EINTR { return false }
            if sent > 0 { connections[index].written += sent }
        }
        if connections[index].written == connections[index].output.count, !connections[index].output.isEmpty {
            connections[index].output = []
            connections[index].written = 0
            if connections[index].phase == .responding {
                shutdown(descriptor, Int32(SHUT_WR))
                connections[index].phase = .draining
                connections[index].since = now
            }
        }
        return true
    }

    /// Keeps the time limits; false when the connection is to be closed.
    private mutating func keepLimits(_ index: Int, now: Int) -> Bool {
        let connection = connections[index]
        switch connection.phase {
        case .reading:
            if now - connection.since > PreviewServer.requestMilliseconds {
                queue(index, HTTPResponse.refusal(.requestTimeout, "the request took too long").bytes(), now: now)
            }
        case .responding:
            return now - connection.since <= PreviewServer.writeMilliseconds
        case .draining:
            return now - connection.since <= PreviewServer.drainMilliseconds
        case .streaming:
            if connection.output.count - connection.written > PreviewServer.maximumBacklog { return false }
            if now - connection.lastSent > PreviewServer.keepAliveMilliseconds {
                connections[index].output += HTTPResponse.keepAlive
                connections[index].lastSent = now
            }
        }
        return true
    }

    /// Answers a whole request.
    private mutating func respond(_ index: Int, to request: HTTPRequest, now: Int) {
        let head = request.method == "HEAD"
        let snapshot = state.current()
        switch PreviewRoute(request, port: port) {
        case .page:
            let (update, _) = state.update(since: PreviewState.Revisions())
            let page = PreviewPage.html(file: file, update: update)
            queue(index, HTTPResponse(status: .ok, contentType: "text/html; charset=utf-8", body: Array(page.utf8)).bytes(head: head), now: now)
        case .roll:
            guard let roll = snapshot.roll else {
                return queue(index, HTTPResponse.refusal(.unavailable, "the song has not compiled yet").bytes(head: head), now: now)
            }
            queue(index, HTTPResponse(status: .ok, contentType: "image/svg+xml", body: Array(roll.utf8)).bytes(head: head), now: now)
        case .audio:
            // The latest WAV rendered, also while a newer version renders.
            guard !snapshot.wav.isEmpty else {
                let reason: String
                switch snapshot.audio {
                case .unavailable(let text), .failed(let text): reason = text
                default: reason = "the audio is being rendered"
                }
                return queue(index, HTTPResponse.refusal(.unavailable, reason).bytes(head: head), now: now)
            }
            queue(index, HTTPResponse(status: .ok, contentType: "audio/wav", body: snapshot.wav).bytes(head: head), now: now)
        case .events:
            guard !head else {
                return queue(index, HTTPResponse(status: .ok, contentType: "text/event-stream", body: []).bytes(head: true), now: now)
            }
            connections[index].phase = .streaming
            connections[index].output = HTTPResponse.eventStreamHead
            connections[index].written = 0
            connections[index].told = PreviewState.Revisions()
            connections[index].lastSent = now
            push(index, now: now)
        case .refused(let status, let detail):
            queue(index, HTTPResponse.refusal(status, detail).bytes(head: head), now: now)
        }
    }

    /// Queues a whole response, after which the connection closes.
    private mutating func queue(_ index: Int, _ bytes: [UInt8], now: Int) {
        connections[index].phase = .responding
        connections[index].since = now
        connections[index].output = bytes
        connections[index].written = 0
    }

    /// Queues an event with what the page has not been told yet, if anything.
    private mutating func push(_ index: Int, now: Int) {
        let (events, revisions) = state.events(since: connections[index].told)
        connections[index].told = revisions
        guard !events.isEmpty else { return }
        connections[index].output += events
        connections[index].lastSent = now
    }

    /// Accepts every waiting connection, pushing out the oldest ones past the limit.
    private mutating func acceptAll(now: Int) {
        while true {
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else { return }
            PreviewServer.makeNonBlocking(descriptor)
            #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            #endif
            if connections.count >= PreviewServer.maximumConnections {
                // The oldest still reading its request, else the oldest of all.
                let victim = connections.firstIndex { $0.phase == .reading } ?? 0
                close(connections[victim].descriptor)
                connections.remove(at: victim)
            }
            connections.append(Connection(descriptor: descriptor, since: now))
        }
    }

    /// `send` without SIGPIPE (a client that left must not end the server).
    static func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
        #elseif canImport(Musl)
        return Musl.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
        #else
        return Darwin.send(descriptor, bytes, count, 0)
        #endif
    }

    static func makeNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    /// The monotonic clock in milliseconds.
    static func milliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
    }
}
