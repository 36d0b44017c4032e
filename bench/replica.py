#!/usr/bin/env python3
"""A Lorem-Picsum-like replica with a fixed latency per request, for the fetch benchmark.

    python3 bench/replica.py N LATENCY_MS [PORT]

serves, on 127.0.0.1, N items:

    /v2/list?page=P&limit=M    a JSON array of up to M items (page 1 first; past the end an empty array)
    /id/{id}/info              the item with a Markdown `description`

Every response waits LATENCY_MS first (time.sleep in its own thread), so the server never limits
concurrency: the client's per-host limit does. `FolderReplica` serves a folder of JSON files the same
way (bench/search.py: a generated gallery's own source, fetched as from an API). Python 3 standard library
only.
"""

import json
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import generate  # noqa: E402


class BurstServer(ThreadingHTTPServer):
    """A threaded HTTP server whose listen queue holds a burst of new connections. `listen()` reads the
    backlog while the server is made, so it is a class attribute: socketserver's 5 drops the SYNs of a
    client opening 8 connections at once, and the kernel sends a dropped SYN again a second later."""

    daemon_threads = True
    request_queue_size = 128


class Replica:
    def __init__(self, n, latency, port=0, world_text=False):
        self.items = list(generate.items(n, world_text))
        self.latency = latency
        self.requests = 0
        self.in_flight = 0
        self.peak_in_flight = 0
        self.lock = threading.Lock()
        replica = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # Headers and body go out in two writes: without this, Nagle's algorithm and the client's
            # delayed ACK hold the body back by ~40 ms, which would be measured as Scrollery's time.
            disable_nagle_algorithm = True

            def log_message(self, *args):
                pass

            def do_GET(self):
                with replica.lock:
                    replica.requests += 1
                    replica.in_flight += 1
                    replica.peak_in_flight = max(replica.peak_in_flight, replica.in_flight)
                try:
                    time.sleep(replica.latency)
                    status, body = replica.respond(self.path)
                finally:
                    with replica.lock:
                        replica.in_flight -= 1
                data = body if isinstance(body, bytes) else json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = BurstServer(("127.0.0.1", port), Handler)
        self.port = self.server.server_address[1]

    def listed(self, item):
        return {
            "id": item["id"],
            "author": item["author"],
            "width": item["width"],
            "height": item["height"],
            "url": item["url"],
            "download_url": f"https://picsum.example/id/{item['id']}/{item['width']}/{item['height']}",
        }

    def respond(self, path):
        url = urllib.parse.urlsplit(path)
        query = urllib.parse.parse_qs(url.query)
        if url.path == "/v2/list":
            page = int(query.get("page", ["1"])[0])
            limit = int(query.get("limit", ["30"])[0])
            start = (page - 1) * limit
            return 200, [self.listed(item) for item in self.items[start:start + limit]]
        parts = url.path.strip("/").split("/")
        if len(parts) == 3 and parts[0] == "id" and parts[2] == "info":
            index = int(parts[1]) - 1 if parts[1].isdigit() else -1
            if 0 <= index < len(self.items):
                item = self.items[index]
                return 200, dict(self.listed(item), description=item["description"])
        return 404, {"error": "not found"}

    def start(self):
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


class FolderReplica(Replica):
    """The same server over a folder of JSON files, sent as they are (`/data/x.json` is `folder/x.json`; a
    file that is not there is a 404), with the same latency: a local gallery's source as an API serves it."""

    def __init__(self, folder, latency, port=0):
        super().__init__(0, latency, port)
        self.folder = Path(folder).resolve()

    def respond(self, path):
        name = urllib.parse.unquote(urllib.parse.urlsplit(path).path)
        if name.startswith("/data/") and "\0" not in name:
            file = (self.folder / name[len("/data/"):]).resolve()
            if file.is_relative_to(self.folder) and file.is_file():
                return 200, file.read_bytes()
        return 404, {"error": "not found"}


if __name__ == "__main__":
    replica = Replica(int(sys.argv[1]), float(sys.argv[2]) / 1000, int(sys.argv[3]) if len(sys.argv) > 3 else 8081)
    print(f"serving {len(replica.items)} items on http://127.0.0.1:{replica.port}/v2/list", flush=True)
    replica.server.serve_forever()
