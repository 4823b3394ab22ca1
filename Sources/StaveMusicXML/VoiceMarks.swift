import StaveComposition
import StaveSyntax

/// A Stave 2 mark written into a voice's stream of a measure at a time: MusicXML writes it
/// before the note that starts there (or with an `<offset>` when it falls inside a note).
struct VoiceDirection {
    /// What is written.
    enum Kind {
        /// `<wedge type="crescendo|diminuendo">` (start) or `<wedge type="stop">`.
        case wedgeStart(crescendo: Bool)
        case wedgeStop
        /// `<pedal type="start|stop" line="yes">`: `pedal down` / `pedal up`.
        case pedal(down: Bool)
        /// `<rehearsal>`: a body or header marker.
        case rehearsal(String)
        /// `<harmony>`: a chord symbol, its root and bass moved by `shift` semitones.
        case harmony(ChordSymbol, shift: Int)
    }

    /// Divisions from the song start.
    var time: Int
    /// Order among directions at one time: markers, then what ends, then what starts, then
    /// chord symbols (which stand next to their chord).
    var rank: Int
    var kind: Kind

    init(time: Int, kind: Kind) {
        self.time = time
        self.kind = kind
        switch kind {
        case .rehearsal: rank = 0
        case .wedgeStop, .pedal(down: false): rank = 1
        case .wedgeStart, .pedal(down: true): rank = 2
        case .harmony: rank = 3
        }
    }
}

/// What Stave 2 hangs on the note or chord that starts at `time` in a voice.
struct NoteAttachment {
    /// How a syllable stands in its word (MusicXML `<syllabic>`).
    enum Syllabic: String {
        case single, begin, middle, end
    }

    enum Kind {
        /// `part.graceGroups[index]`, written just before the note.
        case graces(Int)
        /// A `<lyric number="verse">` on the note; `extend`: held over the next note (`_`).
        case lyric(verse: Int, syllabic: Syllabic, text: String, extend: Bool)
    }

    /// Divisions from the song start: the start of the note it belongs to.
    var time: Int
    var kind: Kind
}

/// A syllable placed on a lyric note of a body.
struct PlacedSyllable {
    /// Divisions from the body's start.
    var time: Int
    var syllabic: NoteAttachment.Syllabic
    /// The text, without the dash that says the word goes on.
    var text: String
    /// A `_` holds it over the next lyric note: written as `<extend/>`.
    var extend = false
}

/// The v2 marks of one phrase body, worked out once in divisions relative to the body's
/// start, so that each copy of a placement only shifts them.
struct BodyMarks {
    var directions: [VoiceDirection] = []
    /// Grace groups: (offset, index into the part's `graceGroups`).
    var graces: [(time: Int, group: Int)] = []
    /// Per verse, the lyric notes' syllables: (offset, syllabic, text).
    var verses: [[PlacedSyllable]] = []

    var isEmpty: Bool { directions.isEmpty && graces.isEmpty && verses.isEmpty }

    /// The syllables of each verse placed on the body's lyric notes (the notes
    /// `ExpressionRule.forEachSound` says start a sound), with their MusicXML syllabic:
    /// `_` and `*` give none.
    static func verses(of body: PhraseBody, ticks: (Rational) throws -> Int) rethrows -> [[PlacedSyllable]] {
        guard !body.expression.verses.isEmpty else { return [] }
        var lyricNotes: [Rational] = []
        ExpressionRule.forEachSound(in: body) { offset, startsSound, _ in
            if startsSound { lyricNotes.append(offset) }
        }
        var result: [[PlacedSyllable]] = []
        for verse in body.expression.verses {
            var placed: [PlacedSyllable] = []
            var wordGoesOn = false
            // Whether the last lyric note sang (or held) a syllable that a `_` can extend.
            var held = false
            for (index, syllable) in Lyrics.syllables(of: verse).enumerated() where index < lyricNotes.count {
                switch syllable {
                case .sung(let text):
                    let continues = text.hasSuffix("-") && text.count > 1
                    let syllabic: NoteAttachment.Syllabic = wordGoesOn ? (continues ? .middle : .end) : (continues ? .begin : .single)
                    placed.append(PlacedSyllable(time: try ticks(lyricNotes[index]), syllabic: syllabic, text: continues ? String(text.dropLast()) : text))
                    wordGoesOn = continues
                    held = true
                case .held:
                    if held, !placed.isEmpty { placed[placed.count - 1].extend = true }
                case .skipped:
                    held = false
                }
            }
            result.append(placed)
        }
        return result
    }
}
