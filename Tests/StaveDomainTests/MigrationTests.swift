import XCTest
import StaveComposition
import StaveDomain
import StaveJSON

/// The migration chain: a fixture of every format version loads (older ones through the
/// chain), the chain has one step per older version, and newer files are refused.
final class MigrationTests: XCTestCase {
    func testTheChainHasOneStepPerOlderVersion() {
        XCTAssertEqual(Migration.chain.count, SongDocument.currentVersion - 1)
        XCTAssertEqual(Migration.chain.map(\.from), Array(1..<SongDocument.currentVersion))
        // Version 1 is the first: the chain is empty until the format changes.
        if SongDocument.currentVersion == 1 { XCTAssertTrue(Migration.chain.isEmpty) }
    }

    func testAFixtureOfEveryVersionLoads() throws {
        let folders = Fixtures.folders(in: "Tests/Fixtures/saves/versions")
        let versions = folders.compactMap { Int($0.dropFirst()) }.sorted()
        XCTAssertEqual(versions, Array(1...SongDocument.currentVersion), "one fixture folder per version: \(folders)")
        for version in versions {
            let fixtures = Fixtures.files(in: "Tests/Fixtures/saves/versions/v\(version)", withExtension: "json")
            XCTAssertFalse(fixtures.isEmpty, "no fixture of version \(version)")
            for fixture in fixtures {
                let json = try JSONParser.parse(try Fixtures.bytes(fixture))
                XCTAssertEqual(json["version"]?.integer, version, fixture.lastPathComponent)
                XCTAssertNoThrow(try SongDecoder.decode(try Fixtures.bytes(fixture)), fixture.lastPathComponent)
            }
        }
    }

    func testANewerVersionIsRefusedNamingBothVersions() {
        let newer = SongDocument.currentVersion + 1
        let text = "{\"format\": \"stave-song\", \"version\": \(newer), \"song\": {\"whatever\": true}}"
        XCTAssertThrowsError(try SongDecoder.decode(Array(text.utf8))) { error in
            let problems = (error as? SaveError)?.problems ?? []
            XCTAssertEqual(problems.map(\.description), [
                "version: this file has format version \(newer), but this program reads versions up to \(SongDocument.currentVersion); use a newer stave",
            ])
        }
    }

    /// The mechanism, with a made-up chain: a version-1 file goes through a step to version 2.
    func testUpgradeAppliesEachStepAndSetsTheVersion() throws {
        let step = Migration(from: 1) { document in
            guard case .object(var members) = document else { return document }
            members.append(JSONMember("migrated", .bool(true)))
            return .object(members)
        }
        let document = try JSONParser.parse(Array("{\"format\": \"stave-song\", \"version\": 1, \"song\": {}}".utf8))
        let upgraded = try Migration.upgrade(document, using: [step], to: 2)
        XCTAssertEqual(upgraded["version"]?.integer, 2)
        XCTAssertEqual(upgraded["migrated"], .bool(true))
        // Without a step for version 1, the upgrade to 2 is refused.
        XCTAssertThrowsError(try Migration.upgrade(document, using: [], to: 2))
        // A current document passes through unchanged.
        XCTAssertEqual(try Migration.upgrade(document, using: [step], to: 1), document)
    }
}
