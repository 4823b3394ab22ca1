import Foundation

/// Builds fuzz inputs: random bytes, token soup from the language's vocabulary, mutations of
/// well-formed songs, and a fixed list of hostile inputs.
public struct FuzzInputs {
    /// Words, numbers and marks of the language, and values at and past every limit.
    static let vocabulary: [String] = [
        "title", "composer", "tempo", "meter", "key", "ppq", "track", "drums", "phrase", "repeat", "sync", "at",
        "transpose", "instrument", "kit", "channel", "volume", "pan", "velocity", "octave", "major", "minor",
        "c", "d", "e", "f", "g", "a", "b", "r", "c#", "db", "f##", "ebb", "bbb", "bn", "b#", "cb", "c###", "e#b",
        "c4", "d8", "e16.", "f2..", "g1...", "a32", "b64", "c3", "c0", "c128", "c4....", "r8", "r2.", "c2~8", "c~8", "c~", "~",
        "kick", "snare8", "hat", "open-hat16", "crash", "ride-bell", "acoustic-bass-drum", "bongo", "kick9",
        "o0", "o4", "o9", "o10", ">", "<", "v0", "v90", "v127", "v128", "!ppp", "!mf", "!fff", "!xyz", "!",
        "{", "}", "[", "]", "(", ")", "|", ".", "/", "-", "#", "$", "@", "\\", "\"",
        "1", "2", "4", "8", "16", "3", "0", "-1", "-24", "92.5", "1000", "1001", "64", "65", "127", "128",
        "x0", "x1", "x3", "x10000", "x10001", "x999999999", "x99999999999999999999",
        "4/4", "3/4", "6/8", "7/64", "0/4", "3/5", "99999999999999999999/4",
        "c99999999999999999999", "o99999999999", "v-1", "v99999999999", "1e400", "99999999999999999999",
        "1000000", "1000001", "999999999999",
        "\"Ode to Joy\"", "\"esc \\\" \\\\\"", "\"bad \\q\"", "\"unterminated", "// comment\n", "/* block */", "/* open",
        "piano", "flute", "acoustic-grand-piano", "lead-1-square", "tr-808", "jazz", "vintage",
        "lead.theme", "a.p", "p", "q", "lead", "theme", "é", "♪", "\t", "\r\n",
        // Stave 2
        "'", "^", "_", "c4'", "c4_", "c_", "c4^'", "c'4", "c4''", "c4'_", "r4'", "kick8^", "!<", "!>", "(d e)", "()",
        "pedal", "down", "up", "sideways", "cc", "bend", "marker", "\"Chorus\"", "lyrics", "legato", "-200", "201",
        "C", "Am7", "Bb7", "F#m7b5", "Cmj7", "H7", "[C]", "[Am7]", "/D", "C4", "\"Twin-kle\"",
        // Stave 3: chord symbols a lead sheet spells
        "C-7", "C-", "C+", "C°7", "Cø", "CΔ9", "C6", "/9", "C7(b9)", "Cmin7", "am7", "C(", "Δ", "ø", "+",
    ]

    /// Well-formed songs that the mutations start from.
    static let seeds: [String] = [
        """
        title "Ode to Joy"
        composer "L. van Beethoven"
        tempo 120
        meter 4/4
        key d major
        track lead "Melody" {
          instrument flute
          phrase theme {
            o4 f4 f g a | a g f e | d d e f | f4. e8 e2 |
          }
          repeat theme
        }
        track bass {
          instrument acoustic-bass
          octave 2
          phrase { d2 a | d a | b g | a2 a | }
          sync lead.theme transpose -24 at 5
        }
        drums beat {
          phrase groove { kick8 hat snare hat kick kick snare hat | }
          repeat groove x7
        }
        """,
        """
        tempo 100
        meter 3/4 at 3
        ppq 96
        track t {
          velocity 70
          phrase a { c4 e8 g~ g4 a8 g~ | v70 g2~8 e8 d4 | !mf c2~ c8 {d e f~}8 f4 | e4~ {e d c}4 d~8 c | }
          phrase b at 5 { [c~ e g]2. | [c f a]2. | tempo 80 {c {d e} f}2 r4 | [c e g > c]2. | }
          repeat b x2
        }
        drums d { kit jazz phrase { {hat hat r}8 [kick crash]4 rim16 clap16 r8 } }
        """,
        """
        title "Stave 2"
        marker "Intro" at 1
        track lead {
          legato 85
          phrase verse {
            !p c4' d8._ e8^ [C]2 [Am7 e]4 [Bb7/D]4. !< (d e)f4 g !f pedal down [c e g]2^ pedal up
            cc 11 90 bend -50 bend 0 marker "Chorus" {c' d' e}4 r4 ([c e] g)a2
          }
          lyrics verse "Twin-kle twin-kle lit-tle star" "up a-bove the world so high"
        }
        drums beat { phrase groove { (snare)snare8 kick^ hat' hat [kick snare]4 } repeat groove x2 }
        """,
        """
        key bb minor
        meter 6/8
        track x { transpose -12 octave 5 phrase m { b8 e f g4. | bn4.~ b4. | } }
        track y { channel 3 sync x.m transpose 12 at 2 repeat n x3 phrase n { {c d e f g}4. r4. } }
        """,
    ]

