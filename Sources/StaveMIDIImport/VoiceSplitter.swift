/// Splits the notes of one MIDI track and channel into voices that Stave can write as one
/// phrase line each, never dropping a note.
///
/// A line of chords joined by ties holds any notes as long as no two notes of one pitch sound
/// at once (`[c~ e g]2 [c f a]` holds c under a change of chord), so a note goes to the first
/// voice where its pitch is free for its whole length; only overlapping notes of one pitch —
/// a re-struck key before its release — open another voice.
enum VoiceSplitter {
    /// The voices, in order of their first note; each voice's notes sorted by start then pitch.
    static func split(_ notes: [VoiceNote]) -> [[VoiceNote]] {
        let sorted = notes.sorted { $0.start != $1.start ? $0.start < $1.start : ($0.pitch != $1.pitch ? $0.pitch < $1.pitch : $0.end < $1.end) }
        let assigned = voices(of: sorted)
        var voices = [[VoiceNote]](repeating: [], count: (assigned.max() ?? -1) + 1)
        for (note, voice) in zip(sorted, assigned) { voices[voice].append(note) }
        return voices
    }

    /// The voice (0, 1, …) of each note of a list sorted by start, then pitch, then end.
    static func voices(of sorted: [VoiceNote]) -> [Int] {
        var assigned: [Int] = []
        assigned.reserveCapacity(sorted.count)
        // Per voice, the tick until which each pitch sounds.
        var busyUntil: [[Int]] = []
        for note in sorted {
            if let index = busyUntil.firstIndex(where: { $0[note.pitch & 0x7F] <= note.start }) {
                assigned.append(index)
                busyUntil[index][note.pitch & 0x7F] = note.end
            } else {
                var busy = [Int](repeating: Int.min, count: 128)
                busy[note.pitch & 0x7F] = note.end
                assigned.append(busyUntil.count)
                busyUntil.append(busy)
            }
        }
        return assigned
    }
}
