import StaveSyntax

/// Styles and comps (LANGUAGE.md "Accompaniment (v3)"): the song's own styles checked and kept
/// as written, and each `comp` checked against its source, style and part, with the part's
/// patterns lowered for the track that plays them.
extension Lowering {
    /// The song's own styles, checked: IDs unique and not built in, one pattern per part and
    /// meter, each pattern valid and exactly one bar long.
    mutating func lowerStyles(_ styles: [StyleSyntax]) -> [StyleDefinition] {
        var seen: [String: SourceRange] = [:]
        var result: [StyleDefinition] = []
        for style in styles {
            if StyleBuiltIns.names.contains(style.id.text) {
                error(.styleBuiltInName, "'\(style.id.text)' is a built-in style: give your own style another name (copy the built-in one from the README to change it)", style.id.range)
                continue
            }
            if let first = seen[style.id.text] {
                diagnostics.append(.error(.styleDuplicate, "style '\(style.id.text)' is defined twice", at: style.id.range, notes: [DiagnosticNote("the first style '\(style.id.text)' is here", at: first)]))
                continue
            }
            seen[style.id.text] = style.id.range
            var definition = StyleDefinition(id: style.id.text, parts: [])
            definition.source = SourceMark(style.range)
            var meters: Set<String> = []
            for part in style.parts {
                let meter = "\(part.numerator.value)/\(part.denominator.value)"
                if !(1...64).contains(part.numerator.value) || ![1, 2, 4, 8, 16, 32, 64].contains(part.denominator.value) {
                    error(.invalidMeter, "meter \(meter) of part '\(part.name.text)' is not one Stave can write: N from 1 to 64, D one of 1, 2, 4, 8, 16, 32, 64", part.numerator.range.union(part.denominator.range))
                    continue
                }
                if !meters.insert("\(part.name.text) \(meter)").inserted {
                    error(.styleDuplicate, "part '\(part.name.text)' of style '\(style.id.text)' has two patterns for \(meter)", part.name.range)
                    continue
                }
                let (body, problems) = Lowering.pattern(part, for: Track(id: style.id.text, kind: part.kind ?? .melody, channel: 1))
                diagnostics += problems
                // A pattern that failed to parse has no known length (the parser reported it).
                if !problems.hasErrors, !part.body.contains(where: { $0.kind == .invalid }) {
                    let bar = Rational(part.numerator.value, part.denominator.value)
                    if body.length != bar {
                        error(.patternLength, "the pattern of part '\(part.name.text)' lasts \(body.length) of a whole note; one bar of \(meter) lasts \(bar): a pattern is exactly one bar", part.name.range.union(part.denominator.range))
                    }
                }
                definition.parts.append(StylePart(name: part.name.text, numerator: part.numerator.value, denominator: part.denominator.value, text: part.text))
            }
            result.append(definition)
        }
        return result
    }

    /// A pattern lowered for `track`: its octave and velocity start the pattern, as they start
    /// every phrase (chord-tone words keep their code, see `Comp.patterns`).
    static func pattern(_ part: StylePartSyntax, for track: Track) -> (PhraseBody, [Diagnostic]) {
        var plain = Track(id: track.id, kind: part.kind ?? track.kind, channel: 1, velocity: track.velocity, octave: track.kind == .melody ? track.octave : 4)
        plain.legato = 100
        var lowering = BodyLowering(track: plain, key: .cMajor)
        let (body, _) = lowering.lower(part.body, phraseRange: part.range)
        return (body, lowering.diagnostics)
    }

    /// Checks each track's `comp` and fills in `Track.comp` (the tracks are placed: the comp's
    /// source plays its harmony from its placements).
    mutating func lowerComps(_ song: inout Song, tracks syntax: [TrackSyntax], styles: [StyleSyntax]) {
        for index in syntax.indices where !syntax[index].comps.isEmpty && index < song.tracks.count {
            let trackSyntax = syntax[index]
            for extra in trackSyntax.comps.dropFirst() {
                diagnostics.append(.error(.compTwice, "track '\(trackSyntax.id.text)' has two comps: a track plays at most one", at: extra.range,
                                          notes: [DiagnosticNote("the first comp is here", at: trackSyntax.comps[0].range)]))
            }
            let statement = trackSyntax.comps[0]
            if let phrase = trackSyntax.phrases.first {
                diagnostics.append(.error(.compWithPhrases, "track '\(trackSyntax.id.text)' plays a comp and has phrases: write them in a track of their own", at: phrase.keywordRange,
                                          notes: [DiagnosticNote("the comp is here", at: statement.range)]))
                continue
            }
            guard let comp = resolveComp(statement, track: song.tracks[index], song: song, styles: styles) else { continue }
            song.tracks[index].comp = comp
            checkMeters(comp, of: song.tracks[index], in: song, at: statement.range)
        }
    }

