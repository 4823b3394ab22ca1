/// How loud a note plays, in the coarse steps the piano roll shades its cells by.
///
/// The bands split the velocity range halfway between the dynamics of LANGUAGE.md (`!p` 49 and
/// `!mp` 64, `!f` 96 and `!ff` 112): `soft` holds ppp to p (and ghost notes such as `@35`),
/// `medium` mp to f (and the default velocity 100), `loud` ff and fff (and an accented `!f` or
/// default note). `silent` is velocity 0, a note kept in the score that emits no MIDI note.
enum VelocityBand: Int, CaseIterable, Comparable {
    case silent, soft, medium, loud

    /// The band of a MIDI velocity (values outside 0–127 count as the nearest end).
    init(velocity: Int) {
        switch velocity {
        case ...0: self = .silent
        case 1...56: self = .soft
        case 57...103: self = .medium
        default: self = .loud
        }
    }

    /// The legend's description: its velocities and the dynamics that fall in it.
    var legendText: String {
        switch self {
        case .silent: return "silent (v0)"
        case .soft: return "soft (v1-56, ppp-p)"
        case .medium: return "medium (v57-103, mp-f)"
        case .loud: return "loud (v104-127, ff-fff)"
        }
    }

    static func < (a: VelocityBand, b: VelocityBand) -> Bool { a.rawValue < b.rawValue }
}
