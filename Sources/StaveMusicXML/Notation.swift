import StaveComposition
import StaveSyntax

/// One note as written in the score: its sounding key, the velocity of the tied chain it
/// belongs to, its ties, and its spelling.
struct WrittenNote {
    /// Sounding MIDI key (drums: the drum key), transposition applied.
    var pitch: Int
    /// The velocity of the tie chain the note belongs to (its first note's), > 0.
    var velocity: Int
    /// Tied to the same pitch in the next note or chord.
    var tieStart: Bool
    /// Continues a tie from the previous note or chord.
    var tieStop: Bool
    /// The step letter, ASCII upper case (melody notes).
    var step: UInt8
    /// The articulations written on it (v2): accent on the first note of a tie chain,
    /// staccato or tenuto on its last, as LANGUAGE.md says a joined note takes them. (Beside
    /// `step`, in what would be padding: a note stays 40 bytes.)
    var marks: NoteMarks = []
    /// Semitones of the accidental, −2…2 (wider only for pitches below octave 0).
    var alter: Int
    /// The octave, 0…9.
    var octave: Int
}

/// One level of tuplet bracket: `actual` notes in the time of `normal`.
struct TupletFrame {
    /// The enclosing frame's index, or −1.
    var parent: Int
    /// 1 for an outermost tuplet.
    var depth: Int
    /// This level's ratio.
    var actual: Int
    var normal: Int
    /// All levels together: written length = sounding length × totalActual / totalNormal.
    var totalActual: Int
    var totalNormal: Int
    /// The written value of one item of this level.
    var item: NoteValue
}

/// A note, chord or tuplet rest in one voice: a time span in divisions with what it holds.
struct Leaf {
    /// Start and end, in divisions from the song start.
    var start: Int
    var end: Int
    /// The notes: `notes[notesStart ..< notesStart + notesCount]` of its part; none is a rest
    /// (only inside tuplets: other rests are the gaps between leaves).
    var notesStart: Int32
    var notesCount: Int32
    /// The innermost tuplet frame, or −1.
    var frame: Int32
    /// How many tuplet levels, innermost first, begin and end at this leaf.
    var tupletStarts: UInt8
    var tupletStops: UInt8
}

/// The clef of a part.
enum Clef {
    case treble, bass, percussion
}

/// A track laid out for writing: its voices of leaves, its notes and tuplet frames.
struct PartNotation {
    /// Voices in order; each voice's leaves sorted by start and never overlapping.
    var voices: [[Leaf]] = []
    var notes: [WrittenNote] = []
    var frames: [TupletFrame] = []
    var clef: Clef = .treble
    /// Written an octave above the sound (with a `<transpose>` saying so), because the part
    /// reaches below C double-flat 0 (MIDI 10), the lowest pitch MusicXML can write.
    var writtenOctaveUp = false
    /// The drum keys the part plays, ascending (drum tracks).
    var drumKeys: [Int] = []
    /// Per voice, the v2 directions (hairpins, pedal, markers, chord symbols) sorted by time;
    /// empty for a song without them.
    var directions: [[VoiceDirection]] = []
    /// Per voice, what v2 hangs on the notes (grace groups, lyrics) sorted by time; empty for
    /// a song without them.
    var attachments: [[NoteAttachment]] = []
    /// The grace groups, each a list of items (one note or a chord), spelled.
    var graceGroups: [[[WrittenNote]]] = []
    /// 1, or 2 for a piano's grand staff (`GrandStaff`): then voice v is on staff v % 2 + 1;
    /// or the staves of a part of several tracks (`staff PART N`, `PartStaves`).
    var staves = 1
    /// A part of several tracks: per voice, its staff 1…`staves`, voices ordered by staff;
    /// empty for a one-track part.
    var voiceStaves: [Int] = []
    /// A part of several tracks: per staff, its clef; empty for a one-track part.
    var clefs: [Clef] = []
    /// The index of the song track whose instrument the part lists (its first track).
    var track = 0
    /// A part of several tracks: the part's name as written (`staff NAME N`); nil otherwise.
    var partName: String?

    /// The staff a voice is written on, when the part has several.
    func staff(ofVoice voice: Int) -> Int? {
        guard staves > 1 else { return nil }
        return voice < voiceStaves.count ? voiceStaves[voice] : voice % 2 + 1
    }

    /// True for the first voice of a staff other than the first in a part of several tracks:
    /// it is written in every bar (as rests where it has no notes), so the staff is never empty.
    func opensStaff(_ voice: Int) -> Bool {
        staves > 1 && voice > 0 && voice < voiceStaves.count && voiceStaves[voice] != voiceStaves[voice - 1]
    }
}
