"""The VS Code extension's language-client path (Editors/vscode/extension.js), in Node.

npm is not reachable from the project's machines, so `vscode-languageclient` is replaced by a
stand-in with the same entry point (`LanguageClient(id, name, serverOptions, clientOptions)`,
`start()`, `stop()`) that does what the real one does first: it spawns the server from the
extension's serverOptions and speaks LSP to it over stdio (initialize, didOpen, the published
diagnostics, a hover, shutdown, exit). So the test checks that the settings the extension
passes start a working `stave lsp`, that it serves Stave documents, that no second formatter
is registered while the client runs, that `stave.languageServer.enabled: false` falls back to
the `stave fmt` formatter, and that the extension loads without the library at all."""
import json
import os
import shutil
import subprocess


from conftest import ROOT, STAVE

EXTENSION = ROOT / "Editors" / "vscode" / "extension.js"

FAKE_VSCODE = r"""
const state = { providers: {}, settings: {}, errors: [] };
module.exports = {
  __state: state,
  Range: class { constructor(start, end) { this.start = start; this.end = end; } },
  TextEdit: { replace: (range, newText) => ({ range, newText }) },
  languages: { registerDocumentFormattingEditProvider: (language, provider) => {
    state.providers[language] = provider; return { dispose() {} }; } },
  workspace: { getConfiguration: (section) => ({ get: (key) => state.settings[section + '.' + key] }) },
  window: { showErrorMessage: (message) => { state.errors.push(message); } },
};
"""

# A stand-in for vscode-languageclient/node: spawns the server and runs one short session.
FAKE_CLIENT = r"""
const { spawn } = require('child_process');
const made = [];
class LanguageClient {
  constructor(id, name, serverOptions, clientOptions) {
    Object.assign(this, { id, name, serverOptions, clientOptions });
    made.push(this);
  }
  start() { this.started = true; return Promise.resolve(); }
  stop() { this.stopped = true; return Promise.resolve(); }
  // What the real client does: spawn the executable, then speak LSP on its stdio.
  session(text) {
    const run = this.serverOptions.run;
    const child = spawn(run.command, run.args || [], { stdio: ['pipe', 'pipe', 'inherit'] });
    let buffer = Buffer.alloc(0);
    const waiting = [];
    const messages = [];
    child.stdout.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const length = Number(/Content-Length: *(\d+)/i.exec(buffer.slice(0, end).toString())[1]);
        if (buffer.length < end + 4 + length) return;
        messages.push(JSON.parse(buffer.slice(end + 4, end + 4 + length).toString()));
        buffer = buffer.slice(end + 4 + length);
        while (waiting.length && messages.length) waiting.shift()(messages.shift());
      }
    });
    const next = () => new Promise((resolve) => { if (messages.length) resolve(messages.shift()); else waiting.push(resolve); });
    const send = (message) => { const body = Buffer.from(JSON.stringify(Object.assign({ jsonrpc: '2.0' }, message))); child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`); child.stdin.write(body); };
    const uri = 'file:///tmp/vscode/song.stave';
    return (async () => {
      const result = {};
      send({ id: 1, method: 'initialize', params: { processId: process.pid, rootUri: null, capabilities: {} } });
      result.initialize = (await next()).result.capabilities;
      send({ method: 'initialized', params: {} });
      send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: this.clientOptions.documentSelector[0].language, version: 1, text } } });
      result.published = (await next()).params;
      send({ id: 2, method: 'textDocument/hover', params: { textDocument: { uri }, position: { line: 2, character: 13 } } });
      result.hover = (await next()).result;
      send({ id: 3, method: 'shutdown' });
      result.shutdown = await next();
      send({ method: 'exit' });
      result.exitCode = await new Promise((resolve) => child.on('exit', (code) => resolve(code)));
      return result;
    })();
  }
}
module.exports = { LanguageClient, __made: made };
"""

HARNESS = r"""
const vscode = require('vscode');
const settings = JSON.parse(process.argv[3]);
Object.assign(vscode.__state.settings, settings);
let library = null;
try { library = require('vscode-languageclient/node'); } catch (error) {}
const extension = require(process.argv[2]);
const context = { subscriptions: [] };
extension.activate(context);
(async () => {
  const client = library ? library.__made[0] : undefined;
  const out = {
    providers: Object.keys(vscode.__state.providers), subscriptions: context.subscriptions.length,
    client: client ? { id: client.id, name: client.name, serverOptions: client.serverOptions,
                       clientOptions: client.clientOptions, started: client.started === true } : null,
  };
  if (client) {
    out.session = await client.session(process.argv[4]);
    await extension.deactivate();
    out.stopped = client.stopped === true;
  }
  console.log(JSON.stringify(out));
})();
"""

