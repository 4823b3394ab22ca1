import XCTest
import StaveDomain

/// Every malformed save file in Tests/Fixtures/saves/malformed is refused with exactly the
/// problems its `.expected` file lists (written by hand), one `id path: message` a line: the
/// stable ID from the diagnostics catalog, then the problem as `stave print` shows it.
final class MalformedSaveTests: XCTestCase {
    func testEveryMalformedFixtureGivesItsExpectedProblems() throws {
        let fixtures = Fixtures.files(in: "Tests/Fixtures/saves/malformed", withExtension: "json")
        XCTAssertGreaterThanOrEqual(fixtures.count, 15)
        for fixture in fixtures {
            let expectedURL = fixture.deletingPathExtension().appendingPathExtension("expected")
            let expected = try Fixtures.text(expectedURL).split(separator: "\n").map(String.init)
            XCTAssertFalse(expected.isEmpty, fixture.lastPathComponent)
            let bytes = try Fixtures.bytes(fixture)
            do {
                _ = try SongDecoder.decode(bytes)
                XCTFail("\(fixture.lastPathComponent) was accepted")
            } catch {
                let found = error.problems.map { "\($0.id.rawValue) \($0)" }
                XCTAssertEqual(found, expected, fixture.lastPathComponent)
            }
        }
    }

    func testProblemsNameTheirPathLikeTheIssueExample() throws {
        let fixture = Fixtures.root.appendingPathComponent("Tests/Fixtures/saves/malformed/negative-width.json")
        XCTAssertThrowsError(try SongDecoder.decode(try Fixtures.bytes(fixture))) { error in
            let problems = (error as? SaveError)?.problems ?? []
            XCTAssertEqual(problems.first?.path.description, "song.tracks[1].phrases[3].containers[0].width")
        }
    }

    func testEmptyAndGarbageInputsAreRefusedWithoutCrashing() {
        let inputs: [[UInt8]] = [[], Array("   ".utf8), [0xFF, 0xFE], Array("{".utf8), Array("nul".utf8), Array("\"abc".utf8),
                                 Array("{\"format\": \"stave-song\", \"version\": 1e400}".utf8), Array("-".utf8), Array("[1,]".utf8)]
        for input in inputs {
            XCTAssertThrowsError(try SongDecoder.decode(input)) { error in
                XCTAssertFalse((error as? SaveError)?.problems.isEmpty ?? true)
            }
        }
    }
}
