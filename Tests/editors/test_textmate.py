"""Tokenize the samples with two real TextMate engines and check the scopes.

Both run on Oniguruma (through PyPI `onigurumacffi`), the regex engine of
VS Code's vscode-textmate; versions are pinned in requirements.txt:
- babi (PyPI `babi`, only its `babi.highlight` module): a line-by-line TextMate
  tokenizer with a rule stack carried from line to line, as in vscode-textmate;
- textmate-grammar-python (PyPI, module `textmate_grammar`): an independent
  implementation that parses the whole document.

Checks:
- every regular expression of the grammar compiles with Oniguruma, and every
  `include` points at an existing repository rule;
- babi picks the grammar for a `.stave` file name (fileTypes);
- with each engine: each caret assertion of Tests/editors/samples/*.stave (the
  innermost scope that is not `meta.*` must be one of the kind's scopes, see
  stave_assertions.KINDS); nothing outside samples/errors.stave is scoped
  `invalid`; each sample ends with every block closed (babi); each VS Code
  snippet, expanded with its default placeholders, has no `invalid` scope;
- the drum names of the grammar are exactly those of the drum_names sample (and
  of LANGUAGE.md when shared/ is beside the repo).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import stave_assertions as sa  # noqa: E402

import onigurumacffi  # noqa: E402
from babi.highlight import Grammars, highlight_line  # noqa: E402

GRAMMAR = os.path.join(sa.EDITORS, "vscode", "syntaxes", "stave.tmLanguage.json")
SNIPPETS = os.path.join(sa.EDITORS, "vscode", "snippets", "stave.json")


def walk_rules(node, path="$"):
    """Yield (json path, rule dict) for every rule of the grammar."""
    if isinstance(node, dict):
        if any(k in node for k in ("match", "begin", "include", "patterns")):
            yield path, node
        for k, v in node.items():
            yield from walk_rules(v, f"{path}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from walk_rules(v, f"{path}[{i}]")


class Babi:
    name = "babi"

    def __init__(self, grammar_path: str) -> None:
        self._dir = tempfile.mkdtemp(prefix="stave-tm-")
        shutil.copy(grammar_path, os.path.join(self._dir, "source.stave.json"))
        self.grammars = Grammars(self._dir)
        self.compiler = self.grammars.compiler_for_scope("source.stave")
        self.depth = 1

    def close(self) -> None:
        shutil.rmtree(self._dir, ignore_errors=True)

    def scopes(self, lines: list[str]) -> list[list[tuple[str, ...]]]:
        """The scope stack of every character of every line; sets self.depth to the
        number of rules still open after the last line (1: back at the root)."""
        state = self.compiler.root_state
        out = []
        for i, line in enumerate(lines):
            state, regions = highlight_line(self.compiler, state, line + "\n", i == 0)
            per_char: list[tuple[str, ...]] = [()] * (len(line) + 1)
            for r in regions:
                for c in range(r.start, min(r.end, len(line) + 1)):
                    per_char[c] = r.scope
            out.append(per_char[:len(line)])
        self.depth = len(state.entries)
        return out


class TextmateGrammarPython:
    name = "textmate-grammar-python"

    def __init__(self, grammar: dict) -> None:
        # the package makes ./.textmate_cache when imported: import it elsewhere
        self._dir = tempfile.mkdtemp(prefix="stave-tmgp-")
        cwd = os.getcwd()
        os.chdir(self._dir)
        try:
            import logging
            from textmate_grammar.parsers.base import LanguageParser
        finally:
            os.chdir(cwd)
        logging.getLogger("textmate_grammar").setLevel(logging.CRITICAL)
        self.parser = LanguageParser(grammar)
        self.depth = None

    def close(self) -> None:
        shutil.rmtree(self._dir, ignore_errors=True)

    def scopes(self, lines: list[str]) -> list[list[tuple[str, ...]]]:
        out: list[list[tuple[str, ...]]] = [[("source.stave",)] * len(line) for line in lines]
        element = self.parser.parse_string("\n".join(lines) + "\n")
        for (ln, col), text, scopes in (element.flatten() if element else []):
            for i, ch in enumerate(text):
                if ch != "\n" and ln < len(lines) and col + i < len(lines[ln]):
                    out[ln][col + i] = tuple(scopes)
        return out


def innermost(scope: tuple[str, ...]) -> str:
    """The innermost scope that is not a container (meta.*) or the root."""
    for s in reversed(scope):
        if s != "source.stave" and not s.startswith("meta."):
            return s
    return ""


def check_engine(res: sa.Results, tok) -> None:
    tag = f"[{tok.name}]"
    # --- caret assertions over the samples ------------------------------------
    asserted = 0
    for path in sa.sample_paths():
        lines, asserts = sa.parse_assertions(path)
        asserted += len(asserts)
        scopes = tok.scopes(lines)
        name = os.path.basename(path)
        for a in asserts:
            want = sa.KINDS[a.kind][1]
            got = [innermost(scopes[a.line][c]) for c in a.cols]
            if a.negated:
                ok = all(g not in want for g in got) if want else all(g for g in got)
            else:
                ok = all(g in want for g in got) if want else not any(got)
            res.check(ok, f"{tag} {a.describe(lines[a.line])}",
                      f"got {sorted(set(got))}, full stack {scopes[a.line][a.cols[0]]}")
        if name != "errors.stave":
            bad = [(i + 1, c + 1, lines[i][c]) for i, row in enumerate(scopes)
                   for c, sc in enumerate(row) if any(s.startswith("invalid") for s in sc)]
            res.check(not bad, f"{tag} {name}: no invalid scope", f"at (line, col, char) {bad[:5]}")
        if tok.depth is not None:
            res.check(tok.depth == 1, f"{tag} {name}: every block is closed at the end",
                      f"{tok.depth - 1} rule(s) still open")
        res.check(all(sc[:1] == ("source.stave",) for row in scopes for sc in row),
                  f"{tag} {name}: every character is under source.stave")

    res.check(asserted >= sa.MIN_ASSERTIONS, f"{tag} at least {sa.MIN_ASSERTIONS} caret assertions checked",
              f"only {asserted}")

    # --- snippets -------------------------------------------------------------
    snippets = sa.load_snippets(SNIPPETS)
    for key, snip in snippets.items():
        text = sa.wrap_snippet(sa.expand_snippet(snip["body"]))
        lines = text.split("\n")
        scopes = tok.scopes(lines)
        bad = [(lines[i][c], sc) for i, row in enumerate(scopes)
               for c, sc in enumerate(row) if any(s.startswith("invalid") for s in sc)]
        words = sum(1 for row in scopes for sc in row if innermost(sc))
        res.check(not bad and words > 0, f"{tag} snippet {key!r} expands to clean Stave",
                  f"{bad[:3]}\n{text}")


def main() -> int:
    res = sa.Results("textmate")
    with open(GRAMMAR, encoding="utf-8") as f:
        grammar = json.load(f)

    # --- the grammar itself -------------------------------------------------
    res.check(grammar.get("scopeName") == "source.stave", "grammar scopeName is source.stave")
    res.check("stave" in grammar.get("fileTypes", []), "grammar fileTypes lists stave")
    repo = grammar.get("repository", {})
    bad_regex, bad_include, n_regex = [], [], 0
    for path, rule in walk_rules(grammar):
        for key in ("match", "begin", "end", "while"):
            if key in rule:
                n_regex += 1
                try:
                    onigurumacffi.compile(rule[key])
                except Exception as e:  # onigurumacffi.OnigError
                    bad_regex.append(f"{path}.{key}: {e}")
        inc = rule.get("include")
        if inc is not None and inc not in ("$self", "$base"):
            if not (inc.startswith("#") and inc[1:] in repo):
                bad_include.append(f"{path}: {inc}")
    res.check(not bad_regex and n_regex > 40,
              f"all {n_regex} grammar regexes compile with Oniguruma", "; ".join(bad_regex))
    res.check(not bad_include, "every include names a repository rule", "; ".join(bad_include))
    unused = set(repo) - {r["include"][1:] for _, r in walk_rules(grammar)
                          if r.get("include", "").startswith("#")}
    res.check(not unused, "every repository rule is used", ", ".join(sorted(unused)))

    engines = [Babi(GRAMMAR), TextmateGrammarPython(grammar)]
    try:
        res.check(engines[0].grammars.compiler_for_file("song.stave", "title \"x\"\n")
                  is engines[0].compiler, "babi chooses source.stave for song.stave")
        for tok in engines:
            check_engine(res, tok)
    finally:
        for tok in engines:
            tok.close()

    # --- drum names ---------------------------------------------------------
    drum_re = repo["drum-hit"]["match"]
    m = re.search(r"\(((?:[a-z-]+\|)+[a-z-]+)\)", drum_re)
    grammar_drums = sorted(m.group(1).split("|")) if m else []
    sample_drums = sorted(sa.drum_names_from_sample())
    res.check(grammar_drums == sample_drums and len(grammar_drums) == 61,
              f"grammar drum names ({len(grammar_drums)}) = drum_names sample ({len(sample_drums)})",
              f"only grammar: {set(grammar_drums) - set(sample_drums)}, "
              f"only sample: {set(sample_drums) - set(grammar_drums)}")
    spec = sa.drum_names_from_spec()
    if spec is not None:
        res.check(sorted(spec) == grammar_drums, "grammar drum names = LANGUAGE.md table",
                  f"only spec: {set(spec) - set(grammar_drums)}, "
                  f"only grammar: {set(grammar_drums) - set(spec)}")
    return res.finish()


if __name__ == "__main__":
    sys.exit(main())
