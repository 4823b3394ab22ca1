// Stave for VS Code. With the `vscode-languageclient` package installed (package.json's
// dependency: `npm install` in this folder), the extension starts the language server
// `stave lsp` for Stave documents: diagnostics as you type, hover, go to definition,
// references, rename, completion, outline, folding, semantic highlighting, Format Document
// and quick fixes. Without it (a plain copy of the folder), Format Document still works: it
// runs `stave fmt` itself. The document changes only when the song has no errors; otherwise
// the first error is shown and nothing changes.
// Settings: `stave.path` names the program (default: stave); `stave.languageServer.enabled`
// (default true) turns the server off; `stave.trace.server` logs the protocol.
'use strict';
const vscode = require('vscode');
const { execFile } = require('child_process');

/** The edits that make `document` formatted: none, or one replacing the whole text. */
function formatDocument(document) {
  const program = vscode.workspace.getConfiguration('stave').get('path') || 'stave';
  const text = document.getText();
  return new Promise((resolve) => {
    const child = execFile(program, ['fmt', '-'], { maxBuffer: 1 << 30 }, (error, stdout, stderr) => {
      if (error) {
        const first = (stderr || '').split('\n').find((line) => line.trim() !== '') || error.message;
        vscode.window.showErrorMessage('stave fmt: ' + first.replace('<stdin>', document.fileName || 'song'));
        resolve([]);
        return;
      }
      if (stdout === text) {
        resolve([]);
        return;
      }
      const whole = new vscode.Range(document.positionAt(0), document.positionAt(text.length));
      resolve([vscode.TextEdit.replace(whole, stdout)]);
    });
    child.on('error', () => {});
    child.stdin.on('error', () => {});
    child.stdin.end(text);
  });
}

/** The `vscode-languageclient/node` module, or null when it is not installed. */
function languageClientLibrary() {
  try {
    return require('vscode-languageclient/node');
  } catch (error) {
    return null;
  }
}

/** What starts the server: `stave lsp` on standard input and output. */
function serverOptions() {
  const program = vscode.workspace.getConfiguration('stave').get('path') || 'stave';
  const executable = { command: program, args: ['lsp'] };
  return { run: executable, debug: executable };
}

/** Which documents the server serves: Stave files, saved or not. */
const clientOptions = {
  documentSelector: [{ scheme: 'file', language: 'stave' }, { scheme: 'untitled', language: 'stave' }],
};

let client = null;

function activate(context) {
  const enabled = vscode.workspace.getConfiguration('stave').get('languageServer.enabled') !== false;
  const library = enabled ? languageClientLibrary() : null;
  if (library) {
    // The server formats too (textDocument/formatting): no second formatter.
    client = new library.LanguageClient('stave', 'Stave language server', serverOptions(), clientOptions);
    const started = client.start(); // a Promise (vscode-languageclient 8+) or a Disposable (7)
    if (started && typeof started.dispose === 'function') {
      context.subscriptions.push(started);
    } else {
      context.subscriptions.push({ dispose: () => (client ? client.stop() : undefined) });
    }
    return;
  }
  context.subscriptions.push(
    vscode.languages.registerDocumentFormattingEditProvider('stave', { provideDocumentFormattingEdits: formatDocument }));
}

function deactivate() {
  const running = client;
  client = null;
  return running ? running.stop() : undefined;
}

module.exports = { activate, deactivate, formatDocument, serverOptions, clientOptions };
