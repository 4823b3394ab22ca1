"""Syntax of Stave, written from /work/shared/LANGUAGE.md alone: a scanner and a parser that turn
the text of a valid song into plain tuples (see `parse`). Only what valid songs need is handled;
anything unexpected raises ModelError.
"""

from fractions import Fraction

from stave_names import RESERVED

F = Fraction


class ModelError(Exception):
    """The song is not valid (or uses something this model does not know)."""

    def __init__(self, message, pos=None):
        super().__init__(message if pos is None else f"{message} (offset {pos})")
        self.pos = pos


# ----------------------------------------------------------------------------------------------
# Scanner: characters to words, numbers and marks. Whitespace and comments separate them.
# ----------------------------------------------------------------------------------------------

class Scanner:
    def __init__(self, text):
        self.s = text
        self.i = 0
        self.n = len(text)

    def skip(self):
        s, n = self.s, self.n
        while self.i < n:
            c = s[self.i]
            if c in " \t\r\n":
                self.i += 1
            elif s.startswith("//", self.i):
                j = s.find("\n", self.i)
                self.i = n if j < 0 else j + 1
            elif s.startswith("/*", self.i):
                j = s.find("*/", self.i + 2)
                if j < 0:
                    raise ModelError("unterminated comment", self.i)
                self.i = j + 2
            else:
                break

    def at_end(self):
        self.skip()
        return self.i >= self.n

    def peek(self):
        """The next non-blank character ('' at the end)."""
        self.skip()
        return self.s[self.i] if self.i < self.n else ""

    def char(self):
        """The character right here, without skipping blanks."""
        return self.s[self.i] if self.i < self.n else ""

    def expect(self, mark):
        self.skip()
        if not self.s.startswith(mark, self.i):
            raise ModelError(f"expected {mark!r}, found {self.s[self.i:self.i + 10]!r}", self.i)
        self.i += len(mark)

    def word_here(self):
        """An identifier starting exactly here (no blank skipping), or ''."""
        s, j = self.s, self.i
        if j < self.n and (s[j].isascii() and (s[j].isalpha() or s[j] == "_")):
            j += 1
            while j < self.n and s[j].isascii() and (s[j].isalnum() or s[j] == "_"):
                j += 1
        return s[self.i:j]

    def peek_word(self):
        self.skip()
        return self.word_here()

    def word(self):
        w = self.peek_word()
        if not w:
            raise ModelError(f"expected a word, found {self.s[self.i:self.i + 10]!r}", self.i)
        self.i += len(w)
        return w

    def identifier(self):
        pos = self.i
        w = self.word()
        if w in RESERVED:
            raise ModelError(f"reserved word {w!r} used as an identifier", pos)
        return w

    def kebab(self):
        """A kebab-case name or a number (instrument, kit)."""
        self.skip()
        j = self.i
        while j < self.n and (self.s[j].isascii() and (self.s[j].isalnum() or self.s[j] in "-_")):
            j += 1
        if j == self.i:
            raise ModelError("expected a name", self.i)
        w = self.s[self.i:j]
        self.i = j
        return w

    def digits_here(self):
        j = self.i
        while j < self.n and self.s[j] in "0123456789":
            j += 1
        d = self.s[self.i:j]
        self.i = j
        return d

    def integer(self, signed=False):
        self.skip()
        neg = False
        if signed and self.char() in "+-":
            neg = self.char() == "-"
            self.i += 1
        pos = self.i
        d = self.digits_here()
        if not d:
            raise ModelError("expected a number", pos)
        if len(d) > 1 and d[0] == "0":
            raise ModelError("leading zero", pos)
        return -int(d) if neg else int(d)

    def decimal(self):
        """A number with an optional decimal fraction, as an exact Fraction."""
        self.skip()
        pos = self.i
        d = self.digits_here()
        if not d:
            raise ModelError("expected a number", pos)
        if self.char() == "." and self.i + 1 < self.n and self.s[self.i + 1].isdigit():
            self.i += 1
            frac = self.digits_here()
            return F(int(d + frac), 10 ** len(frac))
        return F(int(d))

    def string(self):
        self.skip()
        if self.char() != '"':
            raise ModelError("expected a string", self.i)
        self.i += 1
        out = []
        while True:
            if self.i >= self.n:
                raise ModelError("unterminated string", self.i)
            c = self.s[self.i]
            if c == "\\":
                nxt = self.s[self.i + 1:self.i + 2]
                if nxt not in ('"', "\\"):
                    raise ModelError("bad escape", self.i)
                out.append(nxt)
                self.i += 2
            elif c == '"':
                self.i += 1
                return "".join(out)
            else:
                out.append(c)
                self.i += 1


