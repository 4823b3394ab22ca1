#!/usr/bin/env bash
# Builds a static release binary of stave and installs it, with its man page and bash
# completion, under PREFIX (default ~/.local):
#   PREFIX/bin/stave
#   PREFIX/share/man/man1/stave.1
#   PREFIX/share/bash-completion/completions/stave
#
#   bash install.sh                      # into ~/.local
#   PREFIX=/usr/local bash install.sh    # anywhere else
#   bash install.sh --prefix DIR         # the same
#
# The build is `swift build -c release --static-swift-stdlib -Xswiftc -static-executable`: a
# fully static binary that needs no Swift runtime where it is installed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PREFIX="${PREFIX:-$HOME/.local}"
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a directory" >&2; exit 2; }; PREFIX="$2"; shift 2;;
        --prefix=*) PREFIX="${1#--prefix=}"; shift;;
        -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0;;
        *) echo "install.sh: unknown argument '$1' (use PREFIX=DIR or --prefix DIR)" >&2; exit 2;;
    esac
done

FLAGS=(-c release --static-swift-stdlib -Xswiftc -static-executable)
cd "$ROOT"
echo "building: swift build ${FLAGS[*]} --product stave"
swift build "${FLAGS[@]}" --product stave
BINARY="$(swift build "${FLAGS[@]}" --show-bin-path)/stave"

install -d "$PREFIX/bin" "$PREFIX/share/man/man1" "$PREFIX/share/bash-completion/completions"
install -m 755 "$BINARY" "$PREFIX/bin/stave"
install -m 644 "$ROOT/stave.1" "$PREFIX/share/man/man1/stave.1"
"$PREFIX/bin/stave" completions bash > "$PREFIX/share/bash-completion/completions/stave"

echo "installed $("$PREFIX/bin/stave" --version | tr -d '\n') to $PREFIX/bin/stave"
echo "          the man page to $PREFIX/share/man/man1/stave.1"
echo "          bash completion to $PREFIX/share/bash-completion/completions/stave"
case ":$PATH:" in
    *":$PREFIX/bin:"*) ;;
    *) echo "note: $PREFIX/bin is not on your PATH; add it, e.g. in ~/.profile: export PATH=\"$PREFIX/bin:\$PATH\"";;
esac
