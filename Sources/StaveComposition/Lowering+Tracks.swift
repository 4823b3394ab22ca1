import StaveSyntax

/// Track settings and channel assignment.
extension Lowering {
    /// Lowers each track's settings (phrases are placed later). The result is index-aligned with the syntax.
    mutating func lowerTracks(_ syntax: [TrackSyntax]) -> [Track] {
        var seen: [String: SourceRange] = [:]
        return syntax.map { trackSyntax in
            if let earlier = seen[trackSyntax.id.text] {
                diagnostics.append(.error(.duplicateTrack, "track ID '\(trackSyntax.id.text)' is already used", at: trackSyntax.id.range, notes: [DiagnosticNote("the first track '\(trackSyntax.id.text)' is here", at: earlier)]))
            } else {
                seen[trackSyntax.id.text] = trackSyntax.id.range
            }
            return lowerSettings(trackSyntax)
        }
    }

    mutating func lowerSettings(_ syntax: TrackSyntax) -> Track {
        var track = Track(id: syntax.id.text, name: syntax.displayName, kind: syntax.kind, channel: syntax.kind == .drums ? 10 : 0)
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
        }
    }

    /// Explicit channels first; the other melody tracks get the lowest free channels in source
    /// order, never 10. Two tracks on one channel is a warning; running out is an error.
    mutating func assignChannels(_ tracks: inout [Track], _ syntax: [TrackSyntax]) {
        var taken = Set(tracks.filter(\.channelIsExplicit).map(\.channel))
        taken.insert(10)
        var unassigned: Set<Int> = []
        for index in tracks.indices where tracks[index].kind == .melody && !tracks[index].channelIsExplicit {
            guard let free = (1...16).first(where: { !taken.contains($0) }) else {
                error(.tooManyTracks, "no free MIDI channel for track '\(tracks[index].id)': all 15 melody channels are taken", syntax[index].id.range)
                tracks[index].channel = 1
                unassigned.insert(index)
                continue
            }
            tracks[index].channel = free
            taken.insert(free)
        }
        var owner: [Int: Int] = [:]
        for index in tracks.indices where !unassigned.contains(index) {
            if let first = owner[tracks[index].channel] {
                diagnostics.append(.warning(.sharedChannel, "track '\(tracks[index].id)' shares MIDI channel \(tracks[index].channel) with track '\(tracks[first].id)'", at: syntax[index].id.range))
            } else {
                owner[tracks[index].channel] = index
            }
        }
    }
}