# ----------------------------------------------------------------------------------------------
# Parser. The tree is made of tuples:
#   song    = {"header": [stmt…], "tracks": [track…]}
#   header  = ("title", text) | ("composer", text) | ("ppq", n) | ("key", letter, acc, minor)
#             | ("tempo", bpm, at_bar|None, pos) | ("meter", num, den, at_bar|None, pos)
#             | ("marker", text, at_bar, pos); key has a 5th item, its `at` bar or None
#             | the Form (v3) statements of model_form.parse_statement
#   track   = {"kind": "track"|"drums", "id", "name", "settings": {name: (value, pos)}, "phrases": […],
#              "lyrics": [(phrase id, [text…], pos)]}
#   phrase  = ("phrase", id|None, at|None, body, pos) | ("pattern", id, None, body, pos) | ("repeat", id, count, at, pos)
#             | ("sync", track|None, id, transpose, at, pos)
#   element = ("note", spec, first, inline, tie, marks, graces) | ("rest", dur)
#             | ("chord", items, first, inline, tie, marks, graces)
#             | ("tuplet", items, dur) | ("octave", n) | ("up",) | ("down",) | ("velocity", v)
#             | ("dynamic", name) | ("hairpin", "<"|">") | ("control", "cc", n, v) | ("control", "bend", c)
#             | ("marker", text) | ("bar", pos) | ("tempo", bpm, pos)
#   spec    = ("pitch", letter, accidental_text) | ("drum", key)
#   dur     = (denominator, dots) or None (the current duration)
#   marks   = a string of the marks written ("", "'", "^_", …)
#   graces  = None, or the items of the grace group before a note or chord: ("pitch", spec, False, "")
#             and ("chord", chord items) and octave/velocity commands
#   chord items: ("pitch", spec, tie, marks), ("symbol", root letter, root accidental, quality,
#   (bass letter, bass accidental) | None, tie), octave/velocity commands and controls;
#   tuplet items: ("note", spec, None, [], tie, marks, graces), ("rest", None),
#   ("chord", items, None, [], tie, "", graces), ("tuplet", items, None), commands and controls.
# ----------------------------------------------------------------------------------------------

SETTINGS = ("instrument", "kit", "channel", "volume", "pan", "velocity", "octave", "transpose",
            "legato")
MARKS = "'_^"
DYNAMIC_NAMES = ("ppp", "pp", "p", "mp", "mf", "f", "ff", "fff")


def parse(text):
    """Parse a whole song. Raises ModelError on anything it does not understand."""
    sc = Scanner(text)
    header, tracks = [], []
    while not sc.at_end():
        pos = sc.i
        w = sc.word()
        if w == "title":
            header.append(("title", sc.string()))
        elif w == "composer":
            header.append(("composer", sc.string()))
        elif w == "ppq":
            header.append(("ppq", sc.integer()))
        elif w == "tempo":
            bpm = sc.decimal()
            header.append(("tempo", bpm, _optional_at(sc), pos))
        elif w == "meter":
            num = sc.integer()
            sc.expect("/")
            den = sc.integer()
            header.append(("meter", num, den, _optional_at(sc), pos))
        elif w == "key":
            sc.skip()
            letter = sc.char()
            if letter not in "abcdefg" or not letter:
                raise ModelError("expected a key tonic", sc.i)
            sc.i += 1
            acc = _accidentals(sc)
            minor = False
            mode = sc.peek_word()
            if mode in ("major", "minor"):
                sc.i += len(mode)
                minor = mode == "minor"
            header.append(("key", letter, acc, minor, _optional_at(sc)))  # `at`: Form (v3)
        elif w == "marker":
            text = sc.string()
            if sc.peek_word() != "at":
                raise ModelError("a header marker needs 'at BAR'", sc.i)
            header.append(("marker", text, _optional_at(sc), pos))
        elif w in ("track", "drums"):
            tracks.append(_track(sc, w))
        elif model_form_statement(sc, w, pos, header):
            pass
        else:
            raise ModelError(f"unexpected {w!r} at top level", pos)
    return {"header": header, "tracks": tracks}


def model_form_statement(sc, w, pos, header):
    """The Form (v3) header statements, parsed by model_form (appended to header); False if w
    starts none of them."""
    import model_form
    st = model_form.parse_statement(sc, w, pos)
    if st is None:
        return False
    header.append(st)
    return True


def _optional_at(sc):
    if sc.peek_word() == "at":
        sc.word()
        return sc.integer()
    return None


