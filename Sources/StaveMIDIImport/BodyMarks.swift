import StaveComposition

/// The controllers, bends and markers one voice carries, in tick order, on their way into
/// the bodies of its passages: `ticks` go to the layout as boundaries, and `place` writes the
/// marks of one passage at the times the layout found for them.
struct BodyMarks {
    /// Controller and bend messages (file order; ticks never decrease).
    var controls: [TimedControl] = []
    /// Markers inside bars (time order).
    var markers: [(tick: Int, text: String)] = []
    private var nextControl = 0
    private var nextMarker = 0

    /// The distinct ticks of all marks, sorted.
    var ticks: [Int] {
        var ticks = controls.map(\.tick) + markers.map(\.tick)
        ticks.sort()
        var distinct: [Int] = []
        distinct.reserveCapacity(ticks.count)
        for tick in ticks where distinct.last != tick { distinct.append(tick) }
        return distinct
    }

    /// Adds to a passage's body the marks at its mark ticks (sorted, as `MIDIImporter.passages`
    /// gave them), at their `times` from the body's start. Passages come in time order, so the
    /// marks are taken in order.
    mutating func place(in body: inout PhraseBody, ticks: [Int], times: [Rational]) {
        guard let last = ticks.last else { return }
        var offsets: [Int: Rational] = [:]
        for (tick, time) in zip(ticks, times) { offsets[tick] = time }
        while nextControl < controls.count, controls[nextControl].tick <= last {
            let control = controls[nextControl]
            if let offset = offsets[control.tick] { body.expression.controls.append(ControlMark(offset: offset, event: control.event)) }
            nextControl += 1
        }
        while nextMarker < markers.count, markers[nextMarker].tick <= last {
            let marker = markers[nextMarker]
            if let offset = offsets[marker.tick] { body.expression.markers.append(MarkerMark(offset: offset, text: marker.text)) }
            nextMarker += 1
        }
    }
}
