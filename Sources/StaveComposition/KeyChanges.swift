import StaveSyntax

/// A key change `key TONIC MODE at BAR` (Form v3): from the start of `bar` every pitch letter
/// takes this key's signature. Stored as written; the header `key` is the key before the first.
public struct KeyChange: Equatable, Sendable {
    /// The 1-based bar at whose start the key changes.
    public var bar: Int
    /// The new key.
    public var key: Key
    /// The statement it was written as (not part of equality).
    public var source: SourceMark = .none

    /// Creates a `KeyChange` from its parts.
    public init(bar: Int, key: Key) {
        self.bar = bar
        self.key = key
    }
}

/// The key in force at each written time of a song: its header key, then each key change from
/// the start of its bar. The one place that answers "which key signature does this note read".
public struct KeyMap: Sendable {
    /// The header key (in force before the first change).
    public let first: Key
    /// The changes' start times (whole notes) and keys, in time order.
    public let changes: [(time: Rational, key: Key)]

    /// The map of `song`'s keys, its bars laid out by `meterMap`.
    public init(song: Song, meterMap: MeterMap) {
        self.init(key: song.key, changes: song.keyChanges, meterMap: meterMap)
    }

    /// The map of a header key and its changes (in bar order).
    public init(key: Key, changes: [KeyChange], meterMap: MeterMap) {
        first = key
        self.changes = changes.map { (meterMap.start(ofBar: $0.bar), $0.key) }
    }

    /// The map of the key signatures as `song` sounds (`Song.keySignatures`: transposed).
    public init(sounding song: Song, meterMap: MeterMap) {
        let signatures = song.keySignatures
        first = signatures[0].key
        changes = signatures.dropFirst().map { (meterMap.start(ofBar: $0.bar), $0.key) }
    }

    /// True when the song never changes key.
    public var isConstant: Bool { changes.isEmpty }

    /// The key in force at written time `time` (a change at `time` counts).
    public func key(at time: Rational) -> Key {
        guard !changes.isEmpty, time >= changes[0].time else { return first }
        var low = 0, high = changes.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if changes[middle].time <= time { low = middle } else { high = middle - 1 }
        }
        return changes[low].key
    }

    /// The time of the first key change after `time`, if any (a key holds until then).
    public func nextChange(after time: Rational) -> Rational? {
        changes.first { $0.time > time }?.time
    }
}

extension Song {
    /// The key signatures as the song sounds, in bar order: the key at bar 1 (the header key,
    /// or a `key … at 1`) and each later key change, every one moved by the song's `transpose`
    /// (`Key.transposed(by:)`). MIDI's FF 59 events and MusicXML's `<key>` elements.
    public var keySignatures: [(bar: Int, key: Key)] {
        var signatures = [(bar: 1, key: keyChanges.first { $0.bar == 1 }?.key ?? key)]
        for change in keyChanges where change.bar > 1 { signatures.append((change.bar, change.key)) }
        guard transpose != 0 else { return signatures }
        return signatures.map { ($0.bar, $0.key.transposed(by: transpose)) }
    }
}

extension Lowering {
    /// The song's transposition range (`transpose N` in the header, and with `--transpose`).
    public static let songTransposeRange = -48...48

    /// A header `transpose N` in −48…48, or nil (reported).
    static func songTranspose(_ syntax: NumberSyntax, _ diagnostics: inout [Diagnostic]) -> Int? {
        guard songTransposeRange.contains(syntax.value) else {
            diagnostics.append(.error(.valueOutOfRange, "transpose \(syntax.value) is out of range: expected −48…48 semitones", at: syntax.range))
            return nil
        }
        return syntax.value
    }

    /// Sorts key changes by bar; two for one bar are an error (the later is dropped).
    mutating func resolveKeyChanges(_ changes: [(change: KeyChange, range: SourceRange)]) -> [KeyChange] {
        var byBar: [Int: SourceRange] = [:]
        var kept: [KeyChange] = []
        for entry in changes {
            if let earlier = byBar[entry.change.bar] {
                diagnostics.append(.error(.keyChangeConflict, "two key changes at bar \(entry.change.bar)", at: entry.range,
                                          notes: [DiagnosticNote("the first key change at bar \(entry.change.bar) is here", at: earlier)]))
                continue
            }
            byBar[entry.change.bar] = entry.range
            kept.append(entry.change)
        }
        return kept.sorted { $0.bar < $1.bar }
    }
}
