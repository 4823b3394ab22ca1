X-Nonsense: 1
Content-Length: 2

{}