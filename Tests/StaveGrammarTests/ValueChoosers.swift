import StaveComposition
import StaveTestSupport

/// The "semantic value choosers": for a lexical rule in a given place, a value that the grammar
/// allows and that also makes sense to the compiler (a tempo of 1–1000, a real drum name, an
/// ID that is not a reserved word). The grammar alone cannot say these things.
///
/// A chooser is found by the lexical rule's name and the text of the token before it; `nil`
/// as the previous token means "anywhere". Every value a chooser returns is checked against the
/// rule it stands for (`SentenceGenerator.chooserViolations`), so a chooser can never produce a
/// token the grammar forbids.
///
/// | rule        | after                                  | values                                   |
/// |-------------|----------------------------------------|------------------------------------------|
/// | Number      | `tempo`                                | 20–300                                   |
/// | Decimal     | `tempo`                                | 20.0–300.9 (one decimal)                 |
/// | Number      | `meter` / `/`                          | 1–12 / 1, 2, 4, 8, 16                    |
/// | Number      | `at`                                   | 1–40                                     |
/// | Number      | `ppq`                                  | 96, 120, 192, 240, 384, 480, 960         |
/// | Number      | `instrument` `kit`                     | 0–127                                    |
/// | Number      | `channel`                              | 1–16                                     |
/// | Number      | `volume` `pan` `velocity`              | 0–127                                    |
/// | Number      | `octave`                               | 1–7                                      |
/// | Number      | `transpose`                            | −24–24                                   |
/// | Number      | `legato`                               | 1–100                                    |
/// | Number      | `cc`                                   | 0–127                                    |
/// | Number      | `bend`                                 | −200–200                                 |
/// | Number      | anywhere else                          | 1–16                                     |
/// | Word        | `instrument` / `kit`                   | GM program names and aliases / kit names |
/// | Pitch       | `key`                                  | the tonics of the 15 major keys          |
/// | Identifier  | anywhere                               | a small pool of valid IDs                |
/// | Octave      | anywhere                               | o2–o6                                    |
/// | Velocity    | anywhere                               | v0–v127                                  |
/// | NoteVelocity | anywhere (after `@`)                  | 0–127                                    |
/// | Count       | anywhere                               | x1–x4                                    |
struct ValueChoosers {
    typealias Chooser = (inout SeededRandom) -> String

    private struct Key: Hashable {
        var rule: String
        var previous: String?
    }

    private var table: [Key: Chooser] = [:]

    /// The chooser for a lexical rule after a token, if there is one.
    func chooser(for rule: String, after previous: String?) -> Chooser? {
        table[Key(rule: rule, previous: previous)] ?? table[Key(rule: rule, previous: nil)]
    }

    private mutating func add(_ rule: String, after previous: [String?], _ chooser: @escaping Chooser) {
        for word in previous { table[Key(rule: rule, previous: word)] = chooser }
    }

    private static func number(_ range: ClosedRange<Int>) -> Chooser {
        { random in String(Int.random(in: range, using: &random)) }
    }

    private static func one(of values: [String]) -> Chooser {
        { random in random.pick(values) }
    }

    /// IDs that are valid but look like reserved words or other tokens, to keep the grammar's
    /// `Identifier - ReservedWord` honest.
    /// The words of Stave 2 are no reserved words, so they are IDs too.
    static let identifiers = ["intro", "verse", "chorus", "a", "b2", "_fill", "Theme", "tempo2", "key_", "atx", "x7", "c4", "r", "o5", "TRACK",
                              "legato", "lyrics", "marker", "pedal", "cc", "bend", "down"]

    /// The choosers used by the grammar tests.
    static var stave: ValueChoosers {
        var choosers = ValueChoosers()
        choosers.add("Number", after: ["tempo"], number(20...300))
        choosers.add("Decimal", after: ["tempo"]) { random in
            "\(Int.random(in: 20...300, using: &random)).\(Int.random(in: 0...9, using: &random))"
        }
        choosers.add("Number", after: ["meter"], number(1...12))
        choosers.add("Number", after: ["/"], one(of: ["1", "2", "4", "8", "16"]))
        choosers.add("Number", after: ["at"], number(1...40))
        choosers.add("Number", after: ["ppq"], one(of: ["96", "120", "192", "240", "384", "480", "960"]))
        choosers.add("Number", after: ["instrument", "kit", "volume", "pan", "velocity"], number(0...127))
        choosers.add("Number", after: ["channel"], number(1...16))
        choosers.add("Number", after: ["octave"], number(1...7))
        choosers.add("Number", after: ["transpose"], number(-24...24))
        choosers.add("Number", after: ["legato"], number(1...100))
        choosers.add("Number", after: ["cc"], number(0...127))
        choosers.add("Number", after: ["bend"], number(-200...200))
        choosers.add("Number", after: [nil], number(1...16))
        choosers.add("Word", after: ["instrument"], one(of: GeneralMIDI.instrumentNames + GeneralMIDI.instrumentAliases.keys.sorted()))
        choosers.add("Word", after: ["kit"], one(of: GeneralMIDI.kits.keys.sorted()))
        choosers.add("Pitch", after: ["key"], one(of: ["c", "g", "d", "a", "e", "b", "f#", "c#", "f", "bb", "eb", "ab", "db", "gb", "cb"]))
        choosers.add("Identifier", after: [nil], one(of: identifiers))
        choosers.add("Octave", after: [nil]) { random in "o\(Int.random(in: 2...6, using: &random))" }
        choosers.add("Velocity", after: [nil]) { random in "v\(Int.random(in: 0...127, using: &random))" }
        choosers.add("NoteVelocity", after: [nil], number(0...127))
        choosers.add("Count", after: [nil]) { random in "x\(Int.random(in: 1...4, using: &random))" }
        return choosers
    }
}
