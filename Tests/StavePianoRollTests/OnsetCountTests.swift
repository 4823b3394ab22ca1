import XCTest
import StaveSyntax
import StaveComposition
import StavePianoRoll

/// Counts the onset cells (`#`, and the other bands' and marks' onset glyphs) of every row of
/// the roll and compares them with the notes of that pitch found by walking the Composition tree
/// directly (Song > Track > Phrase > RootNote > TupletNote > ChordNote, and Stave 2's grace
/// groups), for every example and roll fixture. Every onset keeps its cell when no onset was
/// moved; every row the roll shows is accounted for, under the label of the spelling its notes
/// were written with most (the first written among equals), or the key's.
final class OnsetCountTests: XCTestCase {
    /// Onsets counted from the tree: per track ID, per sounding key; and every onset's time.
    struct TreeCount {
        var onsets: [String: [Int: Int]] = [:]
        var times: [Rational] = []
        /// Per track ID and sounding key, the row label of the written spelling chosen.
        var written: [String: [Int: String]] = [:]
    }

    /// Walks the tree. A chord pitch is an onset unless the previous chord (in time order within
    /// the body) held the same pitch with a tie; Repeat copies count `count` times; sounding pitch
    /// is the pitch plus the track's transpose (melody) plus the sync's transpose.
    static func count(_ song: Song) -> TreeCount {
        var result = TreeCount()
        for track in song.tracks {
            var perKey: [Int: Int] = [:]
            var spelled: [Int: [(label: String, count: Int)]] = [:]
            let own = track.kind == .melody ? track.transpose : 0
            // A comp track (Accompaniment v3) plays its realised notes, one body from the song's start.
            var sources: [(start: Rational, body: PhraseBody?, copies: Int, shift: Int)] = track.phrases.map { phrase in
                switch phrase.content {
                case .original(let original): return (phrase.start, original, 1, own)
                case .repeat(let source, let count): return (phrase.start, track.original(source), count, own)
                case .sync(let other, let source, let transpose): return (phrase.start, song.track(other)?.original(source), 1, own + transpose)
                }
            }
            if track.comp != nil { sources = Performance.placements(of: track, in: song).map { ($0.start, $0.body, $0.count, $0.shift) } }
            for (phraseStart, body, copies, shift) in sources {
                guard let body else { continue }
                var leaves: [(time: Rational, notes: [ChordNote])] = []
                // Stave 2 grace groups: k items before a main note of written length L each last
                // g = min(1/32, L/(2k)) from its written start; the main note starts k·g later.
                let graces = Dictionary(body.expression.graces.map { ($0.offset, $0.items) }, uniquingKeysWith: { first, _ in first })
                func walk(_ division: TupletNote, _ start: Rational, _ width: Rational) {
                    switch division {
                    case .chord(let notes):
                        guard let items = graces[start], !items.isEmpty, !notes.isEmpty else { leaves.append((start, notes)); return }
                        let g = min(Rational(1, 32), width / (2 * items.count))
                        for (index, item) in items.enumerated() { leaves.append((start + g * index, item)) }
                        leaves.append((start + g * items.count, notes))
                    case .tuplet(let items):
                        for (index, item) in items.enumerated() { walk(item, start + width / items.count * index, width / items.count) }
                    }
                }
                for root in body.notes {
                    for (index, division) in root.divisions.enumerated() {
                        let part = root.width / root.divisions.count
                        walk(division, root.position + part * index, part)
                    }
                }
                var tied: Set<Int> = []
                for leaf in leaves where shift % 12 == 0 {
                    for note in leaf.notes {
                        guard let spelling = note.spelling, let octave = Pitch.octave(of: note.pitch + shift, spelledAs: spelling) else { continue }
                        let accidental = spelling.accidental ?? 0
                        let label = String(Character(Unicode.Scalar(spelling.letterByte))).uppercased()
                            + String(repeating: accidental > 0 ? "#" : "b", count: abs(accidental)) + String(octave)
                        var seen = spelled[note.pitch + shift, default: []]
                        if let index = seen.firstIndex(where: { $0.label == label }) { seen[index].count += copies } else { seen.append((label, copies)) }
                        spelled[note.pitch + shift] = seen
                    }
                }
                for leaf in leaves {
                    for note in leaf.notes where !tied.contains(note.pitch) {
                        perKey[note.pitch + shift, default: 0] += copies
                        for copy in 0..<copies { result.times.append(phraseStart + body.length * copy + leaf.time) }
                    }
                    tied = Set(leaf.notes.filter(\.tie).map(\.pitch))
                }
            }
            result.onsets[track.id] = perKey
            // The most written label, the first written of equals.
            result.written[track.id] = spelled.mapValues { seen in
                var best = seen[0]
                for item in seen.dropFirst() where item.count > best.count { best = item }
                return best.label
            }
        }
        return result
    }

