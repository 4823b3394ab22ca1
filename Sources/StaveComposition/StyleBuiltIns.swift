import StaveSyntax

/// The built-in styles (LANGUAGE.md "Accompaniment (v3)") as Stave text: read by the same front
/// end as a song's own styles, so a user can copy one from the README and change it. The
/// README prints this text in full (a test holds the two equal).
///
/// A pattern starts at the comp track's octave: give a bass track `octave 2`.
public enum StyleBuiltIns {
    /// The names of the built-in styles; a song's own style may not take one.
    public static let names = ["block", "pop", "rock", "ballad", "swing", "bossa", "waltz"]

    /// The built-in styles, written in Stave.
    public static let text = """
    style block {
      part piano 4/4 { chord1 }
      part bass 4/4 { bass1 }
      part drums 4/4 { kick4 snare kick snare }
    }
    style pop {
      part piano 4/4 { chord4 r8 chord8~ chord4 chord4 }
      part bass 4/4 { bass4. bass8 fifth4 bass }
      part drums 4/4 { [kick hat]8 hat [snare hat] hat [kick hat] [kick hat] [snare hat] hat }
    }
    style rock {
      part piano 4/4 { chord8 chord chord chord chord chord chord chord }
      part bass 4/4 { bass8 bass bass bass bass bass bass bass }
      part drums 4/4 { [kick crash]8 hat [snare hat] [kick hat] [kick hat] hat [snare hat] hat }
    }
    style ballad {
      part piano 4/4 { chord2 chord4 chord }
      part piano 3/4 { chord2. }
      part piano 6/8 { root8 fifth > root < third > root < fifth }
      part bass 4/4 { bass2 fifth }
      part bass 3/4 { bass2. }
      part bass 6/8 { bass4. fifth }
      part drums 4/4 { kick4 rim kick8 kick rim4 }
      part drums 3/4 { kick4 rim rim }
      part drums 6/8 { kick8 hat hat rim hat hat }
    }
    style swing {
      part piano 4/4 { chord4. chord8 r2 }
      part bass 4/4 { bass4 third fifth approach }
      part drums 4/4 { ride4 {[ride pedal-hat] r ride}4 ride4 {[ride pedal-hat] r ride}4 }
    }
    style bossa {
      part piano 4/4 { chord4 r8 chord4 chord r8 }
      part bass 4/4 { bass4. fifth8 fifth4. bass8 }
      part drums 4/4 { [kick hat]8 hat [rim hat] [kick hat] [kick hat] [rim hat] hat [kick hat] }
    }
    style waltz {
      part piano 4/4 { r4 chord chord chord }
      part piano 3/4 { r4 chord chord }
      part bass 4/4 { bass4 r fifth r }
      part bass 3/4 { bass4 r2 }
      part drums 4/4 { kick4 hat hat hat }
      part drums 3/4 { kick4 hat hat }
    }
    """

    /// The built-in styles parsed (once: an immutable value).
    public static let syntax: [StyleSyntax] = {
        Parser.parse(Source(path: "built-in styles", bytes: Array(text.utf8))).syntax.styles
    }()
}
