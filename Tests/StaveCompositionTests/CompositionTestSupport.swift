import StaveComposition
import StaveSyntax
import XCTest

/// Compiles a song that must be free of diagnostics (or of errors, when warnings are allowed).
func compileClean(_ text: String, allowWarnings: Bool = false, file: StaticString = #filePath, line: UInt = #line) -> Song {
    let source = Source(path: "test.stave", text: text)
    let (song, diagnostics) = Lowering.compile(source, defaultTitle: "test")
    let unexpected = allowWarnings ? diagnostics.filter { $0.severity == .error } : diagnostics
    XCTAssertEqual(unexpected.map { "\($0.id.rawValue): \($0.message)" }, [], "unexpected diagnostics", file: file, line: line)
    return song
}

/// The notes of the `index`-th phrase of the `track`-th track, which must be an Original.
func body(_ song: Song, track: Int = 0, phrase index: Int = 0, file: StaticString = #filePath, line: UInt = #line) -> PhraseBody {
    guard track < song.tracks.count, index < song.tracks[track].phrases.count,
          case .original(let body) = song.tracks[track].phrases[index].content else {
        XCTFail("no Original phrase \(index) in track \(track)", file: file, line: line)
        return PhraseBody(length: .zero)
    }
    return body
}

/// The notes of a one-phrase melody song written as just a body.
func melody(_ text: String, header: String = "", settings: String = "", file: StaticString = #filePath, line: UInt = #line) -> PhraseBody {
    let song = compileClean("\(header)\ntrack t {\n\(settings)\nphrase {\n\(text)\n}\n}\n", file: file, line: line)
    return body(song, file: file, line: line)
}

/// One sounding pitch (velocity 100 unless given).
func n(_ pitch: Int, _ velocity: Int = 100, tie: Bool = false) -> ChordNote {
    ChordNote(pitch: pitch, velocity: velocity, tie: tie)
}

/// A root note holding one plain note or chord.
func root(_ position: Rational, _ width: Rational, _ notes: [ChordNote]) -> RootNote {
    RootNote(position: position, width: width, divisions: [.chord(notes)])
}

/// `Rational(n, d)`, short.
func q(_ numerator: Int, _ denominator: Int = 1) -> Rational { Rational(numerator, denominator) }

/// The pitches of every plain note or chord of a body, in order (tuplets flattened).
func pitches(_ body: PhraseBody) -> [Int] {
    var out: [Int] = []
    func walk(_ division: TupletNote) {
        switch division {
        case .chord(let notes): out += notes.map(\.pitch)
        case .tuplet(let items): items.forEach(walk)
        }
    }
    body.notes.forEach { $0.divisions.forEach(walk) }
    return out
}