    /// `#` cells per track ID and row label, summed over the systems; and whether a footnote
    /// says onsets moved.
    static func parse(_ roll: String) -> (counts: [String: [String: Int]], moved: Bool) {
        var counts: [String: [String: Int]] = [:]
        var track: String?
        var moved = false
        for line in roll.split(separator: "\n").dropFirst(2) {
            if line.hasPrefix("track ") || line.hasPrefix("drums ") {
                let id = line.split(separator: " ")[1].split(separator: ":")[0]
                track = String(id)
                counts[String(id), default: [:]] = counts[String(id)] ?? [:]
            } else if line.hasPrefix("* ") {
                moved = true
            } else if line.hasPrefix("chords ") || line.hasPrefix("lyrics ") || line.hasPrefix("legend: ") || line.hasPrefix("velocity: ") {
                continue   // Stave 2's words above and under a track's rows, and the legend
            } else if let track, let first = line.first, first != " ", let space = line.firstIndex(of: " ") {
                let label = String(line[..<space])
                // `#` an onset (`x` silent, `o` soft, `@` loud), `>` an accented onset, `+` a grace note's (Stave 2).
                counts[track, default: [:]][label, default: 0] += line[space...].filter { "#xo@>+".contains($0) }.count
            }
        }
        return (counts, moved)
    }

    func songs() -> [URL] {
        RollTestSupport.songs(in: RollTestSupport.examples) + RollTestSupport.songs(in: RollTestSupport.fixtures)
    }

    func compare(_ song: Song, _ roll: String, name: String, requireExact: Bool) {
        let tree = OnsetCountTests.count(song)
        let (counts, moved) = OnsetCountTests.parse(roll)
        if requireExact { XCTAssertFalse(moved, "\(name): no onset may move on the exact grid") }
        guard !moved else { return }
        for track in song.tracks {
            let expected = tree.onsets[track.id] ?? [:]
            var byLabel: [String: Int] = [:]
            if let low = expected.keys.min(), let high = expected.keys.max() {
                // Melody tracks show every semitone between the extremes; drums only the keys played.
                let keys = track.kind == .melody ? Array(low...high) : Array(expected.keys)
                for key in keys {
                    let label = track.kind == .melody ? tree.written[track.id]?[key] ?? RowLabel.pitch(key, in: song.key) : RowLabel.drum(key)
                    byLabel[label] = expected[key] ?? 0
                }
            }
            XCTAssertEqual(counts[track.id] ?? [:], byLabel, "\(name), track \(track.id)")
        }
    }

    func testOnsetsOnTheDefaultGrid() {
        let urls = songs()
        XCTAssertGreaterThanOrEqual(urls.count, 17)
        var exact = 0
        for url in urls {
            guard let song = RollTestSupport.compile(file: url) else { continue }
            let roll = RollTestSupport.roll(song)
            compare(song, roll, name: url.lastPathComponent, requireExact: false)
            if !OnsetCountTests.parse(roll).moved { exact += 1 }
        }
        // Only the tuplet etude needs a grid finer than 16 columns per quarter note.
        XCTAssertEqual(exact, urls.count - 1)
    }

    func testOnsetsOnAnExactGrid() {
        XCTAssertGreaterThanOrEqual(songs().count, 17)
        for url in songs() {
            guard let song = RollTestSupport.compile(file: url) else { continue }
            let tree = OnsetCountTests.count(song)
            var columns = 1
            for denominator in tree.times.map(\.denominator) + song.meters.map(\.denominator) {
                columns = Rational.lcm(columns, denominator) ?? columns
            }
            let roll = RollTestSupport.roll(song, PianoRollOptions(step: Rational(1, columns)))
            // A swung song's onsets sound off the written grid by design (SwingRollTests draws them).
            let swings = [song.swing].compactMap { $0 } + song.tracks.compactMap(\.swing)
            compare(song, roll, name: url.lastPathComponent + " at 1/\(columns)", requireExact: !swings.contains { $0 != .straight })
        }
    }

    func testTheWalkerCountsTiesRepeatsAndSyncs() {
        // Checked by hand: per copy C4 starts 3 times (the second c4 continues the first) and E4
        // once; the original and its two repeats make 3 copies; the sync
        // sounds the phrase an octave up.
        let source = """
        title "T"
        track a { phrase p { c4~ c4 c4 e4~ | e4 c2 r4 | } repeat p x2 }
        track b { sync a.p transpose 12 }
        """
        guard let song = RollTestSupport.compile(source) else { return }
        let tree = OnsetCountTests.count(song)
        XCTAssertEqual(tree.onsets["a"], [60: 9, 64: 3])
        XCTAssertEqual(tree.onsets["b"], [72: 3, 76: 1])
    }
}