    /// Hostile inputs that every run includes.
    public static func fixed() -> [[UInt8]] {
        let body = { (inside: String) in Array("track t { phrase { \(inside) } }".utf8) }
        var inputs: [[UInt8]] = [
            Array(String(repeating: "{", count: 100_000).utf8),
            Array(String(repeating: "[", count: 100_000).utf8),
            Array(("track a { phrase { " + String(repeating: "{", count: 100_000)).utf8),
            Array(("track a { phrase { " + String(repeating: "[", count: 100_000)).utf8),
            Array(("track a { phrase { " + String(repeating: "{[", count: 50_000)).utf8),
            Array(("track a { phrase { " + String(repeating: "}", count: 100_000)).utf8),
            body(String(repeating: "{", count: 70) + "c" + String(repeating: "}", count: 70) + "4"),
            body("c99999999999999999999"), body("o99999999999 c"), body("v-1 c"), body("v999999999999999 c"),
            Array("tempo 1e400\ntrack t { phrase { c } }".utf8),
            Array("meter 99999999999999999999/4\ntrack t { phrase { c } }".utf8),
            Array("ppq 0\ntrack t { phrase { c } }".utf8),
            Array("track t { phrase p { c } repeat p x999999999 }".utf8),
            Array("track t { phrase p { c1 } repeat p x10000 repeat p x10000 repeat p x10000 }".utf8),
            Array("track t { phrase p at 999999999999 { c } }".utf8),
            Array("title \"never closed".utf8),
            Array("track t { phrase { c /* never closed".utf8),
            Array("track t { phrase { c d".utf8),
            [0xFF, 0xFE, 0x00, 0xC3, 0x28, 0xE2, 0x82, 0xF0, 0x9F],
            Array("track t { phrase { c ".utf8) + [0xC0, 0xAF, 0xED, 0xA0, 0x80] + Array(" } }".utf8),
            [],
        ]
        // Fine nested tuplets of prime sizes push exact time toward overflow.
        var nested = ""
        for prime in [3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61] {
            nested += "{" + String(repeating: "c ", count: prime - 1)
        }
        inputs.append(body(nested + "c" + String(repeating: "}", count: 17) + "64 " + nested + "c" + String(repeating: "}", count: 17)))
        return inputs
    }

    var random: SeededRandom
    /// Extra well-formed songs (the Examples), when present.
    let extraSeeds: [String]

    public init(seed: UInt64, extraSeeds: [String]) {
        self.random = SeededRandom(seed: seed)
        self.extraSeeds = extraSeeds
    }

    /// The next input; the kind is chosen at random.
    public mutating func next() -> [UInt8] {
        switch Int.random(in: 0..<12, using: &random) {
        case 0: return randomBytes()
        case 1, 2: return Array(soup().utf8)
        case 3, 4: return Array(wrappedSoup().utf8)
        case 5, 6, 7: return Array(song().utf8)
        case 8: return mutate(Array(song().utf8))
        default: return mutate(Array(pickSeed().utf8))
        }
    }

    mutating func pick(_ choices: [String]) -> String {
        choices[Int.random(in: 0..<choices.count, using: &random)]
    }

