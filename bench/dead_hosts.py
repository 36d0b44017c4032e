#!/usr/bin/env python3
"""What a dead picture host costs a build: N items from a local source whose pictures are on a host that
does not resolve, on a port of 127.0.0.1 that refuses connections, and on a socket that accepts and never
answers; and, for the scale, the same N items with pictures off.

    python3 bench/dead_hosts.py [--n 10000] [--timeout 5s] [--scrollery PATH]

Each case is one cold build (`CI=true`, so the progress is plain lines), timed around the process; the
figures are the wall time, the requests made (from the summary) and the summary's `Host down` line.
"""

import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def write_site(folder, n, picture, extra=""):
    (folder / "data").mkdir(parents=True)
    items = [{"id": str(i), "name": f"Picture {i}", "url": picture(i)} for i in range(1, n + 1)]
    (folder / "data" / "page-1.json").write_text(json.dumps(items))
    (folder / "scrollery.yml").write_text(
        "title: Dead hosts\npageSize: 100\n"
        'source: { url: "data/page-{{page}}.json", items: "", paginate: { style: page, first: 1 } }\n'
        'item: { id: "{{id}}", title: "{{name}}", image: "{{url}}", width: "4", height: "3" }\n' + extra)


def build(scrollery, folder):
    env = dict(os.environ, CI="true")
    started = time.monotonic()
    run = subprocess.run([scrollery, "build", str(folder)], capture_output=True, text=True, env=env)
    wall = time.monotonic() - started
    if run.returncode != 0:
        sys.exit(f"build of {folder} failed:\n{run.stderr[-2000:]}")
    requests = re.search(r" (\d+) requests \(", run.stdout)
    down = [line for line in run.stdout.splitlines() if line.startswith("Host down: ")]
    return wall, int(requests.group(1)) if requests else 0, down, run.stderr.count("\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=10000)
    parser.add_argument("--timeout", default="5s", help="fetch.timeout for the silent host")
    parser.add_argument("--scrollery", default=str(ROOT / ".build/release/scrollery"))
    args = parser.parse_args()
    scrollery = args.scrollery if os.path.exists(args.scrollery) else str(ROOT / ".build/debug/scrollery")
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    closed_port = closed.getsockname()[1]
    closed.close()
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(1024)
    silent_port = silent.getsockname()[1]
    cases = [
        ("pictures off (the text alone)", lambda i: f"https://pictures.scrollery.invalid/{i}.jpg",
         "images: { enabled: false }\n"),
        ("a host name that does not resolve", lambda i: f"https://pictures.scrollery.invalid/{i}.jpg", ""),
        ("a port that refuses connections", lambda i: f"http://127.0.0.1:{closed_port}/{i}.jpg", ""),
        (f"a server that never answers (fetch.timeout {args.timeout})",
         lambda i: f"http://127.0.0.1:{silent_port}/{i}.jpg", f"fetch: {{ timeout: {args.timeout} }}\n"),
    ]
    work = Path(tempfile.mkdtemp(prefix="scrollery-dead-hosts-"))
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    print(f"Dead picture hosts, {args.n} items, {time.strftime('%Y-%m-%d')}, commit {commit}, {scrollery}")
    print(f"{'case':<52} {'wall':>8} {'requests':>9} {'log lines':>10}  summary")
    try:
        for index, (name, picture, extra) in enumerate(cases):
            folder = work / f"site-{index}"
            write_site(folder, args.n, picture, extra)
            wall, requests, down, lines = build(scrollery, folder)
            print(f"{name:<52} {wall:>7.2f}s {requests:>9} {lines:>10}  {down[0] if down else '-'}")
            shutil.rmtree(folder)
    finally:
        silent.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
