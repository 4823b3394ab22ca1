import StaveComposition

/// The General MIDI program of a part that names no `<midi-program>`, from its instrument or
/// part name: a GM name or alias as Stave writes it, else the first known instrument word in it.
enum InstrumentNames {
    /// Words of instrument names and their programs, the more specific first.
    private static let words: [(word: String, program: Int)] = [
        ("electric piano", 4), ("harpsichord", 6), ("celesta", 8), ("glockenspiel", 9), ("vibraphone", 11), ("marimba", 12),
        ("xylophone", 13), ("organ", 19), ("accordion", 21), ("harmonica", 22), ("acoustic guitar", 24), ("electric guitar", 27),
        ("bass guitar", 33), ("electric bass", 33), ("guitar", 24), ("contrabass", 43), ("double bass", 43), ("violin", 40),
        ("viola", 41), ("violoncello", 42), ("cello", 42), ("harp", 46), ("timpani", 47), ("strings", 48), ("choir", 52),
        ("soprano", 52), ("alto", 52), ("tenor", 52), ("baritone", 52), ("voice", 52), ("vocal", 52), ("trumpet", 56),
        ("trombone", 57), ("tuba", 58), ("horn", 60), ("soprano sax", 64), ("alto sax", 65), ("tenor sax", 66),
        ("baritone sax", 67), ("saxophone", 65), ("oboe", 68), ("english horn", 69), ("bassoon", 70), ("clarinet", 71),
        ("piccolo", 72), ("flute", 73), ("recorder", 74), ("banjo", 105), ("bass", 32), ("piano", 0), ("keyboard", 0),
    ]

    /// The program for a name, or nil when no word is known.
    static func program(forName name: String) -> Int? {
        let lower = name.lowercased()
        if let program = GeneralMIDI.program(named: lower.split(separator: " ").joined(separator: "-")) { return program }
        let matches = words.filter { lower.contains($0.word) }
        // The longest matching word wins (`alto sax` over `alto`).
        return matches.max { $0.word.count < $1.word.count }?.program
    }
}

/// The drum an unpitched note without a MIDI key stands for, by its place on a five-line
/// percussion staff (as notation programs lay out a kit); a snare where none is known.
enum DrumPositions {
    /// The GM drum key for a displayed step (ASCII lowercase letter) and octave.
    static func key(step: UInt8, octave: Int) -> Int {
        switch (Character(UnicodeScalar(step)), octave) {
        case ("f", 4), ("e", 4): return 36
        case ("a", 4): return 41
        case ("c", 5): return 38
        case ("d", 5): return 47
        case ("e", 5): return 48
        case ("f", 5): return 51
        case ("g", 5): return 42
        case ("a", 5): return 49
        case ("d", 4): return 44
        default: return 38
        }
    }
}
