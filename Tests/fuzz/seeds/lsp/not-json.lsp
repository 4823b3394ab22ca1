Content-Length: 9

{not json