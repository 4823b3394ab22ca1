import StaveSyntax

/// Lowers and checks a song's form statements (LANGUAGE.md "Form (v3)", "Errors"): one
/// diagnostic per mistake. The statements are read after placement, since a bar outside the
/// written score is known only once every phrase has its place.
struct FormLowering {
    var diagnostics: [Diagnostic] = []

    /// The checked form of `song` (whose phrases are placed) from its form statements; a
    /// statement with a mistake is reported and left out.
    static func lower(_ statements: [HeaderStatement], song: Song) -> (form: Form, diagnostics: [Diagnostic]) {
        var lowering = FormLowering()
        let form = lowering.lower(statements, writtenBars: Form.writtenBars(of: song))
        return (form, lowering.diagnostics)
    }

    mutating func error(_ id: DiagnosticID, _ message: String, _ range: SourceRange, notes: [DiagnosticNote] = []) {
        diagnostics.append(.error(id, message, at: range, notes: notes))
    }

    /// A bar in 1…writtenBars, or nil (reported).
    mutating func bar(_ syntax: NumberSyntax, writtenBars: Int) -> Int? {
        guard let bar = Lowering.bar(syntax, &diagnostics) else { return nil }
        guard bar <= writtenBars else {
            error(.formBarOutside, "bar \(bar) is outside the written score, which ends with bar \(writtenBars)", syntax.range)
            return nil
        }
        return bar
    }

    mutating func lower(_ statements: [HeaderStatement], writtenBars: Int) -> Form {
        var form = Form()
        var repeatRanges: [SourceRange] = []
        var signRanges: [FormSign: SourceRange] = [:]
        var jumpRange: SourceRange?
        for statement in statements {
            guard case .form(let syntax) = statement.kind else { continue }
            switch syntax.kind {
            case .repeatBars(let firstSyntax, let lastSyntax, let passes, let endings):
                guard let section = lowerRepeat(firstSyntax, lastSyntax, passes, endings, writtenBars: writtenBars) else { continue }
                var placed = section
                placed.source = SourceMark(statement.range)
                form.repeats.append(placed)
                repeatRanges.append(statement.range)
            case .sign(let sign, let at):
                let isJump = sign == .dc || sign == .ds
                if isJump, let first = jumpRange {
                    error(.formDuplicateSign, "a second jump: a song has at most one 'dc' or 'ds'", statement.keywordRange,
                          notes: [DiagnosticNote("the first jump is here", at: first)])
                    continue
                }
                if !isJump, let first = signRanges[sign] {
                    error(.formDuplicateSign, "a second '\(sign.rawValue)': a song has at most one", statement.keywordRange,
                          notes: [DiagnosticNote("the first '\(sign.rawValue)' is here", at: first)])
                    continue
                }
                if isJump { jumpRange = statement.range } else { signRanges[sign] = statement.range }
                guard let bar = bar(at, writtenBars: writtenBars) else { continue }
                var mark = FormMark(bar: bar)
                mark.source = SourceMark(statement.range)
                switch sign {
                case .segno: form.segno = mark
                case .fine: form.fine = mark
                case .toCoda: form.toCoda = mark
                case .coda: form.coda = mark
                case .dc, .ds:
                    var jump = FormJump(toSegno: sign == .ds, bar: bar)
                    jump.source = SourceMark(statement.range)
                    form.jump = jump
                }
            }
        }
        checkOverlaps(&form)
        checkJumps(&form, jumpRange: jumpRange, signRanges: signRanges)
        if !diagnostics.hasErrors { warnings(form, writtenBars: writtenBars, jumpRange: jumpRange, signRanges: signRanges) }
        return form
    }

    /// One `repeat bars` statement, or nil (its first mistake reported).
    mutating func lowerRepeat(_ firstSyntax: NumberSyntax, _ lastSyntax: NumberSyntax, _ passes: NumberSyntax?, _ endings: [EndingSyntax], writtenBars: Int) -> FormRepeat? {
        guard let first = Lowering.bar(firstSyntax, &diagnostics), let last = Lowering.bar(lastSyntax, &diagnostics) else { return nil }
        var ranges: [ClosedRange<Int>] = []
        for ending in endings {
            guard let from = Lowering.bar(ending.first, &diagnostics) else { return nil }
            var to = from
            if let lastBar = ending.last {
                guard let parsed = Lowering.bar(lastBar, &diagnostics) else { return nil }
                to = parsed
            }
            // A backwards ending is kept as written for `problem` to report.
            ranges.append(from <= to ? from...to : to...from)
            if from > to {
                error(.formBarsBackwards, "ending \(from)-\(to) runs backwards: the first bar must not come after the last", ending.range)
                return nil
            }
        }
        let section = FormRepeat(first: first, last: last, writtenPasses: passes?.value, endings: ranges)
        guard let problem = section.problem(writtenBars: writtenBars) else { return section }
        let range: SourceRange
        switch problem.part {
        case .bars: range = firstSyntax.range.union(lastSyntax.range)
        case .lastBar: range = lastSyntax.range
        case .passes: range = passes?.range ?? firstSyntax.range.union(lastSyntax.range)
        case .ending(let index): range = endings[index].range
        }
        error(problem.id, problem.message, range)
        return nil
    }