    /// A song built from well-formed pieces only; it may still break rules that need context
    /// (ties to other pitches, pitch range, overlaps).
    public mutating func song() -> String {
        var text = ""
        if Bool.random(using: &random) { text += "tempo \(pick(["60", "92.5", "120", "1000", "1"]))\n" }
        if Bool.random(using: &random) { text += "meter \(pick(["4/4", "3/4", "6/8", "7/64", "5/2", "64/1"]))\n" }
        if Bool.random(using: &random) { text += "key \(pick(["d major", "bb", "c# major", "cb major", "g# minor", "ab minor"]))\n" }
        if Bool.random(using: &random) { text += "ppq \(pick(["24", "96", "480", "7", "32767"]))\n" }
        if Bool.random(using: &random) { text += "tempo \(pick(["80", "140"])) at \(Int.random(in: 1...9, using: &random))\n" }
        var firstIsDrums = false
        for index in 0..<Int.random(in: 1...3, using: &random) {
            let drums = Int.random(in: 0..<4, using: &random) == 0
            if index == 0 { firstIsDrums = drums }
            text += drums ? "drums d\(index) {\n" : "track t\(index) {\n"
            if !drums, Bool.random(using: &random) { text += "  octave \(Int.random(in: 2...6, using: &random)) transpose \(Int.random(in: -12...12, using: &random))\n" }
            for phrase in 0..<Int.random(in: 1...3, using: &random) {
                let at = Bool.random(using: &random) ? " at \(1 + 40 * phrase)" : ""
                text += "  phrase p\(phrase)\(at) { \(body(drums: drums)) }\n"
            }
            if Bool.random(using: &random) { text += "  repeat p0 x\(Int.random(in: 1...40, using: &random))\n" }
            if index > 0, drums == firstIsDrums, Bool.random(using: &random) { text += "  sync \(drums ? "d" : "t")0.p0\n" }
            text += "}\n"
        }
        return text
    }

    mutating func body(drums: Bool) -> String {
        let sounds = drums ? ["kick", "snare", "hat", "open-hat", "crash", "rim", "clap"] : ["c", "d", "e", "f#", "bb", "gn", "a", "b#", "cb"]
        let plain = ["", "", "", "4", "8", "16", "2", "8.", "4..", "32", "64", "1"]
        let durations = plain + ["2~8", "4~16"]
        var items: [String] = []
        let symbols = ["C", "Am7", "Bb7/D", "F#m7b5", "G7", "Dsus4", "Ebmaj7"]
        for _ in 0..<Int.random(in: 1...24, using: &random) {
            let sound = pick(sounds)
            switch Int.random(in: 0..<13, using: &random) {
            case 0: items.append("[\(sound) \(pick(sounds))]\(pick(durations))")
            case 1: items.append("{\(sound) \(pick(sounds)) \(pick([sound, "r", "[\(sound) \(pick(sounds))]", "{\(sound) \(sound)}"]))}\(pick(plain))")
            case 2: items.append("r\(pick(durations))")
            case 3: items.append(pick(drums ? ["v20", "!mf", "v0"] : ["o3", "o5", ">", "<", "v20", "!ff", "v0"]))
            case 4: items.append("\(sound)\(pick(durations))~ \(sound)")
            case 5: items.append(pick(["tempo 100", "tempo 92.5"]))
            // Stave 2, in forms that are valid wherever they stand.
            case 10: items.append(sound + pick(plain) + pick(["'", "^", "_", "^'", "_^"]))
            case 11: items.append("(\(pick(sounds)) \(pick(sounds)))\(sound)\(pick(plain))")
            case 12:
                var commands = ["pedal down", "pedal up", "cc 11 90", "cc 64 0", "bend 100", "bend -50", "marker \"M\"",
                                "!p \(sound) !< \(sound) !f", "!ff \(sound) !> \(sound) !p"]
                if !drums { commands.append("[\(pick(symbols))]\(pick(plain))") }
                items.append(pick(commands))
            default: items.append(sound + pick(durations))
            }
        }
        return items.joined(separator: " ")
    }

    mutating func pickSeed() -> String {
        let all = Self.seeds + extraSeeds
        return all[Int.random(in: 0..<all.count, using: &random)]
    }

    mutating func randomBytes() -> [UInt8] {
        let count = Int.random(in: 0..<400, using: &random)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    mutating func token() -> String {
        Self.vocabulary[Int.random(in: 0..<Self.vocabulary.count, using: &random)]
    }

    mutating func separator() -> String {
        ["", " ", " ", " ", "\n", "  ", "\t"][Int.random(in: 0..<7, using: &random)]
    }

    mutating func soup(count: Int? = nil) -> String {
        let length = count ?? Int.random(in: 1..<120, using: &random)
        var text = ""
        for _ in 0..<length { text += token() + separator() }
        return text
    }

    mutating func wrappedSoup() -> String {
        let kind = Bool.random(using: &random) ? "track" : "drums"
        return "tempo 90\n\(kind) t { phrase p { \(soup()) } repeat p x2 }\n"
    }

    /// A few random edits of a song: bytes inserted, deleted, duplicated, or vocabulary spliced in.
    public mutating func mutate(_ input: [UInt8]) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                bytes.insert(UInt8.random(in: 0...255, using: &random), at: position)
            case 1 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...20, using: &random))
                if position < end { bytes.removeSubrange(position..<end) }
            case 2 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...60, using: &random))
                if position < end { bytes.insert(contentsOf: bytes[position..<end], at: position) }
            default:
                bytes.insert(contentsOf: Array((separator() + token() + separator()).utf8), at: position)
            }
        }
        return bytes
    }
}