SONG = "track lead {\n  instrument flut\n  phrase theme { c d e f | }\n}\n"


def run_extension(tmp_path, settings, with_library=True, path=None):
    node = shutil.which("node") or shutil.which("nodejs")
    assert node, "no node (Tests/lsp/run.sh installs Debian's nodejs)"
    modules = tmp_path / "node_modules"
    (modules / "vscode").mkdir(parents=True)
    (modules / "vscode" / "index.js").write_text(FAKE_VSCODE)
    if with_library:
        (modules / "vscode-languageclient").mkdir()
        (modules / "vscode-languageclient" / "node.js").write_text(FAKE_CLIENT)
    harness = tmp_path / "harness.js"
    harness.write_text(HARNESS)
    env = dict(os.environ, NODE_PATH=str(modules))
    if path:
        env["PATH"] = path + os.pathsep + env.get("PATH", "")
    run = subprocess.run([node, str(harness), str(EXTENSION), json.dumps(settings), SONG],
                         capture_output=True, text=True, env=env, timeout=60)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_package_depends_on_the_language_client():
    package = json.loads((ROOT / "Editors" / "vscode" / "package.json").read_text(encoding="utf-8"))
    assert package["dependencies"] == {"vscode-languageclient": "9.0.1"}
    assert package["engines"]["vscode"] == "^1.82.0"   # vscode-languageclient 9's minimum
    properties = package["contributes"]["configuration"]["properties"]
    assert properties["stave.languageServer.enabled"]["default"] is True
    assert properties["stave.trace.server"]["enum"] == ["off", "messages", "verbose"]
    assert properties["stave.path"]["default"] == "stave"


def test_the_client_starts_stave_lsp(tmp_path):
    out = run_extension(tmp_path, {"stave.path": STAVE})
    client = out["client"]
    assert client["id"] == "stave" and client["name"] == "Stave language server" and client["started"]
    assert client["serverOptions"]["run"] == {"command": STAVE, "args": ["lsp"]}
    assert client["clientOptions"]["documentSelector"] == [{"scheme": "file", "language": "stave"},
                                                          {"scheme": "untitled", "language": "stave"}]
    # The server formats: the extension registers no formatter of its own.
    assert out["providers"] == [] and out["subscriptions"] == 1
    assert out["stopped"] is True


def test_the_server_it_starts_works(tmp_path):
    session = run_extension(tmp_path, {"stave.path": STAVE})["session"]
    assert session["initialize"]["documentFormattingProvider"] is True
    published = session["published"]
    assert published["uri"] == "file:///tmp/vscode/song.stave" and published["version"] == 1
    assert [(d["code"], d["severity"], d["range"]["start"]) for d in published["diagnostics"]] == \
        [("unknown-instrument", 1, {"line": 1, "character": 13})]
    assert session["hover"]["contents"]["value"] == "phrase **lead.theme** — 1 bar, placed at bar 1, 4 notes"
    assert session["shutdown"] == {"jsonrpc": "2.0", "id": 3, "result": None}
    assert session["exitCode"] == 0


def test_server_turned_off_falls_back_to_the_formatter(tmp_path):
    out = run_extension(tmp_path, {"stave.path": STAVE, "stave.languageServer.enabled": False})
    assert out["client"] is None
    assert out["providers"] == ["stave"] and out["subscriptions"] == 1


def test_without_the_library_the_formatter_works(tmp_path):
    out = run_extension(tmp_path, {"stave.path": STAVE}, with_library=False)
    assert out["client"] is None
    assert out["providers"] == ["stave"] and out["subscriptions"] == 1


def test_default_program_is_stave_on_path(tmp_path):
    bin = tmp_path / "bin"
    bin.mkdir()
    (bin / "stave").symlink_to(STAVE)
    out = run_extension(tmp_path, {}, path=str(bin))
    assert out["client"]["serverOptions"]["run"] == {"command": "stave", "args": ["lsp"]}
    assert out["session"]["exitCode"] == 0
