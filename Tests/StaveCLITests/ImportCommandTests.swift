import Foundation
import XCTest

/// `stave import`: a MIDI file to Stave text that compiles to the same notes, a save file with
/// `-o X.json`, a damaged file refused with its byte offset (exit 1, nothing written), usage errors.
final class ImportCommandTests: CLITestCase {
    let song = """
    title "Import"
    tempo 96
    meter 3/4
    key f major
    track melody { instrument flute
      phrase { f4 g a | {bb a g}4 f2 | f4 g a | {bb a g}4 f2 | }
    }
    drums beat { phrase { kick4 hat hat | kick hat hat | } }

    """

    func testImportGivesTextThatCompilesToTheSameMIDI() throws {
        let source = try write("song.stave", song)
        let midi = path("song.mid")
        XCTAssertEqual(try run(["compile", source, "-o", midi, "-q"]).status, 0)
        let imported = try run(["import", midi])
        XCTAssertEqual(imported.status, 0, imported.err)
        XCTAssertTrue(imported.err.hasPrefix("wrote \(path("song.stave"))"), imported.err)
        let text = try String(contentsOfFile: path("song.stave"), encoding: .utf8)
        for expected in ["title \"Import\"", "tempo 96", "meter 3/4", "key f major", "instrument flute", "{b a g}", "drums beat", "kick", "repeat p1"] {
            XCTAssertTrue(text.contains(expected), "missing '\(expected)' in:\n\(text)")
        }
        XCTAssertEqual(try run(["check", path("song.stave")]).status, 0)
        XCTAssertEqual(try run(["compile", path("song.stave"), "-o", path("again.mid"), "-q"]).status, 0)
        let first = try Data(contentsOf: URL(fileURLWithPath: midi)), second = try Data(contentsOf: URL(fileURLWithPath: path("again.mid")))
        XCTAssertEqual(first, second, "the imported song compiles to the same bytes")
        // --no-phrases: no repeat; -o X.json: a save file that prints back.
        let flat = try run(["import", midi, "-o", "-", "--no-phrases", "-q"])
        XCTAssertEqual(flat.status, 0, flat.err)
        XCTAssertFalse(String(decoding: flat.out, as: UTF8.self).contains("repeat"))
        // One phrase per track, even across a silent bar.
        let gap = try write("gap.stave", "track a {\n  phrase { c4 d e f | }\n  phrase at 4 { g1 | }\n}\n")
        XCTAssertEqual(try run(["compile", gap, "-o", path("gap.mid"), "-q"]).status, 0)
        let whole = String(decoding: try run(["import", path("gap.mid"), "-o", "-", "--no-phrases", "-q"]).out, as: UTF8.self)
        XCTAssertEqual(whole.components(separatedBy: "phrase").count - 1, 1, whole)
        let cut = String(decoding: try run(["import", path("gap.mid"), "-o", "-", "-q"]).out, as: UTF8.self)
        XCTAssertEqual(cut.components(separatedBy: "phrase").count - 1, 2, cut)
        XCTAssertEqual(try run(["import", midi, "-o", path("song.json"), "--grid", "16", "-q"]).status, 0)
        XCTAssertEqual(try run(["print", path("song.json")]).status, 0)
    }

    func testDamagedFileIsRefusedWithItsOffset() throws {
        let source = try write("song.stave", song)
        let midi = path("song.mid")
        XCTAssertEqual(try run(["compile", source, "-o", midi, "-q"]).status, 0)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: midi))
        bytes.removeLast(bytes.count - 40)
        try bytes.write(to: URL(fileURLWithPath: path("cut.mid")))
        let failed = try run(["import", path("cut.mid"), "-o", path("never.stave")])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.err.contains("cut.mid: error: byte 18: chunk length"), failed.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("never.stave")))
        let text = try run(["import", source, "-o", path("never.stave")])
        XCTAssertEqual(text.status, 1)
        XCTAssertTrue(text.err.contains("byte 0: expected the header chunk 'MThd'"), text.err)
    }

    /// Issue 31's reproducer (Tests/Fixtures/fuzz/import): a 37-byte file whose one note lasts
    /// 2,796,203 bars is refused from its events, under a 1 GB address-space limit, in well under
    /// a second (it took 10 s and 868 MB before; the bound here leaves room for a loaded machine).
    func testASongBeyondTheBarLimitIsRefusedFastUnderOneGigabyte() throws {
        let fixture = Self.packageRoot.appendingPathComponent("Tests/Fixtures/fuzz/import/note-off-after-2796203-bars.mid").path
        let began = Date()
        let refused = try run(["-c", "ulimit -v 1000000 && exec \"$0\" import \"$1\" -o \"$2\"", executable.path, fixture, path("never.stave")],
                              shell: true)
        let seconds = Date().timeIntervalSince(began)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.err, "\(fixture): error: the song would last 2,796,203 bars (a note ends at tick 268,435,455 of 24 a quarter): "
                       + "expected at most 1,000,000 bars, Stave's limit [import-unreadable]\n1 error in \(fixture)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("never.stave")))
        XCTAssertLessThan(seconds, 3, "the refusal took \(seconds) s")
    }

    func testUsageErrors() throws {
        XCTAssertEqual(try run(["import"]).status, 2)
        XCTAssertEqual(try run(["import", "a.mid", "--grid", "fine"]).status, 2)
        XCTAssertEqual(try run(["import", "a.mid", "--grid", "0"]).status, 2)
        XCTAssertEqual(try run(["import", "a.mid", "--bogus"]).status, 2)
        XCTAssertEqual(try run(["import", path("missing.mid")]).status, 2)
        XCTAssertEqual(try run(["import", "--help"]).status, 0)
    }
}
