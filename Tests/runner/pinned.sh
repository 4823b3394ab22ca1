# Sourced by the test parts that need Python packages from PyPI.
#
# install_pinned NAME REQUIREMENTS DIR: `pip install --no-deps --target DIR` of the pinned
# packages of REQUIREMENTS (a complete list: no dependency is resolved), once per content of
# that file (a copy kept as DIR/.requirements.txt says what is installed). Prints what it does
# prefixed with "NAME: "; returns 1, with the end of pip's log, when pip fails. Needs $PY.
install_pinned() {
  local name="$1" requirements="$2" dir="$3" began=$SECONDS
  cmp -s "$requirements" "$dir/.requirements.txt" && return 0
  echo "$name: installing $(grep -c '==' "$requirements") pinned packages into $dir"
  rm -rf "$dir"
  mkdir -p "$dir"
  if "${PY:-python3}" -m pip install --quiet --disable-pip-version-check --no-input --no-deps \
       --prefer-binary --target "$dir" -r "$requirements" >"$dir.log" 2>&1; then
    cp "$requirements" "$dir/.requirements.txt"
    echo "$name: installed in $((SECONDS - began)) s"
  else
    echo "$name: pip install failed:"; tail -n 20 "$dir.log"
    return 1
  fi
}
