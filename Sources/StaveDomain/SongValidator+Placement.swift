import StaveComposition
import StaveJSON

/// Where phrases sit: each starts where the previous one ends (the track's cursor) or at
/// the start of a bar (`at BAR`); none overlaps another; the song stays within the bar limit.
extension SongValidator {
    /// One placed phrase, for the overlap check.
    struct Placed {
        var name: String
        var start: Rational
        var end: Rational
        var path: JSONPath
    }

    mutating func checkPlacement(_ track: Int) {
        guard let meterMap else { return }
        let limit = meterMap.start(ofBar: Lowering.maximumBars + 1)
        var cursor: Rational? = .zero
        var placed: [Placed] = []
        var originalOrdinal = 0
        for (index, phrase) in document.tracks[track].phrases.enumerated() {
            let path = phrasePath(track, index)
            let start = time(phrase.start)
            if start != cursor {
                let (bar, offset, _) = meterMap.locate(start)
                if offset != .zero {
                    let expected = cursor.map { "\((($0) * document.resolution).numerator) (where the previous phrase ends) or the start of a bar" } ?? "the start of a bar"
                    problem(.saveStartOffBar, path.key("start"), "expected \(expected), found \(phrase.start), which is \(WrittenDuration.describe(offset)) into bar \(bar)")
                } else if bar > Lowering.maximumBars {
                    problem(.limitExceeded, path.key("start"), "bar \(bar) is beyond the limit of \(Lowering.maximumBars) bars")
                }
            }
            var length: Rational?
            let name: String
            switch phrase.content {
            case .original:
                originalOrdinal += 1
                name = phrase.id.map { "phrase '\($0)'" } ?? "phrase #\(originalOrdinal)"
                length = originals[track][index]?.length
            case .repeat(let source, let count):
                name = "repeat of '\(source)'"
                if let target = targets[track][index], let summary = originals[target.track][target.phrase] {
                    length = summary.length * count
                }
            case .sync(let sourceTrack, let source, _):
                name = "sync of '\(sourceTrack).\(source)'"
                if let target = targets[track][index], let summary = originals[target.track][target.phrase] {
                    length = summary.length
                }
            }
            guard let length else {
                cursor = nil
                continue
            }
            let end = start + length
            if !SongRule.fitsSong(end: end, limit: limit) {
                problem(SongRule.songTooLong, at: path.key("start"))
                cursor = nil
                continue
            }
            placed.append(Placed(name: name, start: start, end: end, path: path.key("start")))
            cursor = end
        }
        checkOverlaps(placed, meterMap)
    }

    /// Phrases of one track never overlap; the later one in the file is reported.
    mutating func checkOverlaps(_ placed: [Placed], _ meterMap: MeterMap) {
        for overlap in PhraseOverlap.find(placed.map { ($0.start, $0.end) }, meterMap: meterMap) {
            let later = placed[overlap.later], earlier = placed[overlap.earlier]
            problem(SongRule.overlap(later.name, earlier.name, bars: overlap.bars), at: later.path)
        }
    }
}
