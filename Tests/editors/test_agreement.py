"""Vim and the TextMate grammar must highlight every character the same way.

The caret assertions test chosen columns; this test compares every non-blank
character of every sample: Vim's group (from real Vim, as in test_vim.py) and the
innermost TextMate scope (from both engines of test_textmate.py) are each mapped
back to a token kind with stave_assertions.KINDS (Vim groups through VIM_ALIASES too)
and must name the same kind.
The one intended difference: the repeat count `x7` is staveKeyword in Vim and
keyword.control.count.stave in TextMate.
"""
from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import stave_assertions as sa  # noqa: E402
import test_textmate as tt  # noqa: E402
import test_vim as tv  # noqa: E402

VIM_KIND = {"": "none", "staveTodo": "comment", "staveEscapeError": "error"}
TM_KIND = {"": "none"}
for kind, (group, scopes) in sa.KINDS.items():
    if group:
        VIM_KIND.setdefault(group, kind)
    for s in scopes:
        TM_KIND[s] = kind
for g in sa.VIM_CONTAINERS:
    VIM_KIND[g] = "none"
for g, target in sa.VIM_ALIASES.items():
    VIM_KIND[g] = VIM_KIND[target]
SAME = {("keyword", "count")}


def main() -> int:
    res = sa.Results("agreement")
    vim = os.environ.get("STAVE_VIM") or shutil.which("vim")
    if not vim:
        res.check(False, "vim is installed")
        return res.finish()
    files = sa.sample_paths()
    work = tempfile.mkdtemp(prefix="stave-agree-")
    with open(tt.GRAMMAR, encoding="utf-8") as f:
        grammar = json.load(f)
    engines = [tt.Babi(tt.GRAMMAR), tt.TextmateGrammarPython(grammar)]
    try:
        vim_result = tv.run_vim(vim, files, True, work)
        for path in files:
            name = os.path.basename(path)
            with open(path, encoding="utf-8") as f:
                lines = f.read().split("\n")
            r = vim_result.get(path, {})
            if not res.check("names" in r, f"{name}: vim result", r.get("error", "")):
                continue
            vim_names = tv.char_names(lines, r["names"])
            for eng in engines:
                scopes = eng.scopes(lines)
                diffs = []
                for i, line in enumerate(lines):
                    for c, ch in enumerate(line):
                        if ch.isspace():
                            continue
                        g = vim_names[i][c]
                        s = tt.innermost(scopes[i][c])
                        vk = VIM_KIND.get(g, g)
                        tk = TM_KIND.get(s, s)
                        if vk != tk and (vk, tk) not in SAME:
                            diffs.append(f"{i + 1}:{c + 1} {ch!r} vim {g or '-'} / "
                                         f"textmate {s or '-'}")
                res.check(not diffs, f"{name}: Vim and {eng.name} agree on every character",
                          f"{len(diffs)} differences, first: " + "; ".join(diffs[:4]))
    finally:
        for eng in engines:
            eng.close()
        shutil.rmtree(work, ignore_errors=True)
    return res.finish()


if __name__ == "__main__":
    sys.exit(main())
