import StaveComposition
import StaveSyntax
import StaveJSON

/// The Stave 3 fields `part` and `staff` of a track (`staff PART N`; FORMAT.md "Parts and
/// staves").
extension SongDecoder {
    /// The track's placement: `.some(nil)` when it has neither field, nil when they are wrong
    /// (reported). `part` and `staff` come together; drum tracks have neither.
    mutating func staffPlacement(_ fields: inout ObjectFields, at path: JSONPath, kind: TrackKind?, track: String) -> StaffPlacement?? {
        let part = fields.take("part")
        let staff = fields.take("staff")
        guard part != nil || staff != nil else { return .some(nil) }
        if kind == .drums {
            problem(StaffRule.drums(track: track), at: path.key(part != nil ? "part" : "staff"))
            return nil
        }
        guard let part else {
            problem(.saveMissingField, path, "a track with \"staff\" needs its \"part\" as well")
            return nil
        }
        guard let staff else {
            problem(.saveMissingField, path, "a track with \"part\" needs its \"staff\" number as well")
            return nil
        }
        let name = identifier(part, at: path.key("part"), what: "a part name")
        var number = integer(staff, at: path.key("staff"), in: SongDecoder.anyInteger, expected: "a staff number 1–4")
        if let written = number, let rule = StaffRule.number(written) {
            problem(rule, at: path.key("staff"))
            number = nil
        }
        guard let name, let number else { return nil }
        return .some(StaffPlacement(part: name, number: number))
    }
}
