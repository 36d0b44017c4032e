"""A small static HTTP server for the browser tests, with fault injection.

It serves a folder on 127.0.0.1 (port 0: the OS picks a free port) from a background thread. A test
can make given paths fail a number of times or answer slowly, and can read which paths were asked for:

    server.fail("/gallery/page/3/", times=1, status=500)   # the next request for it gets a 500
    server.delay("/gallery/page/", 0.4)                     # every path starting with this waits 0.4 s
    server.trickle("/gallery/", pieces=4, pause=0.3)        # its body comes in 4 parts, 0.3 s apart
    server.count("/gallery/page/3/")                        # how many times it was requested
    server.reset()                                          # no faults, empty log

Paths are compared without their query string. Faults are consumed in request order, under a lock,
so concurrent requests never both take the same failure.
"""

from __future__ import annotations

import functools
import http.server
import threading
import time
from dataclasses import dataclass


@dataclass
class _Failure:
    remaining: int
    status: int


class _Handler(http.server.SimpleHTTPRequestHandler):
    server: "_HTTPServer"

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass  # keep pytest's output clean; requests are recorded in FaultServer.log

    def end_headers(self):
        # Tests reload and go back a lot: make every fetch reach the server, so faults and counts are exact.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def do_GET(self):
        self._serve(super().do_GET)

    def do_HEAD(self):
        self._serve(super().do_HEAD)

    def copyfile(self, source, outputfile):
        trickle = self.server.owner._trickle_for(self.path.split("?", 1)[0].split("#", 1)[0])
        if not trickle:
            return super().copyfile(source, outputfile)
        pieces, pause = trickle
        body = source.read()
        step = -(-len(body) // pieces)
        for k in range(0, len(body), step):
            if k:
                time.sleep(pause)
            outputfile.write(body[k:k + step])
            outputfile.flush()

    def _serve(self, respond):
        owner = self.server.owner
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        status, wait = owner._take(path)
        if wait:
            time.sleep(wait)
        if status:
            body = f"injected failure {status} for {path}\n".encode()
            self.send_response(status)
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
            return
        respond()


class _HTTPServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # read by listen() as the server is made; 5 drops a browser's burst of connections
    owner: "FaultServer"


class FaultServer:
    """Serves `root` on http://127.0.0.1:<port>/ until `stop()`."""

    def __init__(self, root: str):
        self.root = str(root)
        self._lock = threading.Lock()
        self._failures: dict[str, _Failure] = {}
        self._delays: list[tuple[str, float]] = []
        self._trickles: dict[str, tuple[int, float]] = {}
        self.log: list[tuple[str, int]] = []  # (path, status: 0 = served normally)
        handler = functools.partial(_Handler, directory=self.root)
        self._httpd = _HTTPServer(("127.0.0.1", 0), handler)
        self._httpd.owner = self
        self.port = self._httpd.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self._thread = threading.Thread(target=self._httpd.serve_forever, name="fault-server", daemon=True)

    # -- lifecycle -------------------------------------------------------------------------------

    def start(self) -> "FaultServer":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    # -- faults ----------------------------------------------------------------------------------

    def fail(self, path: str, times: int = 1, status: int = 500) -> None:
        """The next `times` requests for exactly `path` answer `status` instead of the file."""
        with self._lock:
            self._failures[path] = _Failure(times, status)

    def delay(self, prefix: str, seconds: float) -> None:
        """Every request whose path starts with `prefix` waits `seconds` before it is answered."""
        with self._lock:
            self._delays = [(p, s) for p, s in self._delays if p != prefix]
            if seconds > 0:
                self._delays.append((prefix, seconds))

    def trickle(self, path: str, pieces: int, pause: float) -> None:
        """The body for exactly `path` is sent in `pieces` equal parts, `pause` seconds apart, as a slow
        network delivers a page: the browser has part of the document long before the rest."""
        with self._lock:
            self._trickles[path] = (pieces, pause)

    def _trickle_for(self, path: str) -> tuple[int, float] | None:
        with self._lock:
            return self._trickles.get(path)

    def reset(self) -> None:
        with self._lock:
            self._failures.clear()
            self._delays.clear()
            self._trickles.clear()
            self.log.clear()

    def pending_failures(self, path: str) -> int:
        with self._lock:
            f = self._failures.get(path)
            return f.remaining if f else 0

    # -- what was asked for ----------------------------------------------------------------------

    def count(self, path: str, status: int | None = None) -> int:
        """How many requests for exactly `path` arrived (only those answered `status`, if given)."""
        with self._lock:
            return sum(1 for p, s in self.log if p == path and (status is None or s == status))

    def _take(self, path: str) -> tuple[int, float]:
        with self._lock:
            status = 0
            f = self._failures.get(path)
            if f and f.remaining > 0:
                f.remaining -= 1
                status = f.status
            wait = max((s for p, s in self._delays if path.startswith(p)), default=0.0)
            self.log.append((path, status))
            return status, wait
