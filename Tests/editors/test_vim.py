"""Run real Vim on the samples and check its syntax groups, filetype detection
and ftplugin settings.

Vim runs as `vim -Nu NONE -i NONE -n -es` with Editors/vim first on 'runtimepath',
`filetype plugin on` and `syntax on`; it opens each file, which must get
filetype=stave from ftdetect/stave.vim, and writes, for every character, the
name of `synID(line, col, 1)` to a JSON file that this script then checks:
- each caret assertion of Tests/editors/samples/*.stave (the group must be the
  kind's group of stave_assertions.KINDS, or a group that VIM_ALIASES counts as it,
  such as staveLyricsRef for stavePhraseRef; "none" accepts no group or a region
  that only holds other items);
- no staveError outside samples/errors.stave;
- b:current_syntax, commentstring, comments, matchpairs, iskeyword, and that
  b:undo_ftplugin restores them when the filetype changes;
- a control run without Editors/vim does not call a .stave file stave;
- each VS Code snippet, expanded, shows no staveError;
- the drum names of syntax/stave.vim are those of the drum_names sample;
- each Vim group of stave_assertions.VIM_ALIASES is linked to the group it stands for.

Set STAVE_VIM to choose the Vim binary (default: vim on PATH).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import stave_assertions as sa  # noqa: E402

VIM_DIR = os.path.join(sa.EDITORS, "vim")
SNIPPETS = os.path.join(sa.EDITORS, "vscode", "snippets", "stave.json")

VIM_SCRIPT = r"""
set nocompatible
let s:input = json_decode(join(readfile(%(input)s), "\n"))
if s:input.with_plugin
  let &runtimepath = %(vimdir)s . ',' . &runtimepath . ',' . %(vimdir)s . '/after'
endif
filetype plugin on
syntax on
let s:out = {}
for s:file in s:input.files
  let s:res = {}
  try
    execute 'edit ' . fnameescape(s:file)
    let s:res.filetype = &filetype
    let s:res.syntax = get(b:, 'current_syntax', '')
    let s:res.commentstring = &l:commentstring
    let s:res.comments = &l:comments
    let s:res.matchpairs = &l:matchpairs
    let s:res.iskeyword = &l:iskeyword
    let s:res.undo = get(b:, 'undo_ftplugin', '')
    let s:res.names = []
    for s:l in range(1, line('$'))
      let s:row = []
      for s:c in range(1, col([s:l, '$']) - 1)
        call add(s:row, synIDattr(synID(s:l, s:c, 1), 'name'))
      endfor
      call add(s:res.names, s:row)
    endfor
    " changing the filetype runs b:undo_ftplugin
    setlocal filetype=nosuchfiletype
    let s:res.after_undo = {'commentstring': &l:commentstring, 'matchpairs': &l:matchpairs,
          \ 'iskeyword': &l:iskeyword, 'global_matchpairs': &g:matchpairs,
          \ 'global_commentstring': &g:commentstring, 'global_iskeyword': &g:iskeyword}
  catch
    let s:res.error = v:exception . ' at ' . v:throwpoint
  endtry
  let s:out[s:file] = s:res
  silent! bwipeout!
endfor
call writefile([json_encode(s:out)], %(output)s)
qall!
"""


def vim_string(s: str) -> str:
    return "'" + s.replace("'", "''") + "'"


def run_vim(vim: str, files: list[str], with_plugin: bool, work: str) -> dict:
    inp = os.path.join(work, "input.json")
    out = os.path.join(work, "output.json")
    script = os.path.join(work, "run.vim")
    with open(inp, "w", encoding="utf-8") as f:
        json.dump({"files": files, "with_plugin": 1 if with_plugin else 0}, f)
    with open(script, "w", encoding="utf-8") as f:
        f.write(VIM_SCRIPT % {"input": vim_string(inp), "output": vim_string(out),
                              "vimdir": vim_string(VIM_DIR)})
    if os.path.exists(out):
        os.remove(out)
    env = dict(os.environ, HOME=work, VIMINIT="", EXINIT="")
    proc = subprocess.run([vim, "-Nu", "NONE", "-i", "NONE", "-n", "-es", "-S", script],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=300, env=env, cwd=work)
    if not os.path.exists(out):
        raise RuntimeError(f"vim wrote no result (exit {proc.returncode}):\n"
                           f"{proc.stdout}\n{proc.stderr}")
    with open(out, encoding="utf-8") as f:
        return json.load(f)


def char_names(lines: list[str], names: list[list[str]]) -> list[list[str]]:
    """Map Vim's per-byte group names to per-character names."""
    out = []
    for i, line in enumerate(lines):
        row = names[i] if i < len(names) else []
        per_char = []
        byte = 0
        for ch in line:
            per_char.append(row[byte] if byte < len(row) else "?")
            byte += len(ch.encode("utf-8"))
        out.append(per_char)
    return out


def vim_drum_names() -> list[str]:
    with open(os.path.join(VIM_DIR, "syntax", "stave.vim"), encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"let s:drums = ''\n((?:\s*\\ \. '[^']*'\n)+)", text)
    if not m:
        return []
    joined = "".join(re.findall(r"'([^']*)'", m.group(1)))
    return [n for n in joined.split("\\|") if n]


