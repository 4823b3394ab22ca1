Content-Length: 52

{"jsonrpc":"2.0","method":"initialized","params":{}}Content-Length: 919

{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///song.stave","languageId":"stave","version":1,"text":"// Ode to Joy \u2014 the \"first song\" of LANGUAGE.md, unchanged.\n// Shows: the song header, a key with sharps (D major: `f` is F#), a display name,\n// instruments by GM name, an anonymous phrase, `repeat`, a cross-track\n// `sync lead.theme transpose -24 at 5`, and a drum groove repeated with `x7`.\ntitle \"Ode to Joy\"\ncomposer \"L. van Beethoven\"\ntempo 120\nmeter 4/4\nkey d major\n\ntrack lead \"Melody\" {\n  instrument flute\n  phrase theme {\n    o4 f4 f g a | a g f e | d d e f | f4. e8 e2 |\n  }\n  repeat theme\n}\n\ntrack bass {\n  instrument acoustic-bass\n  octave 2\n  phrase { d2 a | d a | b g | a2 a | }\n  sync lead.theme transpose -24 at 5\n}\n\ndrums beat {\n  phrase groove { kick8 hat snare hat kick kick snare hat | }\n  repeat groove x7\n}\n"}}}Content-Length: 145

{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///song.stave"},"position":{"line":3,"character":8}}}Content-Length: 150

{"jsonrpc":"2.0","id":3,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///song.stave"},"position":{"line":4,"character":2}}}Content-Length: 226

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///song.stave","version":2},"contentChanges":[{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":3}},"text":"c d"}]}}Content-Length: 158

{"jsonrpc":"2.0","id":4,"method":"textDocument/formatting","params":{"textDocument":{"uri":"file:///song.stave"},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 118

{"jsonrpc":"2.0","id":5,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///song.stave"}}}Content-Length: 123

{"jsonrpc":"2.0","id":6,"method":"textDocument/semanticTokens/full","params":{"textDocument":{"uri":"file:///song.stave"}}}Content-Length: 217

{"jsonrpc":"2.0","id":7,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///song.stave"},"range":{"start":{"line":0,"character":0},"end":{"line":9,"character":0}},"context":{"diagnostics":[]}}}Content-Length: 188

{"jsonrpc":"2.0","id":8,"method":"textDocument/references","params":{"textDocument":{"uri":"file:///song.stave"},"position":{"line":3,"character":8},"context":{"includeDeclaration":true}}}Content-Length: 160

{"jsonrpc":"2.0","id":9,"method":"textDocument/rename","params":{"textDocument":{"uri":"file:///song.stave"},"position":{"line":3,"character":8},"newName":"x"}}Content-Length: 117

{"jsonrpc":"2.0","id":10,"method":"textDocument/foldingRange","params":{"textDocument":{"uri":"file:///song.stave"}}}Content-Length: 105

{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"file:///song.stave"}}}