/// A marker (FF 06 on the conductor track) is a text at an absolute time, like a sung syllable.
public typealias PerformedMarker = PerformedText

extension Performance {
    /// Every marker of the song in rule 14's order for markers that meet on one tick: header
    /// markers (`marker "…" at BAR`, at their bar's start) first, in source order; then each body
    /// `marker` at every placement of its phrase (each Repeat copy, each Sync) by the start of the
    /// placement it comes from (then track order), then by its place in the body. A backend sorts
    /// them *stably* by its own time unit (the MIDI writer by tick), which keeps this order among
    /// markers that fall together after rounding.
    public static func markers(of song: Song) -> [PerformedMarker] {
        let meterMap = MeterMap(meters: song.meters)
        var keyed: [(marker: PerformedMarker, header: Bool, placementStart: Rational, track: Int, sequence: Int)] = []
        for (index, marker) in song.markers.enumerated() where marker.bar >= 1 {
            keyed.append((PerformedMarker(time: meterMap.start(ofBar: marker.bar), text: marker.text), true, .zero, 0, index))
        }
        var sequence = 0
        // A comp track (Accompaniment v3) holds no markers: its notes are not realised for them.
        for (trackIndex, track) in song.tracks.enumerated() where track.comp == nil {
            for placement in placements(of: track, in: song) where !placement.body.expression.markers.isEmpty {
                for copy in 0..<placement.count {
                    let offset = placement.start + placement.body.length * copy
                    for mark in placement.body.expression.markers {
                        keyed.append((PerformedMarker(time: offset + placement.body.time(of: mark.offset, afterGraces: mark.afterGraces), text: mark.text), false, offset, trackIndex, sequence))
                        sequence += 1
                    }
                }
            }
        }
        keyed.sort { a, b in
            if a.header != b.header { return a.header }
            if a.header { return a.sequence < b.sequence }
            if a.placementStart != b.placementStart { return a.placementStart < b.placementStart }
            if a.track != b.track { return a.track < b.track }
            return a.sequence < b.sequence
        }
        return keyed.map(\.marker)
    }
}

/// A pedal, controller or bend command at an absolute time.
public struct PerformedControl: Equatable, Sendable {
    /// When it is sent, in whole notes from the song start.
    public var time: Rational
    /// What it sends.
    public var event: ControlMark.Event

    /// Creates a `PerformedControl` from its parts.
    public init(time: Rational, event: ControlMark.Event) {
        self.time = time
        self.event = event
    }
}

extension Performance {
    /// Every pedal, controller and bend command a track sends, each Repeat and Sync copy
    /// included, in time order; at one time by the start of the placement they come from, then
    /// by their place in its body (rule 14).
    /// With `swing` (Stave 3 feel), the times are where the track's swing moves them.
    public static func controls(of track: Track, in song: Song, swing: SwingMap? = nil) -> [PerformedControl] {
        var keyed: [(control: PerformedControl, placementStart: Rational, sequence: Int)] = []
        guard track.comp == nil else { return [] } // a comp track sends no controllers
        for placement in placements(of: track, in: song) where !placement.body.expression.controls.isEmpty {
            for copy in 0..<placement.count {
                let offset = placement.start + placement.body.length * copy
                for mark in placement.body.expression.controls {
                    let time = swing.map { map in offset + placement.body.time(of: mark.offset, afterGraces: mark.afterGraces) { map.time(offset + $0) - offset } }
                        ?? offset + placement.body.time(of: mark.offset, afterGraces: mark.afterGraces)
                    keyed.append((PerformedControl(time: time, event: mark.event), offset, keyed.count))
                }
            }
        }
        keyed.sort { a, b in
            if a.control.time != b.control.time { return a.control.time < b.control.time }
            if a.placementStart != b.placementStart { return a.placementStart < b.placementStart }
            return a.sequence < b.sequence
        }
        return keyed.map(\.control)
    }
}
