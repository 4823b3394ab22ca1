/// The catalog of diagnostics: one stable identifier per kind of problem Stave reports, in a
/// song or in a save file. `DiagnosticID.explanation` (a `DiagnosticExplanation`) explains each one (`stave explain ID`).
///
/// Tests and tools match on these; messages may be reworded, identifiers may not.
public enum DiagnosticID: String, Sendable, CaseIterable {
    // Lexical
    case invalidCharacter = "invalid-character"
    case unterminatedString = "unterminated-string"
    case unterminatedComment = "unterminated-comment"
    case invalidEscape = "invalid-escape"
    case invalidUTF8 = "invalid-utf8"
    /// A Standard MIDI File or a save file given where a song is expected.
    case notAStaveSong = "not-a-stave-song"
    // Syntax
    case unexpectedToken = "unexpected-token"
    case expectedToken = "expected-token"
    case numberTooLarge = "number-too-large"
    case invalidDuration = "invalid-duration"
    case durationNotAttached = "duration-not-attached"
    case durationNotAllowed = "duration-not-allowed"
    case tooManyDots = "too-many-dots"
    case invalidPitch = "invalid-pitch"
    case tooManyAccidentals = "too-many-accidentals"
    case unknownDrum = "unknown-drum"
    case emptyChord = "empty-chord"
    case emptyTuplet = "empty-tuplet"
    case nestingTooDeep = "nesting-too-deep"
    case invalidTie = "invalid-tie"
    case reservedWord = "reserved-word"
    case invalidIdentifier = "invalid-identifier"
    case unclosedBlock = "unclosed-block"
    // Stave 2 syntax
    case misplacedMark = "misplaced-mark"
    case duplicateMark = "duplicate-mark"
    case conflictingMarks = "conflicting-marks"
    case markOnRest = "mark-on-rest"
    case markOnTuplet = "mark-on-tuplet"
    case emptyGrace = "empty-grace"
    case graceItemNotAllowed = "grace-item-not-allowed"
    case graceWithoutNote = "grace-without-note"
    case invalidPedal = "invalid-pedal"
    case markerWithoutBar = "marker-without-bar"
    case invalidChordSymbol = "invalid-chord-symbol"
    case unknownChordQuality = "unknown-chord-quality"
    case chordSymbolOutsideChord = "chord-symbol-outside-chord"
    case chordSymbolInDrums = "chord-symbol-in-drums"
    case duplicateChordSymbol = "duplicate-chord-symbol"
    case lyricsInDrums = "lyrics-in-drums"
    // Header and settings
    case duplicateHeader = "duplicate-header"
    case duplicateSetting = "duplicate-setting"
    case valueOutOfRange = "value-out-of-range"
    case invalidMeter = "invalid-meter"
    case invalidKey = "invalid-key"
    case unknownInstrument = "unknown-instrument"
    case unknownKit = "unknown-kit"
    case settingNotAllowed = "setting-not-allowed"
    case octaveInDrums = "octave-in-drums"
    case meterConflict = "meter-conflict"
    case tempoConflict = "tempo-conflict"
    case tempoTooSlowForMIDI = "tempo-too-slow-for-midi"
    case tempoRampBars = "tempo-ramp-bars"
    case tempoRampConflict = "tempo-ramp-conflict"
    // Tracks and phrases
    case duplicateTrack = "duplicate-track"
    case duplicatePhrase = "duplicate-phrase"
    case unknownTrack = "unknown-track"
    case unknownPhrase = "unknown-phrase"
    case wrongPhraseKind = "wrong-phrase-kind"
    case phraseOverlap = "phrase-overlap"
    case tooManyTracks = "too-many-tracks"
    case sharedChannel = "shared-channel"
    case limitExceeded = "limit-exceeded"
    // Stave 3 keys (LANGUAGE.md "Form (v3)" key changes, "Songwriting (v3)" patterns)
    /// Two `key … at BAR` statements for one bar.
    case keyChangeConflict = "key-change-conflict"
    /// A `pattern` that no `repeat` or `sync` places (a warning).
    case unusedPattern = "unused-pattern"
    /// A `pattern` placed by Syncs of other tracks but by no `repeat` of its own track.
    case patternWithoutRepeat = "pattern-without-repeat"
    // Music
    case octaveOutOfRange = "octave-out-of-range"
    case pitchOutOfRange = "pitch-out-of-range"
    case tieToRest = "tie-to-rest"
    case tieMismatch = "tie-mismatch"
    case tieAtEnd = "tie-at-end"
    case tieOnTuplet = "tie-on-tuplet"
    case barLineOffGrid = "bar-line-off-grid"
    /// Two consecutive bar lines (or the phrase start and the first) more than a bar apart.
    case barHoldsSeveral = "bar-holds-several"
    case timeOverflow = "time-overflow"
    case offTickGrid = "off-tick-grid"
    case zeroLengthNote = "zero-length-note"
    // Stave 2 meaning
    /// `!<` or `!>` with no velocity command after it in the phrase.
    case hairpinUnended = "hairpin-unended"
    /// `!<` to a velocity not above the current one, `!>` to one not below.
    case hairpinDirection = "hairpin-direction"
    /// A hairpin that starts while another is open.
    case hairpinOverlap = "hairpin-overlap"
    /// A grace group before a note that continues a tie.
    case graceOnTiedNote = "grace-on-tied-note"
    /// A verse with more syllables than its phrase has lyric notes.
    case tooManySyllables = "too-many-syllables"
    /// Two `lyrics` statements for one phrase.
    case duplicateLyrics = "duplicate-lyrics"
    // Stave 3 lyrics (LANGUAGE.md "Lyrics, easier")
    /// A verse with fewer syllables than its phrase has lyric notes (a warning).
    case tooFewSyllables = "too-few-syllables"
    /// `|` in a lyrics string whose next syllable is not on the first lyric note of a bar.
    case lyricsBarCheck = "lyrics-bar-check"
    /// `lyrics ID from TRACK.ID2` where ID2 has no strings of its own.
    case lyricsSourceWithoutWords = "lyrics-source-without-words"
    /// One pitch twice in a chord at different velocities (a warning; it sounds once, at the highest).
    case chordPitchTwice = "chord-pitch-twice"
    // Stave 3 songwriting (LANGUAGE.md "A note's own velocity")
    /// `@` not followed directly by a number (`c4@`, `c4@ 70`).
    case invalidNoteVelocity = "invalid-note-velocity"
    /// `@N` on a rest, a whole tuplet or a grace note, or after a `~`.
    case noteVelocityNotAllowed = "note-velocity-not-allowed"
    // Stave 3 staves (`staff PART [N]`)
    /// A third track on one staff of a part (a staff holds at most two voices).
    case staffFull = "staff-full"
    /// A part whose staff numbers skip one (`staff piano 2` with no staff 1).
    case staffGap = "staff-gap"
    // Stave 3 feel (LANGUAGE.md "Feel (v3)")
    /// `swing U [P]` with U not 8 or 16, or P outside 50–75.
    case swingValue = "swing-value"
    /// `humanize T [V] [seed S]` with T outside 0–50, V outside 0–30 or a negative seed.
    case humanizeValue = "humanize-value"
    // Stave 3 form (LANGUAGE.md "Form (v3)")
    /// `repeat bars 5-3` or an ending `13-12`: bars that run backwards.
    case formBarsBackwards = "form-bars-backwards"
    /// A form statement naming a bar after the written score's last bar.
    case formBarOutside = "form-bar-outside"
    /// A second `segno`, `fine`, `to-coda`, `coda`, or a second jump (`dc`/`ds`).
    case formDuplicateSign = "form-duplicate-sign"
    /// `xN` outside 2–100, or fewer passes than endings.
    case formRepeatCount = "form-repeat-count"
    /// An ending that does not start right after the repeated bars or the ending before it.
    case formEndingGap = "form-ending-gap"
    /// Two repeats (with their endings) that share a bar.
    case formRepeatOverlap = "form-repeat-overlap"
    /// `ds at BAR` without `segno at BAR`.
    case formDsWithoutSegno = "form-ds-without-segno"
    /// `fine` or `to-coda` in a song without a jump.
    case formSignWithoutJump = "form-sign-without-jump"
    /// `fine` together with `to-coda`.
    case formFineAndCoda = "form-fine-and-coda"
    /// `to-coda` without `coda`, or the reverse.
    case formCodaUnpaired = "form-coda-unpaired"
    /// A `coda` that does not start after the jump bar.
    case formCodaBeforeJump = "form-coda-before-jump"
    /// A `fine` or `to-coda` bar before the jump's target or not before the jump bar.
    case formSignOutsideJumpPass = "form-sign-outside-jump-pass"
    /// A `dc` or `ds` inside the body of a repeat.
    case formJumpInRepeat = "form-jump-in-repeat"
    /// A `segno` that no `ds` jumps to (a warning).
    case formSegnoUnused = "form-segno-unused"
    /// Written bars that the performance never plays (a warning).
    case formBarsUnplayed = "form-bars-unplayed"
    // Stave 3 accompaniment (LANGUAGE.md "Accompaniment (v3)")
    /// `comp SOURCE …` where SOURCE has no chord symbols.
    case compSourceWithoutSymbols = "comp-source-without-symbols"
    /// `comp SOURCE …` where no track is SOURCE.
    case compUnknownTrack = "comp-unknown-track"
    /// `comp … STYLE.PART` where STYLE is neither built in nor defined.
    case compUnknownStyle = "comp-unknown-style"
    /// `comp … STYLE.PART` where STYLE has no part PART.
    case compUnknownPart = "comp-unknown-part"
    /// A drum part comped in a melody track, or a melody part in a drum track.
    case compKindMismatch = "comp-kind-mismatch"
    /// A pattern that does not last exactly one bar of its meter.
    case patternLength = "pattern-length"
    /// A bar of a comp whose meter the part has no pattern for.
    case compMeterWithoutPattern = "comp-meter-without-pattern"
    /// A user style named like a built-in one.
    case styleBuiltInName = "style-built-in-name"
    /// A track with `comp` that also has phrases.
    case compWithPhrases = "comp-with-phrases"
    /// Two `comp` statements in one track.
    case compTwice = "comp-twice"
    /// Something a pattern cannot hold: a pitch, a chord symbol, tempo, a marker, a controller, a grace group.
    case patternElementNotAllowed = "pattern-element-not-allowed"
    /// A pattern with both chord-tone words and drum names.
    case patternMixesKinds = "pattern-mixes-kinds"
    /// Two styles with one ID, or two patterns of one part for one meter.
    case styleDuplicate = "style-duplicate"
    // Save files (problems that only a save file can have; a save file that breaks a rule of
    // the language is reported with the language's ID)
    case saveInvalidJSON = "save-invalid-json"
    case saveNotASaveFile = "save-not-a-save-file"
    case saveUnsupportedVersion = "save-unsupported-version"
    case saveMissingField = "save-missing-field"
    case saveUnknownField = "save-unknown-field"
    case saveWrongType = "save-wrong-type"
    case saveInvalidValue = "save-invalid-value"
    case saveBarOrder = "save-bar-order"
    case saveChannelNotAssigned = "save-channel-not-assigned"
    case saveIDOnCopy = "save-id-on-copy"
    case saveContainerOrder = "save-container-order"
    case saveUnwritableDuration = "save-unwritable-duration"
    case saveDuplicatePitch = "save-duplicate-pitch"
    case saveTempoMarkPosition = "save-tempo-mark-position"
    case saveReferenceCycle = "save-reference-cycle"
    case saveStartOffBar = "save-start-off-bar"
    // Stave 2 save format (version 5): where the v2 marks of a phrase stand
    case saveMarkPosition = "save-mark-position"
    case saveHairpinVelocity = "save-hairpin-velocity"
    case saveGracePosition = "save-grace-position"
    case saveChordSymbolPitches = "save-chord-symbol-pitches"
    case saveLyricsWithoutID = "save-lyrics-without-id"
    // MIDI import (`stave import`)
    /// A MIDI file that cannot be read.
    case importUnreadable = "import-unreadable"
    /// Something of a MIDI file that the imported song cannot keep.
    case importLoss = "import-loss"
}
