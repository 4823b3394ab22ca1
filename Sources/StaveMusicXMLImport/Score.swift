import StaveComposition
import StaveSyntax

/// A MusicXML score as read, before it becomes a Stave song: measures with their meters, and
/// parts whose voices hold notes and whose directions hold marks, each placed by measure and
/// offset (whole notes from the measure's start), so that repeats can be unfolded by playing
/// measures again.
struct Score {
    /// One measure of the score, as all parts share it.
    struct Measure {
        /// The number as written (`number="12"`), for messages.
        var number: String
        /// Its length in whole notes: the longest any part fills (the meter's bar when none does).
        var length: Rational = .zero
        /// The time signature in force (numerator, denominator).
        var meter: (numerator: Int, denominator: Int) = (4, 4)
        /// The key in force (fifths, minor), when one was given.
        var key: (fifths: Int, minor: Bool)?
        /// A repeat sign: `forward` at its start, `backward` (with how many times the passage plays) at its end.
        var repeatForward = false
        var repeatBackward: Int?
        /// The ending numbers (1, 2, …) this measure belongs to; empty when none.
        var endings: [Int] = []
        /// An ending bracket starts at this measure / ends with it.
        var endingStarts = false
        var endingStops = false
        /// A repeat sign or ending at a barline inside the measure (`location="middle"`), which
        /// is taken at the measure's own bar line; Stave's form cannot write it.
        var midBarSign = false
        /// Jumps and targets written in this measure (segno, coda, fine, D.C., D.S., To Coda).
        var jumps: [Jump] = []
    }

    /// A navigation mark.
    enum Jump: Equatable {
        case segno, coda, fine, daCapo, dalSegno, toCoda
    }

    /// A note (or grace note) as written, with what hangs on it.
    struct Note {
        var measure: Int
        /// Offset from the measure's start, in whole notes.
        var offset: Rational
        /// Written length in whole notes (zero for a grace note).
        var length: Rational
        /// Sounding MIDI key (melody: before the part's transposition; drums: the drum key).
        var pitch: Int
        /// The written letter and accidental (nil for drums).
        var spelling: PitchSpelling?
        var tieStart = false
        var tieStop = false
        var grace = false
        /// Part of the chord of the previous note (`<chord/>`).
        var chord = false
        var marks: NoteMarks = []
        /// Lyrics by verse number.
        var lyrics: [(verse: Int, text: String, continues: Bool)] = []
    }

    /// A direction of a part: a point in a measure and what happens there.
    struct Direction {
        enum Kind {
            case velocity(Int)
            case wedge(crescendo: Bool?)
            case pedal(down: Bool)
            case marker(String)
            case tempo(Rational)
            case harmony(ChordSymbol)
        }

        var measure: Int
        var offset: Rational
        /// The voice it belongs to, when written.
        var voice: String?
        var kind: Kind
    }

    /// A part: its instrument, notes by voice (in order of first appearance) and directions.
    struct Part {
        var id: String
        var name: String?
        /// GM program 0…127, when the part gives one.
        var program: Int?
        var isDrums = false
        /// CC7 and CC10 from `<midi-instrument>` (`<volume>` percent, `<pan>` −90…90 degrees).
        var volume = 100
        /// The MIDI channel 1…16 `<midi-instrument>` gives, if any.
        var channel: Int?
        var pan = 64
        /// Semitones from written to sounding (`<transpose>`), first one given.
        var transpose = 0
        var voiceOrder: [String] = []
        var voices: [String: [Note]] = [:]
        var directions: [Direction] = []
    }

    var title: String?
    var composer: String?
    var measures: [Measure] = []
    var parts: [Part] = []
    /// What the reader left out or changed, one sentence each.
    var remarks: [String] = []
}
