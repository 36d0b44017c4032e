#!/usr/bin/env python3
"""The split-build benchmark: a gallery's pictures made by one job, and by N jobs of a CI matrix.

    python3 bench/shards.py [--n 300] [--shards 4] [--scrollery PATH] [--cache DIR] [--keep]

The gallery: N real-looking photos of 2,000 to 6,000 px (bench/images.py makes them from photos Debian
packages ship, and keeps them), served with an ETag by a local HTTP server beside a JSON source of 100
items a page, as a museum's or an archive's API would. Variants: widths 320, 640 and 1280, WebP and JPEG
at quality 80.

Two ways, one after the other on this machine, each from an empty cache:

- one job: `scrollery build`;
- the split: `scrollery fetch`; then `scrollery pictures --shard K/N` for each K, each in its own copy
  of the site folder as it was after `fetch` (what a matrix job restores); the shards' `images/` folders
  copied together into the site's cache (what `download-artifact` with `merge-multiple` does); and
  `scrollery build --offline`.

Printed: each step's wall time, CPU (user + system) and peak RSS; the longest shard (what one CI job of
the matrix takes); the split's CPU against the one job's (target: at most 1.1×); whether the two outputs
are byte-identical; and, from the measured CPU per photo, what a 100,000-photo first build costs in
job-minutes with 1, 4 and 16 picture jobs on a runner of this machine's cores.
"""

import argparse
import filecmp
import json
import os
import shutil
import subprocess
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
import images  # noqa: E402
from replica import BurstServer  # noqa: E402

PAGE = 100
CONFIG = """\
title: Split build benchmark
pageSize: 48
source: {{ url: "{host}/api/photos?page={{{{page}}}}", items: "", paginate: {{ style: page, first: 1 }} }}
item: {{ id: "{{{{id}}}}", title: "{{{{title}}}}", image: "{host}/photos/{{{{id}}}}.jpg" }}
images: {{ widths: [320, 640, 1280], formats: [webp, jpeg], quality: 80, placeholder: color }}
cache: {{ ttl: 1h }}
"""


class PhotoServer:
    """The source and the originals, on 127.0.0.1, counting the bytes of originals sent."""

    def __init__(self, photos):
        self.photos = {name: path for name, path, _, _ in photos}
        self.names = [name for name, _, _, _ in photos]
        self.original_requests = 0
        self.lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_GET(self):
                url = urllib.parse.urlsplit(self.path)
                if url.path == "/api/photos":
                    page = int(urllib.parse.parse_qs(url.query).get("page", ["1"])[0])
                    chunk = server.names[(page - 1) * PAGE:page * PAGE]
                    body = json.dumps([{"id": name, "title": f"Photo {name} — Þingvellir 京都"}
                                       for name in chunk]).encode()
                    self.answer(200, body, "application/json")
                    return
                name = url.path.rsplit("/", 1)[-1].removesuffix(".jpg")
                path = server.photos.get(name)
                if not url.path.startswith("/photos/") or path is None:
                    self.answer(404, b"not found", "text/plain")
                    return
                etag = f'"{name}-{path.stat().st_size}"'
                if self.headers.get("If-None-Match") == etag:
                    self.answer(304, b"", None, etag)
                    return
                with server.lock:
                    server.original_requests += 1
                self.answer(200, path.read_bytes(), "image/jpeg", etag)

            def answer(self, status, body, kind, etag=None):
                self.send_response(status)
                if kind:
                    self.send_header("Content-Type", kind)
                if etag:
                    self.send_header("ETag", etag)
                self.send_header("Content-Length", str(len(body)) if status != 304 else "0")
                self.end_headers()
                if status != 304:
                    self.wfile.write(body)

        self.httpd = BurstServer(("127.0.0.1", 0), Handler)
        self.host = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()


def timed(command, label):
    """Runs a command under /usr/bin/time -v: wall, CPU and peak RSS (MB). A `sync` first (not timed)."""
    subprocess.run(["sync"], check=False)
    report = Path(os.environ.get("TMPDIR", "/tmp")) / f"scrollery-shards-time-{os.getpid()}.txt"
    started = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-v", "-o", str(report)] + command,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    wall = time.perf_counter() - started
    output = result.stdout.decode("utf-8", "replace")
    if result.returncode != 0:
        sys.exit(f"bench/shards: {label} failed ({result.returncode}): {' '.join(command)}\n{output[-3000:]}")
    fields = {}
    for line in report.read_text().splitlines():
        key, _, value = line.strip().rpartition(": ")
        fields[key] = value
    report.unlink()
    cpu = float(fields["User time (seconds)"]) + float(fields["System time (seconds)"])
    rss = int(fields["Maximum resident set size (kbytes)"]) / 1024
    return {"label": label, "wall": wall, "cpu": cpu, "rss": rss, "output": output.strip().splitlines()}


def merge(source, target):
    """Copies every file of `source` into `target` that is not there yet."""
    for folder, _, files in os.walk(source):
        into = target / Path(folder).relative_to(source)
        into.mkdir(parents=True, exist_ok=True)
        for name in files:
            if not (into / name).exists():
                shutil.copy2(Path(folder) / name, into / name)


