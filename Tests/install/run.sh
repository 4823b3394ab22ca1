#!/usr/bin/env bash
# The install as a user runs it: `install.sh` builds a static release binary from this tree and
# installs it, its man page and its bash completion into a temporary PREFIX; the installed
# `stave` must report its version and compile Examples/ode-to-joy.stave; the man page must
# render with no groff warnings; and the man page, each command's --help and README.md must
# agree (every command, every option, every usage line).
#
#   bash Tests/install/run.sh        # ends with the line: N passed, M failed
#
# Exits non-zero on any failure (details on standard error). Needs groff; installs it with
# apt-get when it is missing and the script runs as root. The first run builds the release
# binary, which takes a few minutes.
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
PREFIX="$WORK/prefix"
PASSED=0
FAILED=0
pass() { PASSED=$((PASSED + 1)); }
fail() { FAILED=$((FAILED + 1)); echo "install: FAIL: $*" >&2; }
check() { # check DESCRIPTION COMMAND...: passes when the command succeeds
    local what="$1"; shift
    if "$@"; then pass; else fail "$what"; fi
}

# 1. install.sh into a fresh PREFIX.
if PREFIX="$PREFIX" bash "$ROOT/install.sh" > "$WORK/install.log" 2>&1; then
    pass
else
    fail "install.sh exited with $? (last lines of its output follow)"
    tail -20 "$WORK/install.log" >&2
fi
STAVE="$PREFIX/bin/stave"
check "the binary is installed and executable" test -x "$STAVE"
check "the man page is installed" test -f "$PREFIX/share/man/man1/stave.1"
check "the bash completion is installed" test -f "$PREFIX/share/bash-completion/completions/stave"
if command -v ldd > /dev/null && [ -x "$STAVE" ]; then
    check "the binary is static (ldd: $(ldd "$STAVE" 2>&1 | head -1))" bash -c "ldd '$STAVE' 2>&1 | grep -q -e 'not a dynamic executable' -e 'statically linked'"
fi

# 2. The installed binary works.
VERSION="$(sed -n 's/^ *static let version = "\(.*\)"$/\1/p' "$ROOT/Sources/stave/main.swift")"
check "'stave --version' prints 'stave $VERSION'" test "$("$STAVE" --version 2>&1)" = "stave $VERSION"
cp "$ROOT/Examples/ode-to-joy.stave" "$WORK/ode-to-joy.stave"
if (cd "$WORK" && "$STAVE" compile ode-to-joy.stave > "$WORK/compile.out" 2> "$WORK/compile.err"); then pass; else fail "compiling ode-to-joy.stave: $(cat "$WORK/compile.err")"; fi
check "ode-to-joy.mid is a MIDI file" test "$(head -c 4 "$WORK/ode-to-joy.mid" 2>/dev/null)" = "MThd"
check "the summary line (got: $(cat "$WORK/compile.err"))" test "$(cat "$WORK/compile.err")" = "wrote ode-to-joy.mid — 3 tracks, 117 notes, 0:16, 8 bars"
check "nothing on standard output" test ! -s "$WORK/compile.out"
check "the same bytes through a pipe" bash -c "'$STAVE' compile - -o - < '$WORK/ode-to-joy.stave' | cmp -s - '$WORK/ode-to-joy.mid'"
check "the installed completion loads into bash" test "$(bash --norc -c "source '$PREFIX/share/bash-completion/completions/stave' && complete -p stave")" = "complete -F _stave stave"
if command -v man > /dev/null; then
    check "man finds the installed page" bash -c "MANPATH='$PREFIX/share/man' man -w stave 2>/dev/null | grep -q '$PREFIX/share/man/man1/stave.1'"
fi
# --prefix DIR works as PREFIX does (the build is already done).
if bash "$ROOT/install.sh" --prefix "$WORK/other" > "$WORK/install2.log" 2>&1 && test -x "$WORK/other/bin/stave"; then pass; else fail "install.sh --prefix"; tail -5 "$WORK/install2.log" >&2; fi
check "install.sh refuses an unknown argument with status 2" bash -c "bash '$ROOT/install.sh' --bogus > /dev/null 2>&1; test \$? -eq 2"

# 3. The man page renders without warnings.
if ! command -v groff > /dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
        apt-get install -y groff > "$WORK/apt.log" 2>&1 || (apt-get update > /dev/null 2>&1 && apt-get install -y groff > "$WORK/apt.log" 2>&1)
    fi
fi
if command -v groff > /dev/null; then
    groff -ww -man -Tutf8 "$ROOT/stave.1" > "$WORK/man.txt" 2> "$WORK/groff.err"
    check "groff -ww -man -Tutf8 stave.1 prints no warnings: $(head -3 "$WORK/groff.err")" test ! -s "$WORK/groff.err"
    check "the man page has every section" bash -c "for s in NAME SYNOPSIS DESCRIPTION COMMANDS OPTIONS 'EXIT STATUS' ENVIRONMENT FILES EXAMPLES 'SEE ALSO'; do grep -q \"^\\.SH \\\"\\?\$s\" '$ROOT/stave.1' || { echo \"missing \$s\" >&2; exit 1; }; done"
else
    fail "groff is not installed and could not be installed (apt-get install -y groff)"
fi

# 4. Man page, --help and README agree.
if [ -x "$STAVE" ]; then
    commands="$("$STAVE" completions bash | sed -n 's/.*compgen -W "\([a-z ]*\) --help --version".*/\1/p')"
    # The loop below must run over every command, or it proves nothing.
    check "the completion script lists at least 7 commands: '$commands'" test "$(wc -w <<< "$commands")" -ge 7
    options_seen=0
    for command in $commands; do
        help="$("$STAVE" help "$command")"
        usage="$(printf '%s\n' "$help" | sed -n 's/^USAGE: //p')"
        check "README shows the usage line '$usage'" grep -qF -- "$usage" "$ROOT/README.md"
        check "the general help lists '$command'" bash -c "'$STAVE' --help | grep -q '^  stave $command'"
        check "the man page's SYNOPSIS has '$command'" grep -q "^\.B stave $command" "$ROOT/stave.1"
        for option in $(printf '%s\n' "$help" | sed -n '/^OPTIONS:/,/^$/p' | grep -oE '^ +(-[a-zA-Z], )?--[a-z-]+' | grep -oE -- '-{1,2}[a-z-]+'); do
            roff="$(printf '%s' "$option" | sed 's/-/\\-/g')"
            check "the man page describes '$command $option'" grep -qF -- "$roff" "$ROOT/stave.1"
            options_seen=$((options_seen + 1))
        done
    done
    check "the commands' help lists at least 20 options in all ($options_seen)" test "$options_seen" -ge 20
fi

# The last line is the summary the test runner reads (Tests/runner/parts.sh).
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