def main() -> int:
    res = sa.Results("vim")
    vim = os.environ.get("STAVE_VIM") or shutil.which("vim")
    if not vim:
        print("vim not found (install the Debian package vim)")
        res.check(False, "vim is installed")
        return res.finish()
    version = subprocess.run([vim, "--version"], capture_output=True, text=True).stdout
    res.check("+syntax" in version, f"{vim} has +syntax", version.splitlines()[0] if version else "")
    if os.environ.get("STAVE_EDITORS_VERBOSE") == "1":
        print("  using " + version.splitlines()[0])

    work = tempfile.mkdtemp(prefix="stave-vim-")
    try:
        samples = sa.sample_paths()
        # expanded snippets, each in its own .stave file
        snippets = sa.load_snippets(SNIPPETS)
        snippet_files = {}
        for i, (key, snip) in enumerate(snippets.items()):
            p = os.path.join(work, f"snippet{i}.stave")
            with open(p, "w", encoding="utf-8") as f:
                f.write(sa.wrap_snippet(sa.expand_snippet(snip["body"])) + "\n")
            snippet_files[p] = key

        result = run_vim(vim, samples + list(snippet_files), True, work)
        control = run_vim(vim, [samples[0]], False, work)

        asserted = 0
        for path in samples:
            name = os.path.basename(path)
            r = result.get(path, {})
            if not res.check("error" not in r and "names" in r, f"{name}: vim opened it",
                             r.get("error", "no result")):
                continue
            res.check(r["filetype"] == "stave", f"{name}: ftdetect sets filetype=stave",
                      f"filetype={r['filetype']!r}")
            res.check(r["syntax"] == "stave", f"{name}: b:current_syntax is stave",
                      f"got {r['syntax']!r}")
            lines, asserts = sa.parse_assertions(path)
            asserted += len(asserts)
            names = char_names(lines, r["names"])
            for a in asserts:
                want = sa.KINDS[a.kind][0]
                got = [names[a.line][c] for c in a.cols]
                got = ["" if g in sa.VIM_CONTAINERS else sa.VIM_ALIASES.get(g, g) for g in got]
                ok = all(g != want for g in got) if a.negated else all(g == want for g in got)
                res.check(ok, a.describe(lines[a.line]), f"got {sorted(set(got))}")
            if name != "errors.stave":
                bad = [(i + 1, c + 1, lines[i][c]) for i, row in enumerate(names)
                       for c, g in enumerate(row) if g in ("staveError", "staveEscapeError")]
                res.check(not bad, f"{name}: no staveError", f"at (line, col, char) {bad[:5]}")

        res.check(asserted >= sa.MIN_ASSERTIONS, f"at least {sa.MIN_ASSERTIONS} caret assertions checked",
                  f"only {asserted}")

        # ftplugin settings, checked on the first sample
        r = result.get(samples[0], {})
        if "error" not in r and "commentstring" in r:
            res.check(r["commentstring"] == "// %s", "ftplugin: commentstring is '// %s'",
                      repr(r["commentstring"]))
            res.check(r["matchpairs"] == "(:),[:],{:}", "ftplugin: matchpairs is (:),[:],{:}",
                      repr(r["matchpairs"]))
            res.check("://" in r["comments"].split(",") and "s1:/*" in r["comments"],
                      "ftplugin: comments knows // and /* */", repr(r["comments"]))
            res.check(r["iskeyword"].endswith(",-"), "ftplugin: '-' is a keyword character",
                      repr(r["iskeyword"]))
            u = r.get("after_undo", {})
            res.check(bool(r["undo"]) and u.get("commentstring") == u.get("global_commentstring")
                      and u.get("matchpairs") == u.get("global_matchpairs")
                      and u.get("iskeyword") == u.get("global_iskeyword"),
                      "ftplugin: b:undo_ftplugin restores the settings", repr(u))
        c = control.get(samples[0], {})
        res.check(c.get("filetype", "?") != "stave" and c.get("syntax", "?") != "stave",
                  "control: without Editors/vim a .stave file is not stave",
                  f"filetype={c.get('filetype')!r}")

        for p, key in snippet_files.items():
            r = result.get(p, {})
            rows = r.get("names", [])
            bad = [g for row in rows for g in row if g in ("staveError", "staveEscapeError")]
            colored = [g for row in rows for g in row if g and g not in sa.VIM_CONTAINERS]
            res.check("error" not in r and rows and not bad and colored,
                      f"snippet {key!r} expands to clean Stave", f"{len(bad)} error chars")
    finally:
        shutil.rmtree(work, ignore_errors=True)

    # a group that stands for another (stave_assertions.VIM_ALIASES) looks the same
    with open(os.path.join(VIM_DIR, "syntax", "stave.vim"), encoding="utf-8") as f:
        links = dict(re.findall(r"^hi def link (\w+)\s+(\w+)", f.read(), re.M))
    for alias, target in sa.VIM_ALIASES.items():
        res.check(links.get(alias) == target, f"syntax/stave.vim links {alias} to {target}",
                  f"linked to {links.get(alias)!r}")

    drums = sorted(vim_drum_names())
    sample = sorted(sa.drum_names_from_sample())
    res.check(drums == sample and len(drums) == 61,
              f"syntax/stave.vim drum names ({len(drums)}) = drum_names sample ({len(sample)})",
              f"only vim: {set(drums) - set(sample)}, only sample: {set(sample) - set(drums)}")
    return res.finish()


if __name__ == "__main__":
    sys.exit(main())
