Content-Length: 2

{}