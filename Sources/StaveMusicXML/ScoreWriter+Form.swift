import StaveComposition

/// The form's signs in the written score (LANGUAGE.md "Form (v3)"): repeat barlines with
/// `times`, endings numbered by the passes that play them (LilyPond's rule: the first ending
/// "1, 2" when three passes share two endings), and the segno, coda, "D.S. al Coda",
/// "D.C. al Fine", "To Coda" and "Fine" directions with the `<sound>` attributes players read.
/// Barlines go in every part, directions in the first.
extension ScoreWriter {
    /// The passes (1-based) that play ending `index` of `section`, as MusicXML's `number`.
    static func endingNumber(_ section: FormRepeat, _ index: Int) -> String {
        let shared = section.passes - section.endings.count + 1
        if index == 0 { return (1...shared).map(String.init).joined(separator: ", ") }
        return String(shared + index)
    }

    /// What stands at the start of written bar `bar`: a forward repeat, an ending's start, the
    /// segno and the coda signs.
    mutating func writeFormStart(bar: Int, firstPart: Bool, staves: Int) {
        let form = song.form
        guard !form.isEmpty else { return }
        for section in form.repeats {
            if section.first == bar {
                xml.raw("      <barline location=\"left\"><bar-style>heavy-light</bar-style><repeat direction=\"forward\"/></barline>\n")
            }
            for (index, ending) in section.endings.enumerated() where ending.lowerBound == bar {
                xml.raw("      <barline location=\"left\"><ending number=\"")
                xml.text(ScoreWriter.endingNumber(section, index))
                xml.raw("\" type=\"start\"/></barline>\n")
            }
        }
        guard firstPart else { return }
        if form.segno?.bar == bar {
            xml.raw("      <direction placement=\"above\"><direction-type><segno/></direction-type>")
            if staves == 2 { xml.raw("<staff>1</staff>") }
            xml.raw("<sound segno=\"segno\"/></direction>\n")
        }
        if form.coda?.bar == bar {
            xml.raw("      <direction placement=\"above\"><direction-type><coda/></direction-type>")
            if staves == 2 { xml.raw("<staff>1</staff>") }
            xml.raw("<sound coda=\"coda\"/></direction>\n")
        }
    }

    /// What stands at the end of written bar `bar` (after its notes): the words of the jump,
    /// the Fine and the To Coda, then the right barline of a repeat or an ending.
    mutating func writeFormEnd(bar: Int, firstPart: Bool, staves: Int) {
        let form = song.form
        guard !form.isEmpty else { return }
        if firstPart {
            func words(_ text: String, sound: StaticString) {
                xml.raw("      <direction placement=\"above\"><direction-type><words>")
                xml.text(text)
                xml.raw("</words></direction-type>")
                if staves == 2 { xml.raw("<staff>1</staff>") }
                xml.raw(sound)
                xml.raw("</direction>\n")
            }
            if form.fine?.bar == bar { words("Fine", sound: "<sound fine=\"yes\"/>") }
            if form.toCoda?.bar == bar { words("To Coda", sound: "<sound tocoda=\"coda\"/>") }
            if let jump = form.jump, jump.bar == bar {
                let ending = form.fine != nil ? " al Fine" : form.toCoda != nil ? " al Coda" : ""
                if jump.toSegno {
                    words("D.S." + ending, sound: "<sound dalsegno=\"segno\"/>")
                } else {
                    words("D.C." + ending, sound: "<sound dacapo=\"yes\"/>")
                }
            }
        }
        for section in form.repeats {
            if section.endings.isEmpty, section.last == bar {
                xml.element("      <barline location=\"right\"><bar-style>light-heavy</bar-style><repeat direction=\"backward\" times=\"", section.passes, "\"/></barline>\n")
            }
            for (index, ending) in section.endings.enumerated() where ending.upperBound == bar {
                let last = index == section.endings.count - 1
                xml.raw(last ? "      <barline location=\"right\"><ending number=\"" : "      <barline location=\"right\"><bar-style>light-heavy</bar-style><ending number=\"")
                xml.text(ScoreWriter.endingNumber(section, index))
                xml.raw(last ? "\" type=\"discontinue\"/></barline>\n" : "\" type=\"stop\"/><repeat direction=\"backward\"/></barline>\n")
            }
        }
    }
}
