"""Real Vim formats Stave songs with `stave fmt` through Editors/vim/ftplugin/stave.vim.

Vim runs headless (`vim -Nu NONE -i NONE -n -es`) with Editors/vim on 'runtimepath' and
g:stave_command set to the stave binary (STAVE, default .build/debug/stave), and checks:
- :StaveFmt on a messy song leaves the buffer equal to what `stave fmt` prints;
- gggqG (gq over the whole buffer, through 'formatexpr') does the same;
- on a song with errors the buffer is unchanged and the quickfix list holds the error
  with its line and column;
- gq over part of the buffer is left to Vim (the song is not replaced);
- :StaveFmt with no stave program says so and changes nothing.
Prints "vim-format: N passed, M failed".
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
VIM_DIR = os.path.join(ROOT, "Editors", "vim")

MESSY = 'title  "Messy"\ntrack a {   instrument flute\nphrase {\n[ c e g ]4 c4 ~ c4 d4 | // end\n}\n}\n'
BROKEN = "track a {\n  phrase { c4 q }\n}\n"

SCRIPT = r"""
set nocompatible
let &runtimepath = %(vimdir)s . ',' . &runtimepath
filetype plugin on
let g:stave_command = %(stave)s
execute 'edit ' . fnameescape(%(file)s)
let s:result = {'filetype': &filetype}
try
  %(action)s
catch
  let s:result.error = v:exception
endtry
let s:result.lines = getline(1, '$')
let s:result.quickfix = map(getqflist(), {_, i -> [i.lnum, i.col, i.text]})
let s:result.messages = execute('messages')
call writefile([json_encode(s:result)], %(output)s)
qall!
"""


def vim_string(s: str) -> str:
    return "'" + s.replace("'", "''") + "'"


def run(vim: str, stave: str, text: str, action: str, work: str) -> dict:
    song = os.path.join(work, "song.stave")
    out = os.path.join(work, "out.json")
    with open(song, "w", encoding="utf-8") as f:
        f.write(text)
    script = os.path.join(work, "script.vim")
    with open(script, "w", encoding="utf-8") as f:
        f.write(SCRIPT % {"vimdir": vim_string(VIM_DIR), "stave": vim_string(stave), "file": vim_string(song),
                          "action": action, "output": vim_string(out)})
    if os.path.exists(out):
        os.remove(out)
    subprocess.run([vim, "-Nu", "NONE", "-i", "NONE", "-n", "-es", "-S", script],
                   stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
    with open(out, encoding="utf-8") as f:
        return json.load(f)


def main() -> int:
    vim = os.environ.get("STAVE_VIM") or shutil.which("vim")
    stave = os.path.abspath(os.environ.get("STAVE", os.path.join(ROOT, ".build", "debug", "stave")))
    passed = failed = 0

    def check(name: str, ok: bool, detail: str = "") -> None:
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {name}" + (f": {detail}" if detail else ""))

    if not vim or not os.access(stave, os.X_OK):
        print(f"vim-format: needs vim ({vim}) and a stave binary ({stave})")
        print("vim-format: 0 passed, 1 failed")
        return 1
    expected = subprocess.run([stave, "fmt", "-"], input=MESSY.encode(), capture_output=True).stdout.decode()
    check("stave fmt changes the messy song", expected != MESSY and expected.startswith('title "Messy"\n'), expected)
    with tempfile.TemporaryDirectory(prefix="stave-vim-format.") as work:
        r = run(vim, stave, MESSY, "StaveFmt", work)
        check(":StaveFmt filetype", r["filetype"] == "stave", r.get("filetype", ""))
        check(":StaveFmt formats the buffer", "\n".join(r["lines"]) + "\n" == expected, json.dumps(r["lines"]))
        r = run(vim, stave, MESSY, "normal! gggqG", work)
        check("gggqG formats the buffer", "\n".join(r["lines"]) + "\n" == expected, json.dumps(r["lines"]))
        r = run(vim, stave, BROKEN, "StaveFmt", work)
        check("errors leave the buffer as it was", "\n".join(r["lines"]) + "\n" == BROKEN, json.dumps(r["lines"]))
        check("errors go to the quickfix list", [q[:2] for q in r["quickfix"]] == [[2, 15]], json.dumps(r["quickfix"]))
        check("the quickfix entry says what is wrong", any("found 'q'" in q[2] for q in r["quickfix"]), json.dumps(r["quickfix"]))
        r = run(vim, stave, BROKEN, "normal! gggqG", work)
        check("gggqG on errors leaves the buffer", "\n".join(r["lines"]) + "\n" == BROKEN, json.dumps(r["lines"]))
        r = run(vim, stave, MESSY, "normal! 4Ggqq", work)
        check("gq on one line is Vim's own", r["lines"][0] == 'title  "Messy"' and len(r["lines"]) == len(MESSY.splitlines()), json.dumps(r["lines"]))
        r = run(vim, os.path.join(work, "no-such-stave"), MESSY, "StaveFmt", work)
        check("a missing program changes nothing", "\n".join(r["lines"]) + "\n" == MESSY, json.dumps(r["lines"]))
        check("a missing program is named", "cannot run" in r["messages"], r["messages"])
        r = run(vim, stave, MESSY, "setlocal filetype=text | let s:result.has_command = exists(':StaveFmt') | let s:result.fex = &l:formatexpr", work)
        check("changing the filetype undoes the command and formatexpr", r.get("has_command") == 0 and r.get("fex") == "", json.dumps(r))
    print(f"vim-format: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
