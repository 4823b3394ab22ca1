import XCTest
import StaveSyntax
import StaveComposition
import StaveMIDI

/// Key changes `key TONIC MODE at BAR` (LANGUAGE.md "Form (v3)"), computed by hand: an FF 59
/// event on the conductor track at the bar's first tick, and every pitch letter reads the key
/// in force at its written time (a Repeat copy keeps its Original's pitches).
final class KeyChangeTests: XCTestCase {
    private func diagnostics(_ text: String) -> [String] {
        let (_, diagnostics) = Lowering.compile(Source(path: "t.stave", text: text), defaultTitle: "t")
        return diagnostics.map { "\($0.severity == .error ? "error" : "warning") \($0.id.rawValue): \($0.message)" }
    }

    /// C major, D major at bar 2, B-flat major at bar 3 (4/4, ppq 480: bars at 0, 1920, 3840).
    static let text = """
        key c major
        key d major at 2
        key bb major at 3
        track lead {
          phrase a { f4 c f c | f c fn c | b1 }
          repeat a
        }
        """

    func testKeySignatureEventsAtTheBars() throws {
        let dump = try MIDIDump(midi(Self.text))
        let keys = dump.tracks[0].filter { $0.text.hasPrefix("key-signature") }.map { "\($0.tick) \($0.text)" }
        XCTAssertEqual(keys, ["0 key-signature 0 major", "1920 key-signature 2 major", "3840 key-signature -2 major"])
        // The raw bytes of the change to B-flat major: FF 59 02 FE 00.
        XCTAssertNotNil(try midi(Self.text).firstRange(of: [0xFF, 0x59, 0x02, 0xFE, 0x00]))
    }

    func testPitchLettersReadTheKeyInForceAndCopiesKeepTheirOriginal() throws {
        let pitches = try MIDIDump(midi(Self.text)).notes.map { $0[4] }
        // Bar 1 (C major) f c f c; bar 2 (D major) f# c# f(natural) c#; bar 3 (B-flat major) bb;
        // the Repeat (bars 4–6, still B-flat major) plays the same pitches.
        let original = [65, 60, 65, 60, 66, 61, 65, 61, 70]
        XCTAssertEqual(pitches, original + original)
    }

    /// `key … at 1` is the key at bar 1: one event on tick 0, and the notes read it.
    func testKeyAtBarOneReplacesTheHeaderKey() throws {
        let text = "key c major\nkey a major at 1\ntrack a { phrase { c1 } }"
        let dump = try MIDIDump(midi(text))
        XCTAssertEqual(dump.tracks[0].filter { $0.text.hasPrefix("key-signature") }.map { "\($0.tick) \($0.text)" }, ["0 key-signature 3 major"])
        XCTAssertEqual(dump.notes.map { $0[4] }, [61])
    }

    func testTwoKeyChangesAtOneBarIsAnError() {
        XCTAssertEqual(diagnostics("key d major at 2\nkey e minor at 2\ntrack a { phrase { c1 | c1 } }"),
                       ["error key-change-conflict: two key changes at bar 2"])
    }

    func testAnInvalidKeyChangeIsAnError() {
        XCTAssertEqual(diagnostics("key g# major at 2\ntrack a { phrase { c1 | c1 } }"),
                       ["error invalid-key: 'g# major' is not a key with at most 7 sharps or flats"])
    }

    /// A song without key changes writes the one key event, as before.
    func testNoKeyChangesOneEvent() throws {
        let dump = try MIDIDump(midi("key e minor\ntrack a { phrase { c1 | c1 } }"))
        XCTAssertEqual(dump.tracks[0].filter { $0.text.hasPrefix("key-signature") }.map { "\($0.tick) \($0.text)" }, ["0 key-signature 1 minor"])
    }
}

/// Found by the model referee (Tests/model, `--v3`): grace notes and the key signatures of a song
/// with a form follow the key changes and the transposition.
final class KeyChangeFormTests: XCTestCase {
    private func keys(_ text: String) throws -> [String] {
        try MIDIDump(midi(text)).tracks[0].filter { $0.text.hasPrefix("key-signature") }.map { "\($0.tick) \($0.text)" }
    }

    /// Bar 1 in C major, bars 2–3 in D major: the grace `c` of bar 2 and the grace chord `[c e]` of
    /// bar 3 read C♯ like their main notes (they stayed C natural, the header key's).
    func testGraceNotesReadTheKeyInForce() throws {
        let text = "key d at 2\ntrack a { phrase { c1 | (c)c1 | ([c e])c1 } }"
        XCTAssertEqual(try MIDIDump(midi(text)).notes.map { $0[4] }, [60, 61, 61, 61, 64, 61])
    }

    /// D major, E major at bar 2 under `repeat bars 1-2`: performance bars 1 2 1 2 3 (1920 ticks
    /// each): D at 0, E at bar 2, D again at the seam (3840), E at 5760.
    func testKeyChangesFollowThePerformance() throws {
        let text = "key d\nkey e at 2\nrepeat bars 1-2\ntrack a { phrase { c1 | c1 | c1 } }"
        XCTAssertEqual(try keys(text), ["0 key-signature 2 major", "1920 key-signature 4 major",
                                        "3840 key-signature 2 major", "5760 key-signature 4 major"])
    }

    /// `transpose 2` moves the key signatures of a song with a form as of one without: D major
    /// sounds in E major (4 sharps), F major at bar 2 in G major (1 sharp); performance 1 2 2 3.
    func testTransposedKeysWithAForm() throws {
        let text = "transpose 2\nkey d\nkey f at 2\nrepeat bars 2-2\ntrack a { phrase { c1 | c1 | c1 } }"
        // the second pass starts at bar 2, where the change stands: it is played again there
        XCTAssertEqual(try keys(text), ["0 key-signature 4 major", "1920 key-signature 1 major", "3840 key-signature 1 major"])
    }
}
