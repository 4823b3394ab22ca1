Content-Length: -5

{}