def _accidentals(sc):
    """'#', '##', 'b', 'bb', 'n' or '' right after a pitch letter."""
    s = sc.s
    for acc in ("##", "bb", "#", "b", "n"):
        if s.startswith(acc, sc.i):
            sc.i += len(acc)
            return acc
    return ""


def _track(sc, kind):
    tid = sc.identifier()
    name = None
    if sc.peek() == '"':
        name = sc.string()
    sc.expect("{")
    settings, phrases, lyrics = {}, [], []
    drums = kind == "drums"
    while sc.peek() != "}":
        if sc.peek() == "":
            raise ModelError("unterminated track", sc.i)
        pos = sc.i
        w = sc.word()
        if w in SETTINGS:
            if w in settings:
                raise ModelError(f"setting {w!r} written twice", pos)
            if w in ("instrument", "kit"):
                v = sc.kebab()
                value = int(v) if v.isdigit() else v
            else:
                value = sc.integer(signed=(w == "transpose"))
            settings[w] = (value, pos)
        elif w == "phrase":
            pid = None
            nxt = sc.peek_word()
            if nxt and nxt != "at":
                pid = sc.identifier()
            at = _optional_at(sc)
            sc.expect("{")
            body = _body(sc, drums)
            sc.expect("}")
            phrases.append(("phrase", pid, at, body, pos))
        elif w == "pattern":  # Songwriting (v3): an Original played only where it is placed
            pid = sc.identifier()
            sc.expect("{")
            body = _body(sc, drums)
            sc.expect("}")
            phrases.append(("pattern", pid, None, body, pos))
        elif w == "repeat":
            pid = sc.identifier()
            count, at = 1, None
            for _ in range(2):  # the options come in either order, each at most once
                nxt = sc.peek_word()
                if len(nxt) > 1 and nxt[0] == "x" and nxt[1:].isdigit() and count == 1:
                    sc.i += 1
                    count = sc.integer()
                elif nxt == "at" and at is None:
                    at = _optional_at(sc)
            phrases.append(("repeat", pid, count, at, pos))
        elif w == "sync":
            first = sc.identifier()
            track_id, pid = None, first
            if sc.char() == ".":
                sc.i += 1
                track_id, pid = first, sc.identifier()
            transpose, seen_transpose, at = 0, False, None
            for _ in range(2):  # the options come in either order, each at most once
                nxt = sc.peek_word()
                if nxt == "transpose" and not seen_transpose:
                    sc.word()
                    transpose, seen_transpose = sc.integer(signed=True), True
                elif nxt == "at" and at is None:
                    at = _optional_at(sc)
            phrases.append(("sync", track_id, pid, transpose, at, pos))
        elif w == "lyrics" and not drums:
            pid = sc.identifier()
            texts = [sc.string()]
            while sc.peek() == '"':
                texts.append(sc.string())
            if any(len(x.encode("utf-8")) > 100_000 for x in texts):
                raise ModelError("a lyrics string of more than 100,000 bytes (rule 16)", pos)
            lyrics.append((pid, texts, pos))
        else:
            raise ModelError(f"unexpected {w!r} in a track", pos)
    sc.expect("}")
    return {"kind": kind, "id": tid, "name": name, "settings": settings, "phrases": phrases,
            "lyrics": lyrics}


def _duration_here(sc):
    """A duration glued to what precedes it, or None."""
    if not sc.char().isdigit():
        return None
    pos = sc.i
    d = sc.digits_here()
    if d not in ("1", "2", "4", "8", "16", "32", "64"):
        raise ModelError(f"bad duration {d}", pos)
    dots = 0
    while sc.char() == ".":
        dots += 1
        sc.i += 1
    if dots > 3:
        raise ModelError("more than three dots", pos)
    return (int(d), dots)


def _marks_here(sc):
    """Articulation marks glued to what precedes them: any order, each at most once, not ' and _."""
    pos = sc.i
    marks = ""
    while sc.char() and sc.char() in MARKS:
        if sc.char() in marks:
            raise ModelError("a mark written twice", sc.i)
        marks += sc.char()
        sc.i += 1
    if "'" in marks and "_" in marks:
        raise ModelError("staccato and tenuto together", pos)
    return marks


def _ties_here(sc):
    """After a note or chord and its duration and marks: inline tie durations (each may carry
    marks, which join the note's) and a tie to the next note. Returns (inline, tie, marks)."""
    inline, marks = [], ""
    while sc.char() == "~":
        sc.i += 1
        d = _duration_here(sc)
        if d is None:
            return inline, True, marks
        inline.append(d)
        marks += _marks_here(sc)
    return inline, False, marks


