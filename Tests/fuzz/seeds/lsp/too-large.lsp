Content-Length: 99999999999

{}