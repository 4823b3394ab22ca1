import StaveComposition
import StaveJSON

extension SongEncoder {
    /// The song's form as written (version 6, `form`; LANGUAGE.md "Form (v3)"):
    /// `{"repeats": [{"bars": [A, B], "passes": N, "endings": [[C, D], …]}, …], "segno": BAR,
    /// "dc"|"ds": BAR, "fine": BAR, "toCoda": BAR, "coda": BAR}`; `passes` only when written,
    /// every member only when present.
    static func writeForm(_ form: Form, _ writer: inout JSONWriter) {
        writer.open(UInt8(ascii: "{"))
        var first = true
        if !form.repeats.isEmpty {
            writer.key("repeats", first: first)
            first = false
            writeLines(form.repeats, &writer) { section, writer in
                writer.inlineKey("bars", first: true)
                pair(section.first, section.last, &writer)
                if let passes = section.writtenPasses {
                    writer.inlineKey("passes", first: false)
                    writer.integer(passes)
                }
                if !section.endings.isEmpty {
                    writer.inlineKey("endings", first: false)
                    writer.raw(UInt8(ascii: "["))
                    for (index, ending) in section.endings.enumerated() {
                        if index > 0 { writer.separator() }
                        pair(ending.lowerBound, ending.upperBound, &writer)
                    }
                    writer.raw(UInt8(ascii: "]"))
                }
            }
        }
        func sign(_ name: StaticString, _ bar: Int?, _ writer: inout JSONWriter) {
            guard let bar else { return }
            writer.key(name, first: first)
            first = false
            writer.integer(bar)
        }
        sign("segno", form.segno?.bar, &writer)
        if let jump = form.jump { sign(jump.toSegno ? "ds" : "dc", jump.bar, &writer) }
        sign("fine", form.fine?.bar, &writer)
        sign("toCoda", form.toCoda?.bar, &writer)
        sign("coda", form.coda?.bar, &writer)
        writer.close(UInt8(ascii: "}"))
    }

    private static func pair(_ a: Int, _ b: Int, _ writer: inout JSONWriter) {
        writer.raw(UInt8(ascii: "["))
        writer.integer(a)
        writer.separator()
        writer.integer(b)
        writer.raw(UInt8(ascii: "]"))
    }
}

extension SongDecoder {
    /// `form` (version 6): see `SongEncoder.writeForm`. Bars are 1…`Lowering.maximumBars`,
    /// `passes` any positive count (the validator checks the language's 2–100).
    mutating func form(_ value: JSONValue, at path: JSONPath) -> Form? {
        guard var fields = object(value, at: path, what: "the form") else { return nil }
        var form = Form()
        var valid = true
        let barRange = 1...Lowering.maximumBars
        let barText = "a bar number 1–\(Lowering.maximumBars)"
        func pair(_ value: JSONValue, at path: JSONPath, _ decoder: inout SongDecoder) -> (Int, Int)? {
            guard let elements = decoder.array(value, at: path, expected: "two bar numbers [first, last]") else { return nil }
            guard elements.count == 2 else {
                decoder.problem(.saveWrongType, path, "expected two bar numbers [first, last], found \(elements.count) value\(elements.count == 1 ? "" : "s")")
                return nil
            }
            let a = decoder.integer(elements[0], at: path.index(0), in: barRange, expected: barText)
            let b = decoder.integer(elements[1], at: path.index(1), in: barRange, expected: barText)
            guard let a, let b else { return nil }
            return (a, b)
        }
        if let repeatsValue = fields.take("repeats") {
            let repeatsPath = path.key("repeats")
            if let elements = array(repeatsValue, at: repeatsPath, expected: "an array of repeats") {
                for (index, element) in elements.enumerated() {
                    let itemPath = repeatsPath.index(index)
                    guard var item = object(element, at: itemPath, what: "a repeat") else { valid = false; continue }
                    let bars = required(&item, "bars", expected: "two bar numbers [first, last]").flatMap { pair($0, at: itemPath.key("bars"), &self) }
                    var passes: Int?
                    if item.has("passes") { passes = integer(&item, "passes", in: 1...JSONValue.maximumInteger, expected: "a number of passes") }
                    var endings: [ClosedRange<Int>] = []
                    var endingsValid = true
                    if let endingsValue = item.take("endings"), let list = array(endingsValue, at: itemPath.key("endings"), expected: "an array of endings") {
                        for (position, ending) in list.enumerated() {
                            guard let (c, d) = pair(ending, at: itemPath.key("endings").index(position), &self) else { endingsValid = false; continue }
                            guard c <= d else {
                                problem(.formBarsBackwards, itemPath.key("endings").index(position), "ending \(c)-\(d) runs backwards: the first bar must not come after the last")
                                endingsValid = false
                                continue
                            }
                            endings.append(c...d)
                        }
                    }
                    finish(item, what: "a repeat", known: ["bars", "passes", "endings"])
                    guard let (a, b) = bars, endingsValid, !item.has("passes") || passes != nil else { valid = false; continue }
                    form.repeats.append(FormRepeat(first: a, last: b, writtenPasses: passes, endings: endings))
                }
            } else {
                valid = false
            }
        }
        func bar(_ key: String) -> Int? {
            guard fields.has(key) else { return nil }
            let value = integer(&fields, key, in: barRange, expected: barText)
            if value == nil { valid = false }
            return value
        }
        form.segno = bar("segno").map { FormMark(bar: $0) }
        let dc = bar("dc"), ds = bar("ds")
        if dc != nil, ds != nil {
            problem(.formDuplicateSign, path.key("ds"), "a second jump: a song has at most one 'dc' or 'ds'")
            valid = false
        }
        if let dc { form.jump = FormJump(toSegno: false, bar: dc) }
        if let ds { form.jump = FormJump(toSegno: true, bar: ds) }
        form.fine = bar("fine").map { FormMark(bar: $0) }
        form.toCoda = bar("toCoda").map { FormMark(bar: $0) }
        form.coda = bar("coda").map { FormMark(bar: $0) }
        finish(fields, what: "the form", known: ["repeats", "segno", "dc", "ds", "fine", "toCoda", "coda"])
        return valid ? form : nil
    }
}

extension SongValidator {
    /// The form's rules (`Form.problems`, the compiler's own), each reported at `song.form`;
    /// only on a document whose placement checked, since the written score's end needs it.
    mutating func checkForm() {
        guard !document.form.isEmpty else { return }
        let song = document.composition
        for diagnostic in song.form.problems(writtenBars: Form.writtenBars(of: song)) where diagnostic.severity == .error {
            problem(diagnostic.id, SongValidator.songPath.key("form"), diagnostic.message)
        }
    }
}
