#!/usr/bin/env python3
"""A page opened in a warm interactive session, beside w3m's one-shot fetch of it.

The third speed target of the move to one URLSession for every page (commit 6a59cdc): a
second page opened in the full screen (the session, libcurl and the connection already set up) is not slower than `w3m -dump` of the same
page. browse runs in a pseudo-terminal at 100x30 over a data file of PAGES cities, each
its own URL on a loopback `python3 -m http.server`; after the first page, each page is
timed from the Enter that opens it to the first output that shows its text. w3m -dump
of the same URLs is timed in the same run.

    Benchmarks/warm-fetch.py BROWSE [PAGES]
"""

import os
import pty
import select
import socket
import statistics
import subprocess
import sys
import tempfile
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def read_until(fd, needle, timeout=20.0):
    """Reads the pseudo-terminal until `needle` (bytes) has arrived; the time it did."""
    seen = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        seen += chunk
        if needle in seen:
            return time.monotonic()
    raise SystemExit(f"timed out waiting for {needle!r}")


def main():
    browse = sys.argv[1]
    pages = int(sys.argv[2]) if len(sys.argv) > 2 else 21
    root = tempfile.mkdtemp(prefix="warm-fetch-")
    for n in range(pages):
        with open(os.path.join(root, f"p{n}.html"), "w", encoding="utf-8") as f:
            f.write(f"<html><head><title>页{n}</title></head><body><p>mark{n}end</p></body></html>")
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", root],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    data = os.path.join(root, "data.plist")
    with open(data, "w", encoding="utf-8") as f:
        f.write("<plist><dict><key>测试省</key><array>")
        for n in range(pages):
            f.write(f"<dict><key>name</key><string>城{n:02d}</string><key>url</key>"
                    f"<string>http://127.0.0.1:{port}/p{n}.html</string></dict>")
        f.write("</array></dict></plist>")
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="100", LINES="30",
               XDG_CACHE_HOME=os.path.join(root, "cache"))
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(browse, [browse, "--data", data, "--no-cache"], env)
    try:
        import fcntl, struct, termios
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        read_until(fd, "测试省".encode())
        os.write(fd, b"\r")
        read_until(fd, "城00".encode())
        times = []
        for n in range(pages):
            start = time.monotonic()
            os.write(fd, b"\r")
            end = read_until(fd, f"mark{n}end".encode())
            if n > 0:
                times.append((end - start) * 1000)
            os.write(fd, b"\x1b[D")  # back to the list, the city still selected
            read_until(fd, "城".encode())
            time.sleep(0.05)
            os.write(fd, b"\x1b[B")  # the next city
            time.sleep(0.05)
        os.write(fd, b"\x1b")
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    w3m = []
    for n in range(pages):
        start = time.monotonic()
        subprocess.run(["w3m", "-dump", f"http://127.0.0.1:{port}/p{n}.html"],
                       stdout=subprocess.DEVNULL, check=True)
        w3m.append((time.monotonic() - start) * 1000)
    server.kill()
    print(f"warm session, page opened (n={len(times)}): median {statistics.median(times):.1f} ms,"
          f" worst {max(times):.1f} ms")
    print(f"w3m -dump one-shot (n={len(w3m)}): median {statistics.median(w3m):.1f} ms,"
          f" worst {max(w3m):.1f} ms")
    print(f"ratio of medians: {statistics.median(times) / statistics.median(w3m):.2f}")


if __name__ == "__main__":
    main()