def _word_is(sc, word):
    s = sc.s
    end = sc.i + len(word)
    return s.startswith(word, sc.i) and not (end < sc.n and (s[end].isalnum() or s[end] in "_-"))


def _command(sc, drums):
    """An octave or velocity command (or a hairpin) right here, or None."""
    c = sc.char()
    nxt = sc.s[sc.i + 1:sc.i + 2]
    if c == "!":
        if nxt in ("<", ">"):
            sc.i += 2
            return ("hairpin", nxt)
        sc.i += 1
        w = sc.word_here()
        if w not in DYNAMIC_NAMES:
            raise ModelError(f"unknown dynamic {w!r}", sc.i)
        sc.i += len(w)
        return ("dynamic", w)
    if c == "v" and nxt.isdigit():
        sc.i += 1
        pos = sc.i
        v = int(sc.digits_here())
        if v > 127:
            raise ModelError("velocity above 127", pos)
        return ("velocity", v)
    if drums:
        return None
    if c == "o" and nxt.isdigit():
        sc.i += 1
        pos = sc.i
        d = sc.digits_here()
        if len(d) != 1:
            raise ModelError("octave is 0–9", pos)
        return ("octave", int(d))
    if c == ">":
        sc.i += 1
        return ("up",)
    if c == "<":
        sc.i += 1
        return ("down",)
    return None


def _control(sc):
    """`pedal down|up`, `cc N V` or `bend C` right here, or None."""
    pos = sc.i
    if _word_is(sc, "pedal"):
        sc.i += len("pedal")
        w = sc.word()
        if w not in ("down", "up"):
            raise ModelError("expected 'down' or 'up' after 'pedal'", pos)
        return ("control", "cc", 64, 127 if w == "down" else 0)
    if _word_is(sc, "cc"):
        sc.i += len("cc")
        n, v = sc.integer(), sc.integer()
        if not (0 <= n <= 127 and 0 <= v <= 127):
            raise ModelError("cc number or value outside 0–127", pos)
        return ("control", "cc", n, v)
    if _word_is(sc, "bend"):
        sc.i += len("bend")
        c = sc.integer(signed=True)
        if not -200 <= c <= 200:
            raise ModelError("bend outside −200…200 cents", pos)
        return ("control", "bend", c)
    return None


def _spec(sc, drums):
    """A pitch or drum name right here, or None."""
    c = sc.char()
    if drums:
        j = sc.i
        while j < sc.n and (sc.s[j].isascii() and (sc.s[j].isalpha() or sc.s[j] == "-")):
            j += 1
        name = sc.s[sc.i:j]
        if not name or name == "r":
            return None
        from stave_names import DRUMS
        if name not in DRUMS:
            raise ModelError(f"unknown drum {name!r}", sc.i)
        sc.i = j
        return ("drum", DRUMS[name])
    if c and c in "abcdefg":
        sc.i += 1
        return ("pitch", c, _accidentals(sc))
    return None


def _is_rest(sc):
    return sc.char() == "r" and not (sc.s[sc.i + 1:sc.i + 2].isalpha() or sc.s[sc.i + 1:sc.i + 2] == "-")


def _symbol(sc):
    """A chord symbol right here (ROOT QUALITY [/BASS]), or None. The quality may be spelt as lead
    sheets spell it (C-7, C+, C°7, Cø, CΔ9, C6/9: "More chord symbols"); the item holds the
    quality's own name."""
    from stave_names import chord_quality
    c = sc.char()
    if not c or not ("A" <= c <= "Z"):
        return None
    pos = sc.i
    j = sc.i
    while j < sc.n and ((sc.s[j].isascii() and (sc.s[j].isalnum() or sc.s[j] in "#/+-")) or sc.s[j] in "°øΔ"):
        j += 1
    word = sc.s[sc.i:j]
    main, *basses = word.split("/")
    if basses[:1] == ["9"] and main.endswith("6"):  # the '/' of 6/9 is no bass
        main += "/9"
        basses = basses[1:]

    def note_name(text):
        if not text or text[0] not in "ABCDEFG":
            return None
        acc = text[1:2] if text[1:2] in ("#", "b") else ""
        return text[0].lower(), acc, text[1 + len(acc):]

    root = note_name(main)
    quality = chord_quality(root[2]) if root else None
    if quality is None:
        raise ModelError(f"bad chord symbol {word!r}", pos)
    bass_name = None
    if basses:
        b = note_name(basses[0])
        if b is None or b[2] or len(basses) > 1:
            raise ModelError(f"bad bass in chord symbol {word!r}", pos)
        bass_name = (b[0], b[1])
    sc.i = j
    tie = sc.char() == "~"
    sc.i += tie
    return ("symbol", root[0], root[1], quality, bass_name, tie)


