/// Splits the notes of one MIDI track and channel into voices that Stave can write as one
/// phrase each, never dropping a note.
///
/// A voice holds chords joined by ties: a note may join a voice when no note of the same pitch
/// sounds there at the same time and it starts where the voice already has a boundary — when
/// the voice is silent, or together with another note of the voice, or where one of its notes
/// ends (`[c~ e g]2 [c f a]`). Otherwise the note opens (or goes to) another voice, so a
/// melody over a held bass stays readable and overlapping notes of one pitch stay apart.
enum VoiceSplitter {
    /// The voices, in order of their first note; each voice's notes sorted by start then pitch.
    static func split(_ notes: [VoiceNote]) -> [[VoiceNote]] {
        let sorted = notes.sorted { $0.start != $1.start ? $0.start < $1.start : ($0.pitch != $1.pitch ? $0.pitch < $1.pitch : $0.end < $1.end) }
        var voices: [Voice] = []
        for note in sorted {
            if let index = voices.firstIndex(where: { $0.accepts(note) }) {
                voices[index].add(note)
            } else {
                var voice = Voice()
                voice.add(note)
                voices.append(voice)
            }
        }
        return voices.map(\.notes)
    }

    /// One voice being filled, with the notes still sounding at the latest start.
    struct Voice {
        var notes: [VoiceNote] = []
        /// Notes that may still sound at the next start (their end is after the latest start).
        var sounding: [VoiceNote] = []
        /// Ends of notes, among the recent ones, that a later note may start at.
        var recentEnds: Set<Int> = []
        var latestStart = Int.min

        func accepts(_ note: VoiceNote) -> Bool {
            let stillSounding = sounding.filter { $0.end > note.start }
            if stillSounding.isEmpty { return true }
            if stillSounding.contains(where: { $0.pitch == note.pitch }) { return false }
            return note.start == latestStart || recentEnds.contains(note.start)
        }

        mutating func add(_ note: VoiceNote) {
            sounding.removeAll { $0.end <= note.start }
            if note.start != latestStart {
                recentEnds = recentEnds.filter { $0 >= note.start }
            }
            notes.append(note)
            sounding.append(note)
            recentEnds.insert(note.end)
            latestStart = note.start
        }
    }
}
