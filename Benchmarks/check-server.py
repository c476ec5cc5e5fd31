#!/usr/bin/env python3
"""A loopback HTTP/1.1 server for the --check benchmark: keep-alive connections, a thread
each, and TCP_NODELAY on every socket, as real servers set it (without it each response
on a reused connection waits ~40 ms for the client's delayed ACK, which is the server's
fault, not the client's). Every path answers 200 with a small HTML page.

    python3 Benchmarks/check-server.py PORT
"""
import http.server
import socket
import sys

BODY = "<!DOCTYPE html><title>小页面</title><p>小页面</p>\n".encode("utf-8")


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        super().setup()
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def answer(self, body):
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(BODY)))
        self.end_headers()
        if body:
            self.wfile.write(BODY)

    def do_GET(self):
        self.answer(True)

    def do_HEAD(self):
        self.answer(False)

    def log_message(self, *args):
        pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256


if __name__ == "__main__":
    Server(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
