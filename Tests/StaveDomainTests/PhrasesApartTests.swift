import Foundation
import XCTest
import StaveComposition
@testable import StaveDomain
import StaveSyntax
import StaveTestSupport
import StaveJSON

/// A save file's phrases are parsed apart from the rest and decoded on all cores
/// (`PhrasesAsRead`). That must change nothing but speed: on valid songs, on every kind of
/// mutated song and on damaged bytes, the document or the exact list of problems (paths,
/// messages, order) is the one the single-tree decoder gives.
final class PhrasesApartTests: XCTestCase {
    func testSameDocumentOrProblemsAsOneTree() throws {
        var generator = RandomSongGenerator(seed: 0xA9A27)
        var random = SeededRandom(seed: 0x5EED)
        var taken = 0, sameProblems = 0, sameSongs = 0
        // Every tenth song has enough phrases to be decoded on several threads.
        let phrases = (1...40).map { "  phrase p\($0) { c8 d [e g]4 {f g a}4 c4 | r2 g4 v80 e4 }" }.joined(separator: "\n")
        let (long, diagnostics) = Lowering.compile(Source(path: "long.stave", text: "track lead {\n\(phrases)\n}\n"), defaultTitle: "long")
        XCTAssertFalse(diagnostics.hasErrors)
        XCTAssertGreaterThanOrEqual(long.tracks[0].phrases.count, ParallelJobs.worthThreads)
        let rounds = TestScale.count(1_500, minimum: 150)
        for round in 0..<rounds {
            let song = round % 10 == 0 ? long : generator.song()
            let encoded = try SongEncoder.encode(song)
            var bytes = encoded
            if round % 3 != 0 {
                let json = try JSONParser.parse(encoded)
                bytes = Array(MutatedSaveTests.write(MutatedSaveTests.mutate(json, &random)).utf8)
            }
            if round % 5 == 4, !bytes.isEmpty {
                // A damaged byte as well: syntax errors must name the same place.
                bytes[random.int(0...(bytes.count - 1))] = random.pick(Array("{}[],:\"0-x ".utf8))
            }
            var apart = PhrasesAsRead(enabled: true)
            if (try? JSONParser.parse(bytes, handing: &apart)) != nil, !apart.pending.isEmpty { taken += 1 }
            let expected = Result { () throws(SaveError) in try SongDecoder.decode(bytes, migrations: Migration.chain, phrasesApart: false) }
            let actual = Result { () throws(SaveError) in try SongDecoder.decode(bytes, migrations: Migration.chain, phrasesApart: true) }
            switch (expected, actual) {
            case (.success(let one), .success(let other)):
                XCTAssertTrue(one == other, "round \(round): the documents differ")
                sameSongs += 1
            case (.failure(let one), .failure(let other)):
                XCTAssertEqual(one.problems.map(\.description), other.problems.map(\.description), "round \(round)")
                sameProblems += 1
            default:
                let problems = (try? expected.get()) == nil ? expected : actual
                XCTFail("round \(round): one decoder accepted what the other refused: \(String(describing: problems).prefix(400))")
            }
        }
        // The comparison means something only if both outcomes happened and phrases were taken.
        XCTAssertGreaterThan(taken, rounds * 8 / 15)
        XCTAssertGreaterThan(sameSongs, rounds / 5)
        XCTAssertGreaterThan(sameProblems, rounds / 5)
    }

    /// Jobs over a song's tracks and phrases come back grouped as they went in, on one thread
    /// and on all cores.
    func testJobsByGroup() {
        XCTAssertEqual(ParallelJobs.run(groups: [2, 0, 3]) { "\($0).\($1)" }, [["0.0", "0.1"], [], ["2.0", "2.1", "2.2"]])
        let groups = [0, 7, ParallelJobs.worthThreads, 1]
        XCTAssertEqual(ParallelJobs.run(groups: groups) { $0 * 100 + $1 }, groups.indices.map { group in (0..<groups[group]).map { group * 100 + $0 } })
    }

    /// Only phrases of a current-version file, after the track's type and velocity, are taken.
    func testWhatIsTaken() throws {
        let phrase = #"{"type":"original","start":0,"length":4,"containers":[{"width":4,"notes":[60]}]}"#
        func pendingCount(_ text: String) throws -> Int {
            var apart = PhrasesAsRead(enabled: true)
            _ = try JSONParser.parse(Array(text.utf8), handing: &apart)
            return apart.pending.count
        }
        let song = { (version: Int, track: String) in
            #"{"format":"stave-song","version":\#(version),"song":{"title":"t","tracks":[\#(track)]}}"#
        }
        XCTAssertEqual(try pendingCount(song(SongDocument.currentVersion, #"{"type":"melody","velocity":90,"phrases":[\#(phrase),\#(phrase)]}"#)), 2)
        XCTAssertEqual(try pendingCount(song(4, #"{"type":"melody","velocity":90,"phrases":[\#(phrase)]}"#)), 0, "older versions migrate the tree")
        XCTAssertEqual(try pendingCount(song(SongDocument.currentVersion, #"{"phrases":[\#(phrase)],"type":"melody","velocity":90}"#)), 0, "type and velocity come later")
        XCTAssertEqual(try pendingCount(song(SongDocument.currentVersion, #"{"type":"melody","velocity":900,"phrases":[\#(phrase)]}"#)), 0, "an invalid velocity")
        // A key with an escape is read the usual way (the quick check gives up), and means the same.
        let escaped = #"{"\u0074ype":"original","start":4,"length":4,"containers":[{"width":4,"notes":[60]}]}"#
        let withEscape = song(SongDocument.currentVersion, #"{"id":"a","type":"melody","program":0,"channel":1,"channelExplicit":false,"volume":100,"pan":64,"velocity":90,"octave":4,"transpose":0,"phrases":[\#(phrase),\#(escaped)]}"#)
        XCTAssertEqual(try pendingCount(withEscape), 1)
        let meters = #""ppq":480,"resolution":4,"key":{"tonic":"c","mode":"major"},"tempos":[{"bar":1,"bpm":"120"}],"meters":[{"bar":1,"numerator":4,"denominator":4}],"#
        let full = withEscape.replacingOccurrences(of: #""title":"t","#, with: #""title":"t","# + meters)
        let decoded = try SongDecoder.decode(Array(full.utf8), migrations: Migration.chain, phrasesApart: true)
        XCTAssertTrue(decoded == (try SongDecoder.decode(Array(full.utf8), migrations: Migration.chain, phrasesApart: false)))
        XCTAssertEqual(decoded.tracks.first?.phrases.count, 2)
        // A repeated key inside a taken phrase: the same syntax error, at the same place, as
        // when the whole file is one tree.
        let repeated = full.replacingOccurrences(of: #""length":4,"containers""#, with: #""length":4,"length":4,"containers""#)
        for apart in [true, false] {
            XCTAssertThrowsError(try SongDecoder.decode(Array(repeated.utf8), migrations: Migration.chain, phrasesApart: apart)) { error in
                XCTAssertEqual((error as? SaveError)?.problems.map(\.description),
                               [#"song.tracks[0].phrases[0]: invalid JSON at line 1, column 396: duplicate key "length""#], "apart: \(apart)")
            }
        }
    }
}
