import StaveComposition
import StaveSyntax

/// A score's repeat signs, endings and jumps read as Stave's form statements (LANGUAGE.md
/// "Form (v3)"): `repeat bars A-B [xN] [endings …]`, `segno`, `dc`/`ds`, `fine`, `to-coda` and
/// `coda`, one measure a bar. A form is written only when Stave's performance of it plays the
/// measures in exactly the order the score's signs do (`FormUnfolding.order`, music21's
/// reading) and the compiler accepts it; otherwise the reason, and the import writes the
/// measures out in playing order instead (never a song that plays otherwise).
enum FormReading {
    /// The form, or why the score's signs cannot be written as one.
    enum Outcome {
        case written(Form)
        case unwritable(String)
    }

    /// An ending bracket: its first and last measure (0-based) and the passes it is numbered for.
    private struct Bracket {
        var first: Int
        var last: Int
        var numbers: [Int]
    }

    /// The form of a score's measures (at least one sign among them).
    static func form(_ measures: [Score.Measure]) -> Outcome {
        if let inside = measures.first(where: \.midBarSign) {
            return .unwritable("a repeat sign or ending stands inside measure \(inside.number), where Stave's repeats cannot start or end; it is taken at the measure's bar line")
        }
        let brackets: [Bracket]
        switch self.brackets(measures) {
        case .success(let found): brackets = found
        case .failure(let reason): return .unwritable(reason.text)
        }
        var form = Form()
        switch repeats(measures, brackets: brackets) {
        case .success(let found): form.repeats = found
        case .failure(let reason): return .unwritable(reason.text)
        }
        if let reason = jumps(measures, into: &form) { return .unwritable(reason) }
        // The compiler's own rules (a jump inside a repeated body, a Fine after the jump…).
        if let problem = form.problems(writtenBars: measures.count).first(where: { $0.severity == .error }) {
            return .unwritable("Stave cannot write them: \(problem.message)")
        }
        // The safety net: Stave plays the measures as the score's signs do, or nothing is written.
        let order = FormUnfolding.order(measures).map(\.measure)
        let bound = 2 * measures.count + form.repeats.reduce(0) { $0 + $1.passes * ($1.end - $1.first + 1) }
        guard order.count < FormUnfolding.maximumPlays, bound <= 2 * FormUnfolding.maximumPlays else {
            return .unwritable("the score plays more than \(FormUnfolding.maximumPlays) measures")
        }
        var performed: [Int] = []
        for run in StaveComposition.FormUnfolding.runs(of: form, writtenBars: measures.count) {
            performed += run.map { $0 - 1 }
        }
        guard performed == order else {
            return .unwritable("Stave's form statements would play the measures in another order than the score's signs")
        }
        return .written(form)
    }

    /// Why a score's signs cannot be written, as the remark says it.
    private struct Reason: Error {
        var text: String
    }

    /// The ending brackets, each from its start to its stop (or to the backward repeat that
    /// closes it, or to the measure before the next bracket's start).
    private static func brackets(_ measures: [Score.Measure]) -> Result<[Bracket], Reason> {
        var brackets: [Bracket] = []
        var open: Bracket?
        for (index, measure) in measures.enumerated() {
            if measure.endingStarts {
                if let bracket = open { brackets.append(Bracket(first: bracket.first, last: index - 1, numbers: bracket.numbers)) }
                guard !measure.endings.isEmpty else {
                    return .failure(Reason(text: "the ending at measure \(measure.number) has no pass number"))
                }
                open = Bracket(first: index, last: index, numbers: measure.endings)
            }
            if var bracket = open, measure.endingStops || measure.repeatBackward != nil {
                bracket.last = index
                brackets.append(bracket)
                open = nil
            }
        }
        if var bracket = open {
            bracket.last = measures.count - 1
            brackets.append(bracket)
        }
        return .success(brackets)
    }

