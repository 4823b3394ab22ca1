/// The order in which a score's measures are played: repeat signs taken (with their endings,
/// voltas, in the pass they are numbered for), then D.C. / D.S. jumps to the start or the segno,
/// played once more up to Fine or To Coda, then the coda — as music21's `expandRepeats()` does
/// for repeats and endings. The import writes the score's signs as Stave's form statements
/// (`FormReading`), which must play in this order; it writes the measures out in this order
/// where they cannot (`SongBuilder.formAndPlays`).
enum FormUnfolding {
    /// One measure played: its index and the pass of its repeat (1 the first time, 2 on the repeat…).
    struct Play: Equatable {
        var measure: Int
        var pass: Int
    }

    /// At most this many measures are played (a malformed nest of repeats cannot blow up).
    static let maximumPlays = 1_000_000

    /// True when the score has a repeat sign, an ending or a jump.
    static func hasForm(_ measures: [Score.Measure]) -> Bool {
        measures.contains { $0.repeatForward || $0.repeatBackward != nil || $0.endingStarts || !$0.jumps.isEmpty }
    }

    /// The measures in playing order.
    static func order(_ measures: [Score.Measure]) -> [Play] {
        let count = measures.count
        // Ending numbers hold from the measure a bracket starts in to the one it stops at.
        var endings = [[Int]](repeating: [], count: count)
        var open: [Int] = []
        for index in 0..<count {
            if measures[index].endingStarts { open = measures[index].endings }
            endings[index] = open
            if measures[index].endingStops || (measures[index].repeatBackward != nil && !open.isEmpty) { open = [] }
        }
        var plays: [Play] = []
        var index = 0
        var pass = 1
        var sectionStart = 0
        var lastJumpSource = -1
        var taken: [Int: Int] = [:]
        var jumped = false
        while index < count, plays.count < maximumPlays {
            let measure = measures[index]
            if measure.repeatForward, !jumped, pass == 1 { sectionStart = index }
            if pass > 1, index > lastJumpSource, endings[index].isEmpty {
                pass = 1
                sectionStart = index
            }
            if !endings[index].isEmpty {
                // On a jump's pass, only the last ending is played.
                let wanted = jumped ? (endingsOfSection(endings, from: index).max() ?? pass) : pass
                if !endings[index].contains(wanted) {
                    index += 1
                    continue
                }
            }
            plays.append(Play(measure: index, pass: pass))
            if !jumped, let times = measure.repeatBackward {
                if !endings[index].isEmpty {
                    // A repeat at the end of an ending: back while a later ending is numbered for the next pass.
                    if endingsOfSection(endings, from: index).contains(pass + 1) {
                        lastJumpSource = max(lastJumpSource, index)
                        pass += 1
                        index = sectionStart
                        continue
                    }
                } else {
                    let done = taken[index] ?? 1
                    if done < times {
                        taken[index] = done + 1
                        lastJumpSource = max(lastJumpSource, index)
                        pass += 1
                        index = sectionStart
                        continue
                    }
                    taken[index] = nil
                    pass = 1
                    sectionStart = index + 1
                }
            }
            if jumped, measure.jumps.contains(.fine) { break }
            if jumped, measure.jumps.contains(.toCoda) {
                if let coda = ((index + 1)..<count).first(where: { measures[$0].jumps.contains(.coda) }) {
                    index = coda
                    continue
                }
                break
            }
            if !jumped, measure.jumps.contains(.daCapo) || measure.jumps.contains(.dalSegno) {
                jumped = true
                pass = 1
                if measure.jumps.contains(.dalSegno), let segno = (0...index).first(where: { measures[$0].jumps.contains(.segno) }) {
                    index = segno
                } else {
                    index = 0
                }
                continue
            }
            index += 1
        }
        return plays
    }

    /// The ending numbers of the brackets that follow one another from `index` on (the
    /// endings of one repeated section).
    private static func endingsOfSection(_ endings: [[Int]], from index: Int) -> [Int] {
        var numbers: [Int] = []
        var scan = index
        while scan > 0, !endings[scan - 1].isEmpty { scan -= 1 }
        while scan < endings.count, !endings[scan].isEmpty {
            numbers += endings[scan]
            scan += 1
        }
        return numbers
    }
}
