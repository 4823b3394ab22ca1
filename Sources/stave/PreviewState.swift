#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import StavePreview

/// What `stave preview` shows, shared by its three threads: the compiler (on every save), the
/// renderer (audio and engraving, which take seconds) and the server (which reads it). Every
/// change bumps the revision of the part it changes and wakes the server through a pipe, so
/// the server sends each open page just the parts it has not seen.
final class PreviewState: @unchecked Sendable {
    /// The parts of the page, each with the revision it was last changed in.
    struct Snapshot {
        var title = ""
        var roll: String?
        /// The roll as a server-sent event named `roll` (made once, sent to every page).
        var rollEvent: [UInt8] = []
        var diagnostics: [PreviewDiagnostic] = []
        var status = ""
        var audio = PreviewAudio.unavailable("")
        /// The WAV of the version `audio` names when it is `ready`.
        var wav: [UInt8] = []
        var score = PreviewScore(pages: [], note: "")
        /// Revisions of: title and roll, diagnostics, status, audio, score.
        var revisions = Revisions()
    }

    /// How far a page has been told about each part (0: nothing yet).
    struct Revisions: Equatable {
        var roll = 0, diagnostics = 0, status = 0, audio = 0, score = 0
    }

    private let queue = DispatchQueue(label: "stave.preview.state")
    private var snapshot = Snapshot()
    private var counter = 0
    /// The pipe whose read end the server polls; one byte is written on every change.
    let wakeReader: Int32, wakeWriter: Int32

    /// A state with nothing to show yet; throws when the wake-up pipe cannot be made.
    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SystemIO.Failure(message: "cannot make a pipe: \(SystemIO.errorText())") }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        (wakeReader, wakeWriter) = (ends[0], ends[1])
    }

    /// The current state.
    func current() -> Snapshot {
        queue.sync { snapshot }
    }

    /// Changes the state: `change` edits a copy, and each part that comes out different gets a
    /// new revision; then the server is woken.
    func change(_ change: (inout Snapshot) -> Void) {
        queue.sync {
            var next = snapshot
            change(&next)
            counter += 1
            if next.roll != snapshot.roll || next.title != snapshot.title { next.revisions.roll = counter }
            if next.diagnostics != snapshot.diagnostics { next.revisions.diagnostics = counter }
            if next.status != snapshot.status { next.revisions.status = counter }
            if next.audio != snapshot.audio { next.revisions.audio = counter }
            if next.score != snapshot.score { next.revisions.score = counter }
            snapshot = next
        }
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
    }

    /// The events that bring a page told up to `told` up to date — the roll's own event, then
    /// one `PreviewUpdate` as JSON with the other parts that changed — and what it is told then.
    func events(since told: Revisions) -> ([UInt8], Revisions) {
        let now = current()
        var (update, revisions) = update(since: told, now)
        var events: [UInt8] = []
        if update.roll != nil {
            events = now.rollEvent
            update.roll = nil
        }
        if !update.isEmpty { events += HTTPResponse.event(update.json()) }
        return (events, revisions)
    }

    /// The update that brings a page told up to `told` up to date, and what it is told then.
    func update(since told: Revisions, _ now: Snapshot? = nil) -> (PreviewUpdate, Revisions) {
        let now = now ?? current()
        var update = PreviewUpdate()
        if now.revisions.roll > told.roll {
            update.title = now.title
            update.roll = now.roll
        }
        if now.revisions.diagnostics > told.diagnostics { update.diagnostics = now.diagnostics }
        if now.revisions.status > told.status { update.status = now.status }
        if now.revisions.audio > told.audio { update.audio = now.audio }
        if now.revisions.score > told.score { update.score = now.score }
        return (update, now.revisions)
    }
}
