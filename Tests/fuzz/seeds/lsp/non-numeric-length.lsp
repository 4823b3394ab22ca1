Content-Length: abc

{"jsonrpc": "2.0", "method": "initialized", "params": {}}