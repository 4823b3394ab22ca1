/// Text from a source file made safe to show in a terminal: control characters (which a
/// terminal would act on: ESC starts colour and cursor commands, BEL rings, CR overwrites the
/// line), bidirectional overrides (which reorder what is shown) and the byte order mark are
/// written as visible escapes such as `\u{1B}`. Tabs are kept.
public enum TerminalText {
    /// True for a scalar that must not reach a terminal as it is.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    /// `\u{1B}` for a scalar.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }

    /// The text with every scalar that needs it escaped.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) { out += escape(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