    /// The repeats: a body from a forward repeat sign (else from the start, or from after the
    /// repeat before) to a backward sign, or to the first of the endings that follow it.
    private static func repeats(_ measures: [Score.Measure], brackets: [Bracket]) -> Result<[FormRepeat], Reason> {
        var bracketAt: [Int: Int] = [:]
        for (index, bracket) in brackets.enumerated() { bracketAt[bracket.first] = index }
        var repeats: [FormRepeat] = []
        var bodyStart = 0
        var forward: Int?
        var index = 0
        while index < measures.count {
            let measure = measures[index]
            if measure.repeatForward {
                if let forward {
                    return .failure(Reason(text: "the forward repeat sign at measure \(measure.number) stands inside the repeat that starts at measure \(measures[forward].number) (nested repeats)"))
                }
                forward = index
            }
            if let first = bracketAt[index] {
                // The endings of one section: brackets that follow one another.
                var section = [brackets[first]]
                while let next = bracketAt[section[section.count - 1].last + 1] { section.append(brackets[next]) }
                let start = forward ?? bodyStart
                guard start < index else {
                    return .failure(Reason(text: "the ending at measure \(measure.number) follows no repeated measures"))
                }
                // Every ending but the last goes back (a single ending too).
                for (position, bracket) in section.enumerated() {
                    let goesBack = measures[bracket.last].repeatBackward != nil
                    let last = position == section.count - 1
                    if goesBack != (!last || section.count == 1) {
                        return .failure(Reason(text: "the ending at measure \(measures[bracket.first].number) \(goesBack ? "repeats again after the last ending" : "has no backward repeat sign, which an ending before the last needs")"))
                    }
                    if let inner = (bracket.first..<bracket.last).first(where: { measures[$0].repeatBackward != nil || measures[$0].repeatForward }) {
                        return .failure(Reason(text: "a repeat sign at measure \(measures[inner].number) stands inside an ending (nested repeats)"))
                    }
                }
                // The passes each ending is numbered for must be LilyPond's: 1…N−E+1, then one each.
                let passes = section.flatMap(\.numbers).max() ?? 0
                let shared = passes - section.count + 1
                let numbered = (2...100).contains(passes) && shared >= 1
                    && section.map({ $0.numbers.sorted() }) == section.indices.map { $0 == 0 ? Array(1...max(1, shared)) : [shared + $0] }
                guard numbered else {
                    let written = section.map { $0.numbers.map(String.init).joined(separator: ", ") }.joined(separator: "; ")
                    return .failure(Reason(text: "the endings at measure \(measure.number) are numbered \(written), which Stave's endings cannot say (the first for passes 1 to N−E+1, then one pass each)"))
                }
                repeats.append(FormRepeat(first: start + 1, last: index, writtenPasses: passes == 2 ? nil : passes,
                                          endings: section.map { ($0.first + 1)...($0.last + 1) }))
                forward = nil
                index = section[section.count - 1].last + 1
                bodyStart = index
                continue
            }
            if let times = measure.repeatBackward {
                let start = forward ?? bodyStart
                repeats.append(FormRepeat(first: start + 1, last: index + 1, writtenPasses: times == 2 ? nil : times))
                forward = nil
                bodyStart = index + 1
            }
            index += 1
        }
        return .success(repeats)
    }

    /// The jump signs, each at most once; a segno, Fine, To Coda or coda that no jump uses is
    /// left out (it changes nothing that plays).
    private static func jumps(_ measures: [Score.Measure], into form: inout Form) -> String? {
        var found: [Score.Jump: Int] = [:]
        for (index, measure) in measures.enumerated() {
            for jump in measure.jumps {
                if let earlier = found[jump], earlier != index {
                    return "the score has two \(name(jump)) signs (measures \(measures[earlier].number) and \(measure.number))"
                }
                found[jump] = index
            }
        }
        if found[.daCapo] != nil, found[.dalSegno] != nil { return "the score has both a D.C. and a D.S." }
        guard let jumpIndex = found[.daCapo] ?? found[.dalSegno] else { return nil }
        let toSegno = found[.dalSegno] != nil
        if toSegno {
            guard let segno = found[.segno] else { return "the D.S. has no segno to go back to" }
            form.segno = FormMark(bar: segno + 1)
        }
        form.jump = FormJump(toSegno: toSegno, bar: jumpIndex + 1)
        if let fine = found[.fine] { form.fine = FormMark(bar: fine + 1) }
        if let toCoda = found[.toCoda] {
            guard let coda = found[.coda] else { return "the To Coda has no coda to go to" }
            form.toCoda = FormMark(bar: toCoda + 1)
            form.coda = FormMark(bar: coda + 1)
        }
        return nil
    }

    private static func name(_ jump: Score.Jump) -> String {
        switch jump {
        case .segno: "segno"
        case .coda: "coda"
        case .fine: "Fine"
        case .daCapo: "D.C."
        case .dalSegno: "D.S."
        case .toCoda: "To Coda"
        }
    }
}
