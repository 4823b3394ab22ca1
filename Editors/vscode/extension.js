// Stave for VS Code: "Format Document" runs `stave fmt` (the language server will take this
// over). The document changes only when the song has no errors; otherwise the first error is
// shown and nothing changes. The setting `stave.path` names the program (default: stave).
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

function activate(context) {
  context.subscriptions.push(
    vscode.languages.registerDocumentFormattingEditProvider('stave', { provideDocumentFormattingEdits: formatDocument }));
}

function deactivate() {}

module.exports = { activate, deactivate, formatDocument };
