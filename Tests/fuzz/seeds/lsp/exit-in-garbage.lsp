Content-Length: 58

{"jsonrpc":"2.0","id":2,"method":"shutdown","params":null}Content-Length: 47

{"jsonrpc":"2.0","method":"exit","params":null}