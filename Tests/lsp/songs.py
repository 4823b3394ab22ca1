"""Small songs the tests share, with the columns the tests use worked out by hand."""

# Line 10, the verse: columns (UTF-16 = code points, all ASCII)
#   c4 17, d 20, e 22, b2. 26, [c e g]2 32 (c 33, e 35, g 37), r4 41, v90 46, f4 50, > 53, c 55, < 57, a 59.
# Line 20, the groove (after a comment with an emoji, 2 UTF-16 units, and an é):
#   `/*` 18, 🥁 21–22, é 24, `*/` 26, kick8 29, hat 35, snare 39, hat 45, !f 49, kick 52, hat 57.
HOVER_SONG = """title "Hover 🎵"
tempo 100
meter 3/4
key f major

track melody "Lead" {
  instrument violin
  octave 5
  transpose 12
  velocity 80
  phrase verse { c4 d e | b2. | [c e g]2 r4 | v90 f4 > c < a | }
  repeat verse x2
}

track second {
  instrument flute
  sync melody.verse at 9
}

drums kit1 {
  phrase groove { /* 🥁 é */ kick8 hat snare hat !f kick hat | }
}
"""

# Phrases named `a` in three tracks; `sync lead.a` refers across tracks.
#   line 1 `  phrase a {…}` a at 9; line 3 `  repeat a x2` a at 9; line 4 `  sync b` b at 7;
#   line 7 `  sync lead.a transpose -12` lead 7–11, a 12; line 8 phrase a 9; line 9 repeat a 9.
NAV_SONG = """track lead {
  phrase a { c d e f | }
  phrase b { g1 | }
  repeat a x2
  sync b
}
track bass {
  sync lead.a transpose -12
  phrase a { c1 }
  repeat a
}
drums beat {
  phrase a { kick snare kick snare | }
}
"""
