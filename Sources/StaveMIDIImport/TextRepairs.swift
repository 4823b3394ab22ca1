/// The texts of a MIDI file — title, copyright, track names, markers — made into what a Stave
/// string can hold (LANGUAGE.md, "Lexical rules": a string ends at its line; only `\"` and `\\`
/// are escapes), counting what was changed so that the import declares it once per kind.
struct TextRepairs {
    /// Line breaks (LF, CR or CR LF) written as one space each.
    private(set) var lineBreaks = 0
    /// Other control characters (C0 but tab, DEL, C1) left out.
    private(set) var controls = 0

    /// `text` with each line break as a space and the other control characters left out; a tab stays.
    mutating func writable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: TextRepairs.needsRepair) else { return text }
        var out = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\n" where afterCarriageReturn:
                continue
            case "\n", "\r":
                lineBreaks += 1
                out.append(" ")
            case _ where TextRepairs.needsRepair(scalar):
                controls += 1
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// True for a line break or another control character but tab.
    static func needsRepair(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }

    /// One remark per kind of repair made.
    var remarks: [String] {
        var remarks: [String] = []
        if lineBreaks > 0 {
            remarks.append("\(lineBreaks) line break\(lineBreaks == 1 ? "" : "s") in the title, copyright, track names or markers \(lineBreaks == 1 ? "is" : "are") written as \(lineBreaks == 1 ? "a space" : "spaces"): a Stave string ends at its line")
        }
        if controls > 0 {
            remarks.append("\(controls) control character\(controls == 1 ? "" : "s") in the title, copyright, track names or markers \(controls == 1 ? "is" : "are") left out")
        }
        return remarks
    }
}
