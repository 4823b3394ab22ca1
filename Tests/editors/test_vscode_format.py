"""The VS Code extension's formatter (Editors/vscode/extension.js), run in Node.

extension.js is loaded by Node with a small stand-in for the `vscode` module (the editor API
it calls: registering a formatting provider, ranges, text edits, settings, error messages).
The test activates it, finds the provider registered for 'stave', and checks that:
- a messy song gets one edit that replaces the whole text with what `stave fmt` prints;
- a formatted song gets no edit;
- a song with errors gets no edit and one error message naming the line and column;
- a missing program gets no edit and an error message.
Prints "vscode-format: N passed, M failed". Needs node (Debian nodejs).
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
EXTENSION = os.path.join(ROOT, "Editors", "vscode", "extension.js")

FAKE_VSCODE = r"""
const state = { providers: {}, errors: [], settings: {} };
class Position { constructor(offset) { this.offset = offset; } }
class Range { constructor(start, end) { this.start = start; this.end = end; } }
module.exports = {
  __state: state,
  Range,
  TextEdit: { replace: (range, newText) => ({ range, newText }) },
  languages: { registerDocumentFormattingEditProvider: (language, provider) => {
    state.providers[language] = provider; return { dispose() {} }; } },
  workspace: { getConfiguration: (section) => ({ get: (key) => state.settings[section + '.' + key] }) },
  window: { showErrorMessage: (message) => { state.errors.push(message); } },
};
"""

HARNESS = r"""
const vscode = require('vscode');
const extension = require(process.argv[2]);
const cases = JSON.parse(require('fs').readFileSync(process.argv[3], 'utf8'));
const context = { subscriptions: [] };
extension.activate(context);
const provider = vscode.__state.providers['stave'];
(async () => {
  const results = [];
  for (const c of cases) {
    vscode.__state.settings['stave.path'] = c.program;
    vscode.__state.errors = [];
    const document = { fileName: 'song.stave', getText: () => c.text, positionAt: (offset) => ({ offset }) };
    const edits = provider ? await provider.provideDocumentFormattingEdits(document) : null;
    results.push({ edits: edits && edits.map((e) => ({ start: e.range.start.offset, end: e.range.end.offset, text: e.newText })),
                   errors: vscode.__state.errors, subscriptions: context.subscriptions.length });
  }
  console.log(JSON.stringify(results));
})();
"""

MESSY = 'title  "Messy"\ntrack a {   instrument flute\nphrase {\n[ c e g ]4 c4 ~ c4 d4 | // end\n}\n}\n'
BROKEN = "track a {\n  phrase { c4 q }\n}\n"


def main() -> int:
    node = shutil.which("node") or shutil.which("nodejs")
    stave = os.path.abspath(os.environ.get("STAVE", os.path.join(ROOT, ".build", "debug", "stave")))
    passed = failed = 0

    def check(name: str, ok: bool, detail: str = "") -> None:
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {name}" + (f": {detail}" if detail else ""))

    if not node or not os.access(stave, os.X_OK):
        print(f"vscode-format: needs node ({node}) and a stave binary ({stave})")
        print("vscode-format: 0 passed, 1 failed")
        return 1
    formatted = subprocess.run([stave, "fmt", "-"], input=MESSY.encode(), capture_output=True).stdout.decode()
    check("stave fmt changes the messy song", formatted != MESSY and formatted.startswith('title "Messy"\n'))
    with tempfile.TemporaryDirectory(prefix="stave-vscode-format.") as work:
        os.makedirs(os.path.join(work, "node_modules", "vscode"))
        with open(os.path.join(work, "node_modules", "vscode", "index.js"), "w") as f:
            f.write(FAKE_VSCODE)
        harness = os.path.join(work, "harness.js")
        with open(harness, "w") as f:
            f.write(HARNESS)
        cases = [
            {"program": stave, "text": MESSY},
            {"program": stave, "text": formatted},
            {"program": stave, "text": BROKEN},
            {"program": os.path.join(work, "no-such-stave"), "text": MESSY},
        ]
        with open(os.path.join(work, "cases.json"), "w") as f:
            json.dump(cases, f)
        env = dict(os.environ, NODE_PATH=os.path.join(work, "node_modules"))
        run = subprocess.run([node, harness, EXTENSION, os.path.join(work, "cases.json")],
                             capture_output=True, text=True, env=env, timeout=60)
        try:
            results = json.loads(run.stdout)
        except ValueError:
            print(f"FAIL node harness: {run.stderr.strip()[:400]}")
            print(f"vscode-format: {passed} passed, {failed + 1} failed")
            return 1
    messy, clean, broken, missing = results
    check("the extension registers one formatting provider", messy["subscriptions"] == 1 and messy["edits"] is not None)
    check("a messy song is replaced by stave fmt's text",
          messy["edits"] == [{"start": 0, "end": len(MESSY), "text": formatted}] and not messy["errors"], json.dumps(messy))
    check("a formatted song gets no edit", clean["edits"] == [] and not clean["errors"], json.dumps(clean))
    check("a song with errors gets no edit", broken["edits"] == [], json.dumps(broken))
    check("the error names its place", len(broken["errors"]) == 1 and "song.stave:2:15" in broken["errors"][0], json.dumps(broken["errors"]))
    check("a missing program gets no edit and a message", missing["edits"] == [] and len(missing["errors"]) == 1, json.dumps(missing))
    print(f"vscode-format: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
