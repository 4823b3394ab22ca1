"""Check the VS Code extension folder (Editors/vscode) the way VS Code reads it.

- package.json: a valid manifest whose contributions (language, grammar, snippets)
  point to files that exist and agree with each other;
- language-configuration.json: comments, brackets, auto-closing and surrounding
  pairs, and its regular expressions compile and split Stave words sensibly;
- snippets/stave.json: every snippet has a prefix, a body and a description; the
  song, header, track, drums, phrase, repeat and sync snippets exist, and the Stave 2
  lyrics and grace snippets; tab stops
  are well formed;
- the Vim plugin files exist (their behaviour is tested by test_vim.py).
"""
from __future__ import annotations

import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import stave_assertions as sa  # noqa: E402

VSCODE = os.path.join(sa.EDITORS, "vscode")


def load(res: sa.Results, path: str):
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        res.check(False, f"{os.path.relpath(path, sa.REPO)} is valid JSON", str(e))
        return None
    res.check(True, f"{os.path.relpath(path, sa.REPO)} is valid JSON")
    return data


def main() -> int:
    res = sa.Results("vscode-package")
    pkg = load(res, os.path.join(VSCODE, "package.json"))
    if pkg is None:
        return res.finish()

    res.check(re.fullmatch(r"[a-z0-9][a-z0-9-]*", pkg.get("name", "")) is not None,
              "package.json: name is lowercase", repr(pkg.get("name")))
    res.check(re.fullmatch(r"\d+\.\d+\.\d+", pkg.get("version", "")) is not None,
              "package.json: version is semver", repr(pkg.get("version")))
    res.check(bool(pkg.get("publisher")), "package.json: has a publisher")
    res.check("vscode" in pkg.get("engines", {}), "package.json: engines.vscode is set")
    res.check(os.path.exists(os.path.join(VSCODE, "README.md")), "vscode/README.md exists")

    contrib = pkg.get("contributes", {})
    langs = contrib.get("languages", [])
    lang = next((x for x in langs if x.get("id") == "stave"), None)
    res.check(lang is not None, "contributes.languages has id 'stave'")
    lang = lang or {}
    res.check(".stave" in lang.get("extensions", []), "language 'stave' claims .stave files")
    conf_path = os.path.join(VSCODE, lang.get("configuration", "<none>"))
    res.check(os.path.isfile(conf_path), "language configuration file exists", conf_path)

    grammars = contrib.get("grammars", [])
    gr = next((x for x in grammars if x.get("language") == "stave"), None)
    res.check(gr is not None and gr.get("scopeName") == "source.stave",
              "contributes.grammars: language stave, scopeName source.stave", repr(gr))
    gr = gr or {}
    gpath = os.path.join(VSCODE, gr.get("path", "<none>"))
    if res.check(os.path.isfile(gpath), "grammar file exists", gpath):
        grammar = load(res, gpath)
        if grammar is not None:
            res.check(grammar.get("scopeName") == gr.get("scopeName"),
                      "grammar scopeName matches package.json", repr(grammar.get("scopeName")))
            res.check(isinstance(grammar.get("patterns"), list) and grammar["patterns"],
                      "grammar has top-level patterns")

    snips = contrib.get("snippets", [])
    sn = next((x for x in snips if x.get("language") == "stave"), None)
    res.check(sn is not None, "contributes.snippets for language stave")
    spath = os.path.join(VSCODE, (sn or {}).get("path", "<none>"))
    snippets = None
    if res.check(os.path.isfile(spath), "snippets file exists", spath):
        snippets = load(res, spath)

    # --- language configuration ------------------------------------------------
    if os.path.isfile(conf_path):
        conf = load(res, conf_path) or {}
        com = conf.get("comments", {})
        res.check(com.get("lineComment") == "//", "configuration: line comment //")
        res.check(com.get("blockComment") == ["/*", "*/"], "configuration: block comment /* */")
        brackets = {tuple(b) for b in conf.get("brackets", [])}
        res.check({("[", "]"), ("{", "}"), ("(", ")")} <= brackets,
                  "configuration: brackets [] {} ()", repr(brackets))
        auto = {(p.get("open"), p.get("close")) for p in conf.get("autoClosingPairs", [])}
        res.check({("[", "]"), ("{", "}"), ("(", ")"), ('"', '"')} <= auto,
                  "configuration: autoClosingPairs [] {} () and quotes", repr(auto))
        sur = {tuple(p) for p in conf.get("surroundingPairs", [])}
        res.check({("[", "]"), ("{", "}"), ("(", ")"), ('"', '"')} <= sur,
                  "configuration: surroundingPairs [] {} () and quotes", repr(sur))
        word = conf.get("wordPattern")
        try:
            wre = re.compile(word)
            words = [m.group(0) for m in wre.finditer(
                "instrument acoustic-grand-piano kick8 open-hat f#4. !mf v90 tempo 92.5 !< Am7")]
            res.check(words == ["instrument", "acoustic-grand-piano", "kick8", "open-hat",
                                "f#4", "!mf", "v90", "tempo", "92.5", "!<", "Am7"],
                      "configuration: wordPattern splits Stave words", repr(words))
        except (re.error, TypeError) as e:
            res.check(False, "configuration: wordPattern compiles", str(e))
        ind = conf.get("indentationRules", {})
        try:
            inc = re.compile(ind["increaseIndentPattern"])
            dec = re.compile(ind["decreaseIndentPattern"])
            res.check(bool(inc.match('track lead "Melody" {')) and not inc.match("  phrase { c d }")
                      and bool(dec.match("  }")) and not dec.match("  c d e"),
                      "configuration: indentation rules follow braces")
        except (KeyError, re.error) as e:
            res.check(False, "configuration: indentation rules compile", str(e))

    # --- snippets ----------------------------------------------------------------
    if snippets is not None:
        prefixes = {s.get("prefix") for s in snippets.values()}
        for need in ("song", "header", "track", "drums", "phrase", "repeat", "sync",
                     "lyrics", "grace"):
            res.check(need in prefixes, f"snippet with prefix {need!r}")
        for key, s in snippets.items():
            body = s.get("body")
            text = "\n".join(body) if isinstance(body, list) else body
            ok = (isinstance(s.get("prefix"), str) and isinstance(text, str)
                  and bool(s.get("description")))
            stops = re.findall(r"\$\{?(\d+)", text or "")
            balanced = (text or "").count("${") == len(re.findall(r"\$\{\d+[:|}]", text or ""))
            res.check(ok and balanced and stops.count("0") <= 1,
                      f"snippet {key!r}: prefix, body, description, well-formed tab stops")

    # --- the Vim plugin files --------------------------------------------------
    for rel in ("ftdetect/stave.vim", "syntax/stave.vim", "ftplugin/stave.vim", "README.md"):
        res.check(os.path.isfile(os.path.join(sa.EDITORS, "vim", rel)), f"vim/{rel} exists")
    res.check(os.path.isfile(os.path.join(sa.EDITORS, "README.md")), "Editors/README.md exists")
    return res.finish()


if __name__ == "__main__":
    sys.exit(main())