def same_tree(one, other):
    """Whether two folders hold the same files with the same bytes."""
    comparison = filecmp.dircmp(one, other)
    if comparison.left_only or comparison.right_only or comparison.funny_files:
        return False
    _, mismatch, errors = filecmp.cmpfiles(one, other, comparison.common_files, shallow=False)
    if mismatch or errors:
        return False
    return all(same_tree(one / name, other / name) for name in comparison.common_dirs)


def row(step):
    return f"  {step['label']:<34} {step['wall']:>8.1f} s {step['cpu']:>9.1f} s {step['rss']:>8.0f} MB"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=300, help="photos")
    parser.add_argument("--shards", type=int, default=4, help="picture jobs of the split")
    parser.add_argument("--scrollery", default=str(ROOT / ".build" / "release" / "scrollery"))
    parser.add_argument("--cache", default=str(ROOT / ".build" / "bench-images"),
                        help="where the photos are kept (shared with bench/images.py) and the work goes")
    parser.add_argument("--keep", action="store_true", help="keep the sites")
    args = parser.parse_args()
    scrollery = str(Path(args.scrollery).resolve())
    if not Path(scrollery).is_file():
        sys.exit(f"bench/shards: no binary at {scrollery} (swift build -c release --product scrollery)")
    if not shutil.which("/usr/bin/time"):
        sys.exit("bench/shards: /usr/bin/time is missing (apt-get install time)")
    cache = Path(args.cache).resolve()
    photos = images.ensure_photos(args.n, cache)
    work = cache / f"shards-work-{os.getpid()}"
    work.mkdir(parents=True)
    server = PhotoServer(photos)
    try:
        config = CONFIG.format(host=server.host)
        one = work / "one-job"
        one.mkdir()
        (one / "scrollery.yml").write_text(config)
        steps = [timed([scrollery, "build", str(one), "--quiet"], "one job: build")]
        one_job = steps[0]

        split = work / "split"
        split.mkdir()
        (split / "scrollery.yml").write_text(config)
        fetch = timed([scrollery, "fetch", str(split), "--quiet"], "split: fetch")
        shards = []
        for index in range(1, args.shards + 1):
            copy = work / f"shard-{index}"
            shutil.copytree(split, copy, symlinks=True)
            step = timed([scrollery, "pictures", str(copy), "--shard", f"{index}/{args.shards}"],
                         f"split: pictures --shard {index}/{args.shards}")
            shards.append(step)
        started = time.perf_counter()
        for index in range(1, args.shards + 1):
            merge(work / f"shard-{index}" / ".scrollery-cache" / "images", split / ".scrollery-cache" / "images")
        merged = time.perf_counter() - started
        requests_before = server.original_requests
        final = timed([scrollery, "build", str(split), "--offline"], "split: build --offline")
        final_originals = server.original_requests - requests_before
        identical = same_tree(one / "public", split / "public")
    finally:
        server.stop()

    split_cpu = fetch["cpu"] + sum(step["cpu"] for step in shards) + final["cpu"]
    longest = max(shards, key=lambda step: step["wall"])
    cores = os.cpu_count() or 1
    per_photo = sum(step["cpu"] for step in shards) / args.n
    print(f"\nSplit build, {args.n} photos of 2,000-6,000 px from a local HTTP server, {args.shards} picture jobs "
          f"run one after another ({cores} cores, {time.strftime('%Y-%m-%d')}):")
    print(f"  {'step':<34} {'wall':>10} {'CPU':>11} {'peak RSS':>11}")
    for step in [one_job, fetch] + shards + [final]:
        print(row(step))
    print(f"  {'split: copy the shards together':<34} {merged:>8.1f} s")
    print(f"  pictures per shard: {', '.join(line.split('images (')[1].split(' processed')[0] for step in shards for line in step['output'] if 'images (' in line)} "
          f"(N/{args.shards} = {args.n / args.shards:.0f})")
    print(f"  the final build: {[line for line in final['output'] if line.startswith('Built')][0]}")
    print(f"  originals downloaded by the final build: {final_originals}")
    print(f"  longest picture job: {longest['wall']:.1f} s ({longest['wall'] / one_job['wall']:.2f} of the one job's "
          f"{one_job['wall']:.1f} s)")
    print(f"  CPU of the split, all jobs: {split_cpu:.1f} s = {split_cpu / one_job['cpu']:.2f}× the one job's "
          f"{one_job['cpu']:.1f} s (target: at most 1.1×)")
    print(f"  outputs byte-identical: {'yes' if identical else 'NO'}")
    print(f"\nProjected first build of 100,000 such photos ({per_photo:.3f} CPU-s a photo, as measured above), "
          f"on runners of {cores} cores; the fetch and final jobs are not included:")
    print(f"  {'picture jobs':>12} {'photos a job':>13} {'wall a job':>11} {'job-minutes':>12} "
          f"{'with 2 min of setup a job':>26}")
    for jobs in (1, 4, 16):
        wall = 100_000 / jobs * per_photo / cores / 60
        print(f"  {jobs:>12} {100_000 // jobs:>13,} {wall:>7.0f} min {jobs * wall:>12,.0f} "
              f"{jobs * (wall + 2):>26,.0f}")
    print("  (setup: checkout, installing Scrollery, the artifact transfers; not measured here, 2 min assumed)")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    if not identical:
        sys.exit("bench/shards: the split build's output differs from the one job's")


if __name__ == "__main__":
    main()
