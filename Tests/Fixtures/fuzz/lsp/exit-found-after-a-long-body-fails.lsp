Contentnrpc":"2.9û,"iContent-Length: 175

2,"met`od":"shutdown","params":null}Content-Length: 47

{"jsonrpc":"2.0","method":"exit","params":null}