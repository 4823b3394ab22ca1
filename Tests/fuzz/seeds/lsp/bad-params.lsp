Content-Length: 175

{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///song.stave","languageId":"stave","version":1,"text":"track a { phrase p { c d } }"}}}Content-Length: 67

{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":"x"}Content-Length: 146

{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///song.stave"},"position":{"line":-1,"character":0}}}Content-Length: 151

{"jsonrpc":"2.0","id":4,"method":"textDocument/references","params":{"textDocument":{"uri":"file:///song.stave"},"position":{"line":0,"character":21}}}Content-Length: 192

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///song.stave","version":2},"contentChanges":[{"text":"x"},{"range":{"start":{"line":0}},"text":"y"}]}}