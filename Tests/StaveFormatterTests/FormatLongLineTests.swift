import XCTest

/// A body written on one very long line (issue 31: 6,000 bars on one line took 4.6 s, the line
/// breaker being cubic in the line's length). The time belongs to the benchmark
/// (`Benchmarks/fmt_line.py`); these tests check what the breaker makes of such a line.
final class FormatLongLineTests: XCTestCase {
    /// 6,000 bars of `c4 d e f |` (11 columns with the space after) on one line: eight bars fit
    /// after the four spaces of indentation (91 columns; nine would make 102), so the body is
    /// 750 lines of eight bars.
    func testSixThousandEqualBarsOnOneLineBreakIntoLinesOfEight() throws {
        let bar = "c4 d e f |"
        let oneLine = Array(repeating: bar, count: 6_000).joined(separator: " ")
        let eight = "    " + Array(repeating: bar, count: 8).joined(separator: " ") + "\n"
        let expected = "track a {\n  phrase {\n" + String(repeating: eight, count: 750) + "  }\n}\n"
        let formatted = try XCTUnwrap(FormatTestSupport.format("track a {\n  phrase {\n    \(oneLine)\n  }\n}\n"))
        XCTAssertEqual(formatted.count, expected.count)
        XCTAssertTrue(formatted == expected, "the 6,000 bars are not laid out eight to a line")
        XCTAssertEqual(FormatTestSupport.format(formatted), formatted, "not a fixed point")
    }

    /// Bars of 1 to 16 notes, some with a two-byte character in a marker (one column each), and
    /// one bar wider than the line: each line holds as many whole bars as fit in 100 columns
    /// (the next bar would not), the wide bar stands alone, and the words are the ones written.
    func testBarsOfManyWidthsFillEachLineAsFarAsTheyFit() throws {
        var bars: [String] = []
        for index in 0..<6_000 {
            let kinds = ["c1", "c2 d", "c4 d e f", "c8 d e f g a b c", "{c d e}4 f4 g2", "c16 d e f g a b c d e f g a b c d"]
            var bar = kinds[index % kinds.count]
            if index % 11 == 0 { bar = "marker \"é\" " + bar }
            if index == 3_000 { bar = "c64" + String(repeating: " d", count: 63) }
            bars.append(bar + " |")
        }
        let input = "track a {\n  phrase {\n    \(bars.joined(separator: " "))\n  }\n}\n"
        let formatted = try XCTUnwrap(FormatTestSupport.format(input))
        let lines = formatted.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(Array(lines.prefix(2)), ["track a {", "  phrase {"])
        XCTAssertEqual(Array(lines.suffix(3)), ["  }", "}", ""])
        let body = lines.dropFirst(2).dropLast(3)
        // The bars of each line, in order.
        var next = 0
        var overlong = 0
        for line in body {
            XCTAssertTrue(line.hasPrefix("    ") && !line.hasPrefix("     ") && line.hasSuffix(" |"), line)
            var taken = 0
            var rest = Substring(line.dropFirst(4))
            while !rest.isEmpty {
                let bar = bars[next + taken]
                XCTAssertTrue(rest.hasPrefix(bar), "line does not continue with bar \(next + taken + 1): \(line)")
                rest = rest.dropFirst(bar.count)
                if rest.hasPrefix(" ") { rest = rest.dropFirst() }
                taken += 1
            }
            if line.count > 100 {
                XCTAssertEqual(taken, 1, "an overlong line holds more than one bar: \(line)")
                XCTAssertEqual(next, 3_000)
                overlong += 1
            } else if next + taken < bars.count {
                XCTAssertGreaterThan(line.count + 1 + bars[next + taken].count, 100, "bar \(next + taken + 1) would have fit on: \(line)")
            }
            next += taken
        }
        XCTAssertEqual(next, bars.count)
        XCTAssertEqual(overlong, 1)
        XCTAssertEqual(FormatTestSupport.format(formatted), formatted, "not a fixed point")
    }
}