    /// Repeats (with their endings) that share a bar: the later one is reported.
    mutating func checkOverlaps(_ form: inout Form) {
        let order = form.repeats.indices.sorted { form.repeats[$0].first < form.repeats[$1].first }
        var kept: [FormRepeat] = []
        for index in order {
            let section = form.repeats[index]
            if let previous = kept.last, section.first <= previous.end {
                let range = section.source.range ?? SourceRange(0, 0)
                error(.formRepeatOverlap, "repeat bars \(section.first)-\(section.last) overlaps the repeat of bars \(previous.first)-\(previous.end) (with its endings) at bars \(section.first)–\(min(section.end, previous.end))", range,
                      notes: previous.source.range.map { [DiagnosticNote("the other repeat is here", at: $0)] } ?? [])
                continue
            }
            kept.append(section)
        }
        form.repeats = kept
    }

    /// The rules of the jump signs.
    mutating func checkJumps(_ form: inout Form, jumpRange: SourceRange?, signRanges: [FormSign: SourceRange]) {
        func at(_ mark: FormMark?) -> SourceRange { mark?.source.range ?? SourceRange(0, 0) }
        if let jump = form.jump, jump.toSegno, form.segno == nil, signRanges[.segno] == nil {
            error(.formDsWithoutSegno, "'ds' jumps back to the segno, but the song has no 'segno at BAR'", jumpRange ?? SourceRange(0, 0))
        }
        if jumpRange == nil {
            for sign in [FormSign.fine, .toCoda] {
                guard let range = signRanges[sign] else { continue }
                error(.formSignWithoutJump, "'\(sign.rawValue)' acts only after a jump, but the song has no 'dc at BAR' or 'ds at BAR'", range)
            }
        } else if let fine = signRanges[.fine], let toCoda = signRanges[.toCoda] {
            let later = fine.start > toCoda.start ? fine : toCoda
            let earlier = later == fine ? toCoda : fine
            error(.formFineAndCoda, "'fine' and 'to-coda' both end the jump pass: a song takes one of them", later,
                  notes: [DiagnosticNote("the other is here", at: earlier)])
        }
        if signRanges[.toCoda] != nil, signRanges[.coda] == nil {
            error(.formCodaUnpaired, "'to-coda' goes on at the coda, but the song has no 'coda at BAR'", signRanges[.toCoda]!)
        } else if signRanges[.coda] != nil, signRanges[.toCoda] == nil {
            error(.formCodaUnpaired, "the coda is reached from 'to-coda', but the song has no 'to-coda at BAR'", signRanges[.coda]!)
        }
        guard let jump = form.jump else { return }
        let jumpAt = jump.source.range ?? SourceRange(0, 0)
        if let section = form.repeats.first(where: { $0.first <= jump.bar && jump.bar <= $0.last }) {
            error(.formJumpInRepeat, "the jump at bar \(jump.bar) lies inside the repeated bars \(section.first)-\(section.last): a jump may stand after a repeat or in one of its endings", jumpAt,
                  notes: section.source.range.map { [DiagnosticNote("the repeat is here", at: $0)] } ?? [])
        }
        if let coda = form.coda, coda.bar <= jump.bar {
            error(.formCodaBeforeJump, "the coda at bar \(coda.bar) does not start after the jump at bar \(jump.bar): the coda is the song's end, after the jump", at(coda))
        }
        let target = jump.toSegno ? (form.segno?.bar ?? 1) : 1
        for (sign, mark) in [(FormSign.fine, form.fine), (.toCoda, form.toCoda)] {
            guard let mark, signRanges[.fine] == nil || signRanges[.toCoda] == nil else { continue }
            if mark.bar < target || mark.bar >= jump.bar {
                error(.formSignOutsideJumpPass, "'\(sign.rawValue) at \(mark.bar)' lies outside the jump pass, which plays bars \(target)–\(jump.bar - 1) before the jump bar \(jump.bar)", at(mark))
            }
        }
    }

