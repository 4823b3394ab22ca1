// libFuzzer target "midi": the MIDI writer's input is a checked song, so the bytes are read as a
// .stave file and every one that compiles without errors is written as a Standard MIDI File by
// StaveMIDI, as `stave compile` does. Songs that expand to more than 200,000 notes are skipped
// (their cost is the writer's speed, measured by the benchmarks, not its correctness). The file
// written must be well-formed: chunk lengths, events, running status, one end-of-track at the
// end of each track, and every note-on released exactly once.
import StaveComposition
import StaveMIDI
import StaveSyntax

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMIDI(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    let (song, diagnostics) = Lowering.compile(Source(path: "fuzz.stave", bytes: bytes), defaultTitle: "fuzz")
    guard !diagnostics.hasErrors else { return 0 }
    var expanded = 0
    for track in song.tracks {
        for placement in Performance.placements(of: track, in: song) {
            expanded += placement.count * max(1, placement.body.notes.count)
        }
    }
    guard expanded <= 200_000 else { return 0 }
    let file: [UInt8]
    do {
        file = try MIDIFileWriter().render(song)
    } catch {
        return 0  // a BackendError is a diagnosed refusal, not a crash
    }
    if let problem = SMFShape.problem(in: file, tracks: song.tracks.count + 1) {
        fatalError("malformed MIDI file: \(problem)")
    }
    return 0
}

/// A small, independent reader of the Standard MIDI File structure.
enum SMFShape {
    static func problem(in file: [UInt8], tracks expectedTracks: Int) -> String? {
        func u32(_ at: Int) -> Int { file[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        guard file.count >= 14, file[0..<4].elementsEqual("MThd".utf8), u32(4) == 6 else { return "no MThd header" }
        let trackCount = Int(file[10]) << 8 | Int(file[11])
        guard trackCount == expectedTracks else { return "\(trackCount) tracks, expected \(expectedTracks)" }
        var at = 14
        for index in 0..<trackCount {
            guard at + 8 <= file.count, file[at..<at + 4].elementsEqual("MTrk".utf8) else { return "track \(index): no MTrk" }
            let end = at + 8 + u32(at + 4)
            guard end <= file.count else { return "track \(index): chunk runs past the file" }
            if let problem = trackProblem(file, from: at + 8, to: end) { return "track \(index): \(problem)" }
            at = end
        }
        return at == file.count ? nil : "\(file.count - at) bytes after the last track"
    }

    static func trackProblem(_ file: [UInt8], from start: Int, to end: Int) -> String? {
        var at = start
        var status: UInt8 = 0
        var sounding = [Int](repeating: 0, count: 16 * 128)
        func quantity() -> Int? {
            var value = 0
            for _ in 0..<4 {
                guard at < end else { return nil }
                let byte = file[at]
                at += 1
                value = value << 7 | Int(byte & 0x7F)
                if byte & 0x80 == 0 { return value }
            }
            return nil
        }
        while at < end {
            guard quantity() != nil else { return "bad delta time at \(at)" }
            guard at < end else { return "event missing at \(at)" }
            if file[at] & 0x80 != 0 {
                status = file[at]
                at += 1
            } else if status == 0 || status >= 0xF0 {
                return "data byte without running status at \(at)"
            }
            switch status {
            case 0xFF:
                guard at < end else { return "meta event without type" }
                let type = file[at]
                at += 1
                guard let length = quantity(), at + length <= end else { return "meta event runs past the chunk" }
                at += length
                status = 0
                if type == 0x2F { return at == end ? balance(sounding) : "end-of-track before the chunk ends" }
            case 0xF0, 0xF7:
                guard let length = quantity(), at + length <= end else { return "sysex runs past the chunk" }
                at += length
                status = 0
            default:
                let kind = status & 0xF0
                let size = kind == 0xC0 || kind == 0xD0 ? 1 : 2
                guard at + size <= end else { return "channel message runs past the chunk" }
                guard file[at..<at + size].allSatisfy({ $0 < 0x80 }) else { return "data byte above 127 at \(at)" }
                let key = Int(status & 0x0F) * 128 + Int(file[at])
                if kind == 0x90 && file[at + 1] > 0 {
                    sounding[key] += 1
                } else if kind == 0x80 || kind == 0x90 {
                    sounding[key] -= 1
                    if sounding[key] < 0 { return "note-off of a silent note at \(at)" }
                }
                at += size
            }
        }
        return "no end-of-track event"
    }

    static func balance(_ sounding: [Int]) -> String? {
        sounding.firstIndex { $0 != 0 }.map { "channel \($0 / 128 + 1) key \($0 % 128) is never released" }
    }
}
