Content-Length: 5

{}