Content-Length: 300

{}