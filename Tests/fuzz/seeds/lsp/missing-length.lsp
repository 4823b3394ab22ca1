Content-Type: application/vscode-jsonrpc; charset=utf-8

{}