    /// The comp a statement names, with its patterns; nil (reported) when its source, style or
    /// part is missing or of the other kind.
    mutating func resolveComp(_ statement: CompSyntax, track: Track, song: Song, styles: [StyleSyntax]) -> Comp? {
        guard let source = song.track(statement.source.text) else {
            error(.compUnknownTrack, "comp of track '\(statement.source.text)', which does not exist" + Suggestion.hint(for: statement.source.text, among: song.tracks.map(\.id)), statement.source.range)
            return nil
        }
        if source.kind == .drums || Accompaniment.harmony(of: source, in: song, joiningTies: false).chords.isEmpty {
            error(.compSourceWithoutSymbols, "track '\(source.id)' has no chord symbols for a comp to play: write them in its phrases ([C]2 [G7]2)", statement.source.range)
            return nil
        }
        let parts: [StylePartSyntax]
        if let style = styles.first(where: { $0.id.text == statement.style.text }), !StyleBuiltIns.names.contains(style.id.text) {
            parts = style.parts
        } else if let style = StyleBuiltIns.syntax.first(where: { $0.id.text == statement.style.text }) {
            parts = style.parts
        } else {
            let names = StyleBuiltIns.names + styles.map(\.id.text)
            error(.compUnknownStyle, "no style '\(statement.style.text)': the built-in styles are \(StyleBuiltIns.names.joined(separator: ", "))" + Suggestion.hint(for: statement.style.text, among: names), statement.style.range)
            return nil
        }
        let named = parts.filter { $0.name.text == statement.part.text }
        guard !named.isEmpty else {
            var names: [String] = []
            for part in parts where !names.contains(part.name.text) { names.append(part.name.text) }
            error(.compUnknownPart, "style '\(statement.style.text)' has no part '\(statement.part.text)': its parts are \(names.joined(separator: ", "))" + Suggestion.hint(for: statement.part.text, among: names), statement.part.range)
            return nil
        }
        if let kind = named.lazy.compactMap(\.kind).first, kind != track.kind {
            let what = kind == .drums ? "a drum part (drum names) belongs to a drum track: write 'drums \(track.id) { comp … }'" : "a part of chord-tone words belongs to a melody track: write 'track \(track.id) { comp … }'"
            error(.compKindMismatch, "part '\(statement.style.text).\(statement.part.text)' cannot be played by \(track.kind == .drums ? "drum" : "melody") track '\(track.id)': \(what)", statement.part.range)
            return nil
        }
        var comp = Comp(source: source.id, style: statement.style.text, part: statement.part.text)
        comp.sourceMark = SourceMark(statement.range)
        comp.patterns = Lowering.compPatterns(named, for: track)
        return comp
    }

    /// The patterns of one part (`parts`, all of one name) lowered for `track`: one per meter,
    /// the first written; a pattern with errors (reported where the style is) is left out.
    static func compPatterns(_ parts: [StylePartSyntax], for track: Track) -> [CompPattern] {
        var patterns: [CompPattern] = []
        for part in parts where (1...64).contains(part.numerator.value) && [1, 2, 4, 8, 16, 32, 64].contains(part.denominator.value) {
            guard !patterns.contains(where: { $0.numerator == part.numerator.value && $0.denominator == part.denominator.value }) else { continue }
            let (body, problems) = Lowering.pattern(part, for: track)
            guard !problems.hasErrors else { continue }
            patterns.append(CompPattern(numerator: part.numerator.value, denominator: part.denominator.value, isDrums: track.kind == .drums, body: body))
        }
        return patterns
    }

    /// Every bar the comp plays needs a pattern for its meter: the first that has none is an error.
    mutating func checkMeters(_ comp: Comp, of track: Track, in song: Song, at range: SourceRange) {
        guard let source = song.track(comp.source) else { return }
        let harmony = Accompaniment.harmony(of: source, in: song, joiningTies: false)
        guard let first = harmony.chords.first?.onset, harmony.end > first else { return }
        let meterMap = MeterMap(meters: song.meters)
        var bar = meterMap.locate(first).bar
        while meterMap.start(ofBar: bar) < harmony.end {
            let meter = meterMap.locate(meterMap.start(ofBar: bar)).meter
            if comp.pattern(numerator: meter.numerator, denominator: meter.denominator) == nil {
                error(.compMeterWithoutPattern, "bar \(bar) is in \(meter.numerator)/\(meter.denominator), and part '\(comp.style).\(comp.part)' has no pattern for \(meter.numerator)/\(meter.denominator)", range)
                return
            }
            // Jump to the next meter change (every bar of one meter is alike).
            if let next = song.meters.first(where: { $0.bar > bar }) { bar = next.bar } else { return }
        }
    }
}
