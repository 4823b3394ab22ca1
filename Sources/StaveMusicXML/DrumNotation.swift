/// Where a General MIDI drum key stands on a percussion staff: a display step and octave
/// (the staff position a treble clef would give that pitch) and a notehead.
///
/// Kick, snare, toms, hi-hats and cymbals follow the usual drum-set layout (kick in the bottom
/// space, snare on the third space, hi-hat above the staff with x heads); the hand percussion
/// of keys 60–81 takes square heads (60–70) and inverted triangles (71–81) from D4 upward.
/// No two keys share a position and notehead, so the key can be read back from the score.
public struct DrumNotation: Equatable, Sendable {
    /// `A`…`G`.
    public var step: Character
    /// The display octave.
    public var octave: Int
    /// The MusicXML `<notehead>` value.
    public var notehead: String

    /// Creates a `DrumNotation` from its parts.
    public init(step: Character, octave: Int, notehead: String) {
        self.step = step
        self.octave = octave
        self.notehead = notehead
    }

    /// The drum-set keys 35–59.
    private static let drumSet: [Int: DrumNotation] = [
        35: DrumNotation(step: "E", octave: 4, notehead: "normal"),
        36: DrumNotation(step: "F", octave: 4, notehead: "normal"),
        37: DrumNotation(step: "C", octave: 5, notehead: "x"),
        38: DrumNotation(step: "C", octave: 5, notehead: "normal"),
        39: DrumNotation(step: "B", octave: 4, notehead: "x"),
        40: DrumNotation(step: "C", octave: 5, notehead: "diamond"),
        41: DrumNotation(step: "G", octave: 4, notehead: "normal"),
        42: DrumNotation(step: "G", octave: 5, notehead: "x"),
        43: DrumNotation(step: "A", octave: 4, notehead: "normal"),
        44: DrumNotation(step: "D", octave: 4, notehead: "x"),
        45: DrumNotation(step: "B", octave: 4, notehead: "normal"),
        46: DrumNotation(step: "G", octave: 5, notehead: "circle-x"),
        47: DrumNotation(step: "D", octave: 5, notehead: "normal"),
        48: DrumNotation(step: "E", octave: 5, notehead: "normal"),
        49: DrumNotation(step: "A", octave: 5, notehead: "x"),
        50: DrumNotation(step: "F", octave: 5, notehead: "normal"),
        51: DrumNotation(step: "F", octave: 5, notehead: "x"),
        52: DrumNotation(step: "B", octave: 5, notehead: "x"),
        53: DrumNotation(step: "F", octave: 5, notehead: "diamond"),
        54: DrumNotation(step: "E", octave: 5, notehead: "x"),
        55: DrumNotation(step: "B", octave: 5, notehead: "diamond"),
        56: DrumNotation(step: "E", octave: 5, notehead: "triangle"),
        57: DrumNotation(step: "A", octave: 5, notehead: "circle-x"),
        58: DrumNotation(step: "D", octave: 5, notehead: "x"),
        59: DrumNotation(step: "F", octave: 5, notehead: "circle-x"),
    ]

    /// The staff positions of the hand percussion, D4 upward.
    private static let auxiliarySteps: [(Character, Int)] = [
        ("D", 4), ("E", 4), ("F", 4), ("G", 4), ("A", 4), ("B", 4), ("C", 5), ("D", 5), ("E", 5), ("F", 5), ("G", 5),
    ]

    /// The notation of a drum key; keys outside 35–81 sit on the middle line with a normal head.
    public static func of(key: Int) -> DrumNotation {
        if let known = drumSet[key] { return known }
        if (60...81).contains(key) {
            let index = (key - 60) % auxiliarySteps.count
            let (step, octave) = auxiliarySteps[index]
            return DrumNotation(step: step, octave: octave, notehead: key <= 70 ? "square" : "inverted triangle")
        }
        return DrumNotation(step: "B", octave: 4, notehead: "cross")
    }
}