def _chord_items(sc, drums):
    sc.expect("[")
    items = []
    while sc.peek() != "]":
        cmd = _command(sc, drums) or _control(sc)
        if cmd:
            items.append(cmd)
            continue
        if not drums:
            sym = _symbol(sc)
            if sym:
                items.append(sym)
                continue
        spec = _spec(sc, drums)
        if spec is None:
            raise ModelError(f"unexpected {sc.char()!r} in a chord", sc.i)
        marks = _marks_here(sc)
        tie = False
        if sc.char() == "~":
            sc.i += 1
            tie = True
        items.append(("pitch", spec, tie, marks))
    sc.i += 1
    return items


def _graces(sc, drums):
    """A grace group `( items )` right here (the caret on '('), or None."""
    if sc.char() != "(":
        return None
    pos = sc.i
    sc.i += 1
    items = []
    while sc.peek() != ")":
        if sc.peek() == "":
            raise ModelError("unterminated grace group", pos)
        cmd = _command(sc, drums)
        if cmd:
            if cmd[0] == "hairpin":
                raise ModelError("a hairpin inside a grace group", pos)
            items.append(cmd)
        elif sc.char() == "[":
            items.append(("chord", _chord_items(sc, drums)))
        else:
            spec = _spec(sc, drums)
            if spec is None:
                raise ModelError(f"unexpected {sc.char()!r} in a grace group", sc.i)
            items.append(("pitch", spec, False, ""))
    sc.i += 1
    k = sum(1 for it in items if it[0] in ("pitch", "chord"))
    if k == 0:
        raise ModelError("an empty grace group", pos)
    if k > 64:
        raise ModelError("more than 64 grace items before one note (rule 16)", pos)
    sc.skip()
    return items


def _tuplet_items(sc, drums):
    sc.expect("{")
    items = []
    while sc.peek() != "}":
        cmd = _command(sc, drums) or _control(sc)
        if cmd:
            items.append(cmd)
            continue
        graces = _graces(sc, drums)
        c = sc.char()
        if c == "[":
            chord = _chord_items(sc, drums)
            tie = sc.char() == "~"
            sc.i += tie
            items.append(("chord", chord, None, [], tie, "", graces))
        elif c == "{" and graces is None:
            items.append(("tuplet", _tuplet_items(sc, drums), None))
        elif _is_rest(sc) and graces is None:
            sc.i += 1
            items.append(("rest", None))
        else:
            spec = _spec(sc, drums)
            if spec is None:
                raise ModelError(f"unexpected {c!r} in a tuplet", sc.i)
            marks = _marks_here(sc)
            tie = sc.char() == "~"
            sc.i += tie
            items.append(("note", spec, None, [], tie, marks, graces))
    sc.i += 1
    return items


def _body(sc, drums):
    elements = []
    while sc.peek() != "}":
        if sc.peek() == "":
            raise ModelError("unterminated phrase", sc.i)
        pos = sc.i
        c = sc.char()
        if c == "|":
            sc.i += 1
            elements.append(("bar", pos))
            continue
        if _word_is(sc, "tempo"):
            sc.i += len("tempo")
            elements.append(("tempo", sc.decimal(), pos))
            continue
        if _word_is(sc, "marker"):
            sc.i += len("marker")
            elements.append(("marker", sc.string()))
            continue
        cmd = _command(sc, drums) or _control(sc)
        if cmd:
            elements.append(cmd)
            continue
        graces = _graces(sc, drums)
        c = sc.char()
        if c == "[":
            items = _chord_items(sc, drums)
            first = _duration_here(sc)
            marks = _marks_here(sc)
            inline, tie, more = _ties_here(sc)
            elements.append(("chord", items, first, inline, tie, marks + more, graces))
        elif c == "{" and graces is None:
            items = _tuplet_items(sc, drums)
            elements.append(("tuplet", items, _duration_here(sc)))
        elif _is_rest(sc) and graces is None:
            sc.i += 1
            elements.append(("rest", _duration_here(sc)))
        else:
            spec = _spec(sc, drums)
            if spec is None:
                raise ModelError(f"unexpected {c!r} in a phrase", pos)
            first = _duration_here(sc)
            marks = _marks_here(sc)
            inline, tie, more = _ties_here(sc)
            elements.append(("note", spec, first, inline, tie, marks + more, graces))
    return elements


def parse_body(text, drums):
    """Parse the inside of one phrase body (without braces)."""
    sc = Scanner(text + "}")
    elements = _body(sc, drums)
    if sc.i != len(text):
        raise ModelError("junk after a phrase body", sc.i)
    return elements
