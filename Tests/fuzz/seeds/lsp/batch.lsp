Content-Length: 80

[{"jsonrpc":"2.0","id":2,"method":"shutdown"},{"jsonrpc":"2.0","method":"exit"}]Content-Length: 2

[]