    /// A segno that no `ds` uses; bars the performance never plays.
    mutating func warnings(_ form: Form, writtenBars: Int, jumpRange: SourceRange?, signRanges: [FormSign: SourceRange]) {
        if let segno = signRanges[.segno], form.jump?.toSegno != true {
            diagnostics.append(.warning(.formSegnoUnused, "the segno is never jumped to: no 'ds at BAR' goes back to it", at: segno))
        }
        guard form.jump != nil, writtenBars > 0 else { return }
        // Bars no run covers, by a sweep over the runs sorted by their first bar.
        let runs = FormUnfolding.runs(of: form, writtenBars: writtenBars).sorted { $0.lowerBound < $1.lowerBound }
        var gaps: [ClosedRange<Int>] = []
        var covered = 0
        for run in runs {
            if run.lowerBound > covered + 1 { gaps.append((covered + 1)...(run.lowerBound - 1)) }
            covered = max(covered, run.upperBound)
        }
        if covered < writtenBars { gaps.append((covered + 1)...writtenBars) }
        guard !gaps.isEmpty else { return }
        let text = gaps.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound)" }.joined(separator: ", ")
        let plural = gaps.count > 1 || gaps[0].count > 1
        diagnostics.append(.warning(.formBarsUnplayed, "bar\(plural ? "s" : "") \(text) \(plural ? "are" : "is") never played: the performance skips \(plural ? "them" : "it")", at: jumpRange ?? SourceRange(0, 0)))
    }
}

/// A mistake of one repeat as a model holds it (the one place these rules live: the compiler
/// reports it at the statement, the save-file validator at the repeat's fields).
public struct FormRepeatProblem: Equatable, Sendable {
    /// Which part of the repeat is wrong.
    public enum Part: Equatable, Sendable {
        /// A-B as a whole.
        case bars
        /// B.
        case lastBar
        /// xN.
        case passes
        /// The ending at this index.
        case ending(Int)
    }

    public var id: DiagnosticID
    public var message: String
    public var part: Part
}

extension FormRepeat {
    /// The first mistake of this repeat in a written score of `writtenBars` bars, or nil.
    public func problem(writtenBars: Int) -> FormRepeatProblem? {
        guard first <= last else {
            return FormRepeatProblem(id: .formBarsBackwards, message: "repeat bars \(first)-\(last) runs backwards: the first bar must not come after the last", part: .bars)
        }
        if let writtenPasses, !(2...100).contains(writtenPasses) {
            return FormRepeatProblem(id: .formRepeatCount, message: "repeat count x\(writtenPasses) is out of range: a repeat plays 2–100 times", part: .passes)
        }
        var expected = last + 1
        for (index, ending) in endings.enumerated() {
            guard ending.lowerBound == expected else {
                let which = index == 0 ? "the first ending starts right after the repeated bars, at bar \(expected)" : "each ending starts right after the one before, at bar \(expected)"
                let text = ending.count == 1 ? "\(ending.lowerBound)" : "\(ending.lowerBound)-\(ending.upperBound)"
                return FormRepeatProblem(id: .formEndingGap, message: "ending \(text) does not start where it must: \(which)", part: .ending(index))
            }
            expected = ending.upperBound + 1
        }
        if endings.count > passes {
            return FormRepeatProblem(id: .formRepeatCount, message: "a repeat of \(passes) passes cannot have \(endings.count) endings: each ending is played on its own pass (write x\(endings.count) or more)", part: writtenPasses == nil ? .bars : .passes)
        }
        if end > writtenBars {
            return FormRepeatProblem(id: .formBarOutside, message: "bar \(end) is outside the written score, which ends with bar \(writtenBars)", part: endings.isEmpty ? .lastBar : .ending(endings.count - 1))
        }
        return nil
    }
}

extension Form {
    /// Every mistake of a form as a model holds it (a save file's), each as the compiler words
    /// it: the repeats' own (`FormRepeat.problem`), signs outside the written score, and the
    /// rules between the signs; warnings too. The diagnostics carry no source position.
    public func problems(writtenBars: Int) -> [Diagnostic] {
        var lowering = FormLowering()
        var checked = self
        checked.repeats = repeats.filter { section in
            guard let problem = section.problem(writtenBars: writtenBars) else { return true }
            lowering.diagnostics.append(.error(problem.id, problem.message, at: SourceRange(0, 0)))
            return false
        }
        var signRanges: [FormSign: SourceRange] = [:]
        let none = SourceRange(0, 0)
        for (sign, mark) in [(FormSign.segno, segno), (.fine, fine), (.toCoda, toCoda), (.coda, coda)] {
            guard let mark else { continue }
            signRanges[sign] = none
            if mark.bar > writtenBars {
                lowering.error(.formBarOutside, "bar \(mark.bar) is outside the written score, which ends with bar \(writtenBars)", none)
            }
        }
        if let jump, jump.bar > writtenBars {
            lowering.error(.formBarOutside, "bar \(jump.bar) is outside the written score, which ends with bar \(writtenBars)", none)
        }
        guard !lowering.diagnostics.hasErrors else { return lowering.diagnostics }
        lowering.checkOverlaps(&checked)
        lowering.checkJumps(&checked, jumpRange: jump == nil ? nil : none, signRanges: signRanges)
        if !lowering.diagnostics.hasErrors { lowering.warnings(checked, writtenBars: writtenBars, jumpRange: jump == nil ? nil : none, signRanges: signRanges) }
        return lowering.diagnostics
    }
}
