Content-Length: 50

{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}Content-Length: 46

{"jsonrpc":"2.0","id":[1],"method":"shutdown"}Content-Length: 47

{"jsonrpc":"2.0","id":true,"method":"shutdown"}Content-Length: 28

{"id":2,"method":"shutdown"}