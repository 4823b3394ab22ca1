import XCTest
import StaveDomain
import StaveJSON

/// The strict JSON reader: values, escapes, and the messages of syntax errors.
final class JSONParserTests: XCTestCase {
    func testValuesKeepOrderAndNumberText() throws {
        let value = try JSONParser.parse(Array(#"{"b": [1, -2.5e3, true, null], "a": "x"}"#.utf8))
        XCTAssertEqual(value, .object([
            JSONMember("b", .array([.number("1"), .number("-2.5e3"), .bool(true), .null])),
            JSONMember("a", .string("x")),
        ]))
        XCTAssertEqual(JSONValue.number("-480").integer, -480)
        XCTAssertNil(JSONValue.number("1.0").integer)
        XCTAssertNil(JSONValue.number("9007199254740992").integer)
        XCTAssertEqual(JSONValue.number("9007199254740991").integer, 9_007_199_254_740_991)
    }

    func testStringEscapes() throws {
        let value = try JSONParser.parse(Array(#""q\" b\\ s\/ \b\f\n\r\t \u00e9 \ud83d\ude00 ♪""#.utf8))
        XCTAssertEqual(value, .string("q\" b\\ s/ \u{08}\u{0C}\n\r\t é 😀 ♪"))
    }

    func testWriterQuotesWhatTheParserReads() throws {
        let text = "tab\t \"quote\" back\\slash \u{01} é ♪ 😀\n"
        XCTAssertEqual(try JSONParser.parse(Array(JSONText.quoted(text).utf8)), .string(text))
        XCTAssertEqual(JSONText.quoted("a\u{01}\n"), #""a\u0001\n""#)
    }

    func testSyntaxErrorsNameWhereAndWhat() {
        let cases: [(String, String)] = [
            ("", "$: invalid JSON at line 1, column 1: expected a value, found the end of the document"),
            ("{\"a\": 1,}", "$: invalid JSON at line 1, column 9: expected a key in double quotes, found '}'"),
            ("{\"a\": [1, 2", "a: invalid JSON at line 1, column 12: expected ',' or ']' after an element, found the end of the document"),
            ("{\"a\": {\"b\": tru}}", "a.b: invalid JSON at line 1, column 13: expected a value, found 'tru'"),
            ("[01]", "[0]: invalid JSON at line 1, column 2: a number cannot start with the digit 0 followed by more digits"),
            ("[1.]", "[0]: invalid JSON at line 1, column 4: expected a digit after '.', found ']'"),
            ("\"a\nb\"", "$: invalid JSON at line 1, column 3: a control character (U+000A) must be escaped in a string"),
            ("\"\\x\"", "$: invalid JSON at line 1, column 2: invalid escape '\\x': expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"),
            ("\"\\udc00\"", "$: invalid JSON at line 1, column 2: a lone low surrogate \\uDC00 is not a character"),
            ("{\"my key\": [\n  {}\n  x]}", "[\"my key\"]: invalid JSON at line 3, column 3: expected ',' or ']' after an element, found 'x'"),
            ("{} {}", "$: invalid JSON at line 1, column 4: expected the end of the document after the top-level value, found '{'"),
        ]
        for (input, expected) in cases {
            XCTAssertThrowsError(try JSONParser.parse(Array(input.utf8)), input) { error in
                XCTAssertEqual((error as? JSONParser.SyntaxError)?.problem.description, expected, input)
            }
        }
    }

    func testInvalidUTF8IsAnError() {
        XCTAssertThrowsError(try JSONParser.parse([0x22, 0xC3, 0x28, 0x22])) { error in
            XCTAssertEqual((error as? JSONParser.SyntaxError)?.message, "invalid UTF-8 byte 0xC3")
        }
    }
}
