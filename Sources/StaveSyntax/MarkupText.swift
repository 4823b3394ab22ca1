/// Text for HTML and SVG (the preview page and the SVG piano roll share it): `&`, `<`, `>`, `"`
/// and `'` escaped, and control characters (which XML does not allow) replaced by spaces, for
/// element text and attribute values alike.
public enum MarkupText {
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar)
            }
        }
        return out
    }
}
