import StaveSyntax

/// Track settings and channel assignment.
extension Lowering {
    /// Lowers each track's settings (phrases are placed later). The result is index-aligned with the syntax.
    mutating func lowerTracks(_ syntax: [TrackSyntax]) -> [Track] {
        let earlier = SongRule.earlierDuplicates(syntax.map(\.id.text))
        return syntax.indices.map { index in
            let trackSyntax = syntax[index]
            if let first = earlier[index] {
                diagnostics.append(SongRule.duplicateTrack(trackSyntax.id.text).diagnostic(at: trackSyntax.id.range, notes: [DiagnosticNote("the first track '\(trackSyntax.id.text)' is here", at: syntax[first].id.range)]))
            }
            return lowerSettings(trackSyntax)
        }
    }

    /// The rules across the tracks' `staff` settings (Stave 3), reported at each setting.
    mutating func checkStaves(_ tracks: [Track], _ syntax: [TrackSyntax]) {
        for (index, problem) in StaffRule.check(tracks.map(\.staff), trackIDs: tracks.map(\.id)) {
            let setting = syntax[index].settings.last { $0.kind == .staff }
            diagnostics.append(problem.diagnostic(at: setting?.range ?? syntax[index].id.range))
        }
    }

    mutating func lowerSettings(_ syntax: TrackSyntax) -> Track {
        var track = Track(id: syntax.id.text, name: syntax.displayName, kind: syntax.kind, channel: syntax.kind == .drums ? 10 : 0)
        track.source = SourceMark(syntax.range)
        var seen: Set<SettingKind> = []
        for setting in syntax.settings {
            if seen.contains(setting.kind) {
                error(.duplicateSetting, "'\(setting.kind.rawValue)' is set twice in track '\(syntax.id.text)'", setting.range)
                continue
            }
            seen.insert(setting.kind)
            switch (setting.kind, syntax.kind) {
            case (.kit, .melody):
                error(.settingNotAllowed, "'kit' belongs to drum tracks; use 'instrument' in melody track '\(syntax.id.text)'", setting.range)
                continue
            case (.instrument, .drums):
                error(.settingNotAllowed, "'instrument' belongs to melody tracks; use 'kit' in drum track '\(syntax.id.text)'", setting.range)
                continue
            case (.staff, .drums):
                diagnostics.append(StaffRule.drums(track: syntax.id.text).diagnostic(at: setting.range))
                continue
            case (.octave, .drums), (.transpose, .drums):
                error(.settingNotAllowed, "'\(setting.kind.rawValue)' is not allowed in drum track '\(syntax.id.text)'", setting.range)
                continue
            default:
                break
            }
            switch setting.kind {
            case .instrument, .kit:
                if let program = program(setting) { track.program = program }
            case .channel:
                if let value = number(setting, 1...16) {
                    track.channel = value
                    track.channelIsExplicit = true
                }
            case .volume:
                if let value = number(setting, 0...127) { track.volume = value }
            case .pan:
                if let value = number(setting, 0...127) { track.pan = value }
            case .velocity:
                if let value = number(setting, 0...127) { track.velocity = value }
            case .octave:
                if let value = number(setting, 0...9) { track.octave = value }
            case .transpose:
                if let value = number(setting, -48...48) { track.transpose = value }
            case .staff:
                guard case .name(let part) = setting.value else { continue }
                let number = setting.staffNumber?.value ?? 1
                if let problem = StaffRule.number(number) {
                    diagnostics.append(problem.diagnostic(at: setting.staffNumber?.range ?? setting.range))
                } else {
                    track.staff = StaffPlacement(part: part, number: number)
                }
            case .symbols:
                // Accompaniment (v3): `symbols on|off`, a melody track's setting.
                guard syntax.kind == .melody else {
                    error(.settingNotAllowed, "'symbols' is not allowed in drum track '\(syntax.id.text)': chord symbols belong to melody tracks", setting.range)
                    continue
                }
                guard case .name(let value) = setting.value, value == "on" || value == "off" else {
                    error(.expectedToken, "expected 'on' or 'off' after 'symbols'", setting.valueRange)
                    continue
                }
                track.symbols = value == "on"
            case .legato:
                guard case .number(let value) = setting.value else {
                    error(.expectedToken, "expected a number after 'legato'", setting.valueRange)
                    continue
                }
                if let problem = ExpressionRule.legato(value) {
                    diagnostics.append(problem.diagnostic(at: setting.valueRange))
                } else {
                    track.legato = value
                }
            case .swing, .humanize:
                // Stave 3 feel (Lowering+Feel).
                if case .feel(let feel) = setting.value { lowerFeel(feel, swing: &track.swing, humanize: &track.humanize) }
            }
        }
        return track
    }

    mutating func number(_ setting: SettingSyntax, _ range: ClosedRange<Int>) -> Int? {
        guard case .number(let value) = setting.value else {
            error(.expectedToken, "expected a number after '\(setting.kind.rawValue)'", setting.valueRange)
            return nil
        }
        guard range.contains(value) else {
            error(.valueOutOfRange, "\(setting.kind.rawValue) \(value) is out of range: expected \(range.lowerBound)–\(range.upperBound)", setting.valueRange)
            return nil
        }
        return value
    }

    mutating func program(_ setting: SettingSyntax) -> Int? {
        switch setting.value {
        case .number(let value):
            guard (0...127).contains(value) else {
                error(.valueOutOfRange, "\(setting.kind.rawValue) program \(value) is out of range: expected 0–127", setting.valueRange)
                return nil
            }
            return value
        case .name(let name):
            if setting.kind == .kit {
                guard let program = GeneralMIDI.kits[name] else {
                    let kitNames = ["standard", "room", "power", "electronic", "tr-808", "jazz", "brush", "orchestra"]
                    error(.unknownKit, "unknown drum kit '\(name)': expected standard, room, power, electronic, tr-808, jazz, brush, orchestra or a number 0–127" + Suggestion.hint(for: name, among: kitNames), setting.valueRange)
                    return nil
                }
                return program
            }
            guard let program = GeneralMIDI.program(named: name) else {
                var message = "unknown instrument '\(name)': expected a General MIDI name such as 'acoustic-grand-piano', an alias such as 'piano', or a number 0–127"
                message += Suggestion.hint(for: name, among: GeneralMIDI.instrumentNames + GeneralMIDI.instrumentAliases.keys.sorted())
                error(.unknownInstrument, message, setting.valueRange)
                return nil
            }
            return program
        case .feel:
            return nil
        }
    }

    /// Channels by the one channel rule (`ChannelAssignment`); its problems are reported at
    /// the track IDs. A track left without a channel keeps channel 1 (the song has an error).
    mutating func assignChannels(_ tracks: inout [Track], _ syntax: [TrackSyntax]) {
        let requests = tracks.map { ChannelAssignment.Request(id: $0.id, kind: $0.kind, explicitChannel: $0.channelIsExplicit ? $0.channel : nil) }
        let assignment = ChannelAssignment(requests)
        for index in tracks.indices { tracks[index].channel = assignment.channels[index] ?? 1 }
        for (index, problem) in assignment.problems { diagnostics.append(problem.diagnostic(at: syntax[index].id.range)) }
    }
}
