#!/usr/bin/env python3
"""Scrollery against Hugo on the same generated gallery, side by side, and against the machine's floor.

    python3 bench/run.py [--n "1000 10000 50000"] [--corpora "sample world"] [--memory-n 100000] [--runs 3]
                         [--warm-n 10000] [--fetch-n 1000] [--ci-n 10000] [--latency-ms 50] [--concurrency 8]
                         [--scrollery PATH]

For each N and each corpus (`sample`: the sample site's kind of text; `world`: names and Markdown written
in many scripts, with emoji and typographic punctuation, see bench/world.py): generates the gallery
(bench/generate.py), then runs, alternating and back to back (this
machine's speed drifts within minutes), Scrollery, Hugo and the one-thread floor (bench/floor.c: libcmark
over every description, then writing a tree of the same files), `--runs` times each, and prints the
medians. Old output is moved aside, never deleted between runs (a file created soon after a large
`rm -rf` is slow here); everything under the work folder is removed at the end.

Then: Scrollery alone at `--memory-n` (peak memory of a streaming build, forward and with `source.order:
reverse`, which spills the source to disk before the first page is written), a warm rebuild with nothing
changed against a cold build at `--warm-n`, the fetch benchmark against bench/replica.py, and the CI case
at `--ci-n`: a remote gallery (the world corpus from bench/replica.py) rebuilt from a persisted, fresh HTTP
cache (no request made), against a local build of the same gallery, alternating; and the same gallery
fetched cold (an empty cache each build) from nginx on this machine serving the local site's files, against
the local build: what fetching itself costs when the host is fast.

Every timed run starts after a `sync`, so that none pays for the previous run's writeback.

Wall time is measured around each run (it includes starting /usr/bin/time, about a millisecond); CPU (user +
system) and peak RSS come from /usr/bin/time -v.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
import generate  # noqa: E402
import replica  # noqa: E402
import nginx as bench_nginx  # noqa: E402

# The item fields of a site whose source is bench/replica.py (the fetch benchmark and the CI case).
REPLICA_ITEM = """\
item:
  id: "{{id}}"
  title: "{{author}}"
  image: "{{download_url}}"
  width: "{{width}}"
  height: "{{height}}"
  description: "{{detail.description}}"
  link: "{{url}}"
# The pictures' URLs are as given: this part measures text, the image part measures pictures.
images: { enabled: false }
"""


class Bench:
    def __init__(self, args):
        self.args = args
        self.work = Path(args.work).resolve()
        self.trash = self.work / "trash"
        self.trash.mkdir(parents=True, exist_ok=True)
        self.scrollery = str(Path(args.scrollery).resolve())
        self.floor = str(self.work / "floor")
        self.rows = []
        self.notes = []

    # -- running and measuring --------------------------------------------------------------------------

    def aside(self, path):
        """Moves an old output out of the way (a rename, not a delete)."""
        if path.exists():
            path.rename(self.trash / uuid.uuid4().hex)

    def empty_trash(self):
        """Deletes the outputs moved aside, then syncs (not timed): each case then starts on the disk the
        first one had, not on the one every earlier case's outputs filled. Not on an ext4 without a journal,
        where file creation is slow for minutes after a large delete (see journal_warning)."""
        print("  emptying the trash (not timed)", file=sys.stderr)
        subprocess.run(["rm", "-rf", str(self.trash)], check=False)
        self.trash.mkdir(parents=True, exist_ok=True)
        subprocess.run(["sync"], check=False)

    def timed(self, command, cwd=None, env=None):
        """Runs a command under /usr/bin/time -v: wall, CPU and peak RSS (MB). A `sync` first (not timed), so
        that no run pays for writing back the files of the one before."""
        subprocess.run(["sync"], check=False)
        report = self.work / "time.txt"
        started = time.perf_counter()
        result = subprocess.run(
            ["/usr/bin/time", "-v", "-o", str(report)] + command, cwd=cwd, env=env,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        # Wall time from this clock, not from time's report (whole hundredths: too coarse for a warm rebuild).
        wall = time.perf_counter() - started
        if result.returncode != 0:
            sys.exit(f"failed ({result.returncode}): {' '.join(command)}\n{result.stdout[-3000:]}")
        fields = {}
        for line in report.read_text().splitlines():
            key, _, value = line.strip().rpartition(": ")
            fields[key] = value
        cpu = float(fields["User time (seconds)"]) + float(fields["System time (seconds)"])
        rss = int(fields["Maximum resident set size (kbytes)"]) / 1024
        return {"wall": wall, "cpu": cpu, "rss": rss, "output": result.stdout}

    def run_scrollery(self, site, out, extra=()):
        return self.timed([self.scrollery, "build", str(site), "--output", str(out), "--quiet", *extra])

    def run_hugo(self, site, out):
        return self.timed(["hugo", "--quiet", "--source", str(site), "--destination", str(out)])

    def run_floor(self, data, tree, out):
        measured = self.timed([self.floor, str(data / "descriptions.md"), str(tree), str(out)])
        values = dict(pair.split("=") for pair in measured["output"].split())
        measured["cmark"] = float(values["cmark_s"])
        measured["write"] = float(values["write_s"])
        measured["wall"] = measured["cmark"] + measured["write"]
        return measured

    @staticmethod
    def median(runs, key):
        return statistics.median(run[key] for run in runs)

    def summarize(self, n, tool, runs, corpus="sample"):
        row = {
            "n": n, "corpus": corpus, "tool": tool, "wall": self.median(runs, "wall"), "cpu": self.median(runs, "cpu"),
            "rss": self.median(runs, "rss"), "runs": len(runs),
        }
        row["rate"] = n / row["wall"] if row["wall"] > 0 else float("inf")
        if "cmark" in runs[0]:
            row["cmark"] = self.median(runs, "cmark")
            row["write"] = self.median(runs, "write")
        self.rows.append(row)
        return row

    # -- the parts -------------------------------------------------------------------------------------

    def build_floor(self):
        subprocess.run(
            ["cc", "-O2", "-o", self.floor, str(HERE / "floor.c"), "-lcmark"], check=True)

    def data(self, n, corpus="sample", hugo=True):
        folder = self.work / f"data-{corpus}-{n}"
        started = time.monotonic()
        generate.generate(n, folder, hugo=hugo, world_text=corpus == "world")
        print(f"  generated {n} items ({corpus}) in {time.monotonic() - started:.1f} s", file=sys.stderr)
        return folder

    @staticmethod
    def tree_of(output, listing):
        lines = []
        for folder, _, files in os.walk(output):
            for name in files:
                path = Path(folder) / name
                lines.append(f"{path.stat().st_size} {path.relative_to(output)}")
        listing.write_text("\n".join(sorted(lines, key=lambda line: line.split(" ", 1)[1])) + "\n")

    @staticmethod
    def inputs_of(source, listing):
        """Lists every file under `source` (a gallery's local JSON), one path a line, for bench/floor.c's INPUTS."""
        paths = sorted(str(Path(folder) / name) for folder, _, files in os.walk(source) for name in files)
        listing.write_text("\n".join(paths) + "\n")
        return listing

    def compare(self, n, corpus):
        print(f"== N = {n}, {corpus} text: Scrollery, Hugo and the floor, alternating, {self.args.runs} run(s) each",
              file=sys.stderr)
        data = self.data(n, corpus)
        runs = {"scrollery": [], "hugo": [], "floor": []}
        tree = self.work / f"tree-{corpus}-{n}.txt"
        for round_ in range(self.args.runs):
            order = ["scrollery", "hugo", "floor"]
            if round_ % 2:
                order = ["hugo", "scrollery", "floor"]
            for tool in order:
                out = self.work / f"out-{n}-{tool}"
                self.aside(out)
                if tool == "scrollery":
                    runs[tool].append(self.run_scrollery(data / "scrollery", out))
                    if not tree.exists():
                        self.tree_of(out, tree)
                elif tool == "hugo":
                    runs[tool].append(self.run_hugo(data / "hugo", out))
                else:
                    if not tree.exists():
                        continue
                    runs[tool].append(self.run_floor(data, tree, out))
                last = runs[tool][-1]
                print(f"  {tool:9} wall {last['wall']:.2f} s, CPU {last['cpu']:.2f} s, {last['rss']:.0f} MB",
                      file=sys.stderr)
        for tool in ("scrollery", "hugo", "floor"):
            if runs[tool]:
                self.summarize(n, tool, runs[tool], corpus)
        self.aside(data)

    def memory(self, n, corpus):
        print(f"== N = {n}, {corpus} text: Scrollery alone (peak memory)", file=sys.stderr)
        data = self.data(n, corpus, hugo=False)
        runs = []
        for _ in range(max(1, min(self.args.runs, 2))):
            out = self.work / f"out-{n}-scrollery"
            self.aside(out)
            runs.append(self.run_scrollery(data / "scrollery", out))
            last = runs[-1]
            print(f"  scrollery wall {last['wall']:.2f} s, CPU {last['cpu']:.2f} s, {last['rss']:.0f} MB",
                  file=sys.stderr)
        self.summarize(n, "scrollery", runs, corpus)
        # The same gallery published last-first: the source is read whole, spilled to disk, then read back.
        config = data / "scrollery" / "scrollery.yml"
        forward = config.read_text()
        config.write_text(forward.replace("source:\n", "source:\n  order: reverse\n", 1))
        reversed_runs = []
        for _ in range(max(1, min(self.args.runs, 2))):
            out = self.work / f"out-{n}-scrollery"
            self.aside(out)
            reversed_runs.append(self.run_scrollery(data / "scrollery", out))
            last = reversed_runs[-1]
            print(f"  scrollery, order: reverse, wall {last['wall']:.2f} s, CPU {last['cpu']:.2f} s, "
                  f"{last['rss']:.0f} MB", file=sys.stderr)
        config.write_text(forward)
        self.summarize(n, "scrollery reverse", reversed_runs, corpus)
        self.aside(data)

    def warm(self, n):
        print(f"== N = {n}: cold build, then a rebuild with nothing changed, alternating", file=sys.stderr)
        data = self.data(n, hugo=False)
        cold, warm = [], []
        for _ in range(self.args.runs):
            out = self.work / f"out-{n}-warm"
            self.aside(out)
            cold.append(self.run_scrollery(data / "scrollery", out))
            warm.append(self.run_scrollery(data / "scrollery", out))
            print(f"  cold {cold[-1]['wall']:.3f} s, warm {warm[-1]['wall']:.3f} s", file=sys.stderr)
        self.warm_result = (n, self.median(cold, "wall"), self.median(warm, "wall"))
        self.aside(data)

    def fetch(self, n, latency, concurrency):
        print(f"== fetch: {n} items with details, L = {latency * 1000:.0f} ms, C = {concurrency}", file=sys.stderr)
        server = replica.Replica(n, latency).start()
        site = self.work / f"fetch-{n}"
        self.aside(site)
        site.mkdir(parents=True)
        size = 100
        (site / "scrollery.yml").write_text(f"""\
title: Fetch bench
pageSize: 100
source:
  url: http://127.0.0.1:{server.port}/v2/list
  paginate: {{ style: page, sizeParam: limit, size: {size} }}
detail:
  url: http://127.0.0.1:{server.port}/id/{{{{id}}}}/info
  concurrency: {concurrency}
fetch: {{ concurrency: {concurrency} }}
cache: {{ ttl: 0 }}
""" + REPLICA_ITEM)
        list_pages = n // size + 1  # the last page is short or, when n is a multiple of size, empty
        # The first list page comes alone; every other request takes one of C slots for L.
        bound = latency + (n + list_pages - 1) * latency / concurrency
        runs = []
        try:
            for _ in range(max(1, min(self.args.runs, 3))):
                out = self.work / f"out-fetch-{n}"
                self.aside(out)
                before = server.requests
                server.peak_in_flight = 0
                runs.append(self.run_scrollery(site, out, ["--refresh"]))
                requests = server.requests - before
                print(f"  wall {runs[-1]['wall']:.2f} s, {requests} requests, "
                      f"peak {server.peak_in_flight} in flight", file=sys.stderr)
        finally:
            server.stop()
        wall = self.median(runs, "wall")
        self.fetch_result = (n, latency, concurrency, list_pages, bound, wall, server.peak_in_flight)

    def ci(self, n):
        """A nightly build: a remote gallery rebuilt from a persisted, fresh HTTP cache (no request made),
        against a local build of the same gallery (the replica's responses written as files)."""
        print(f"== CI case: {n} remote items (world text) from a fresh cache, against the same gallery local",
              file=sys.stderr)
        server = replica.Replica(n, 0, world_text=True).start()
        size = 100
        remote, local = self.work / f"ci-remote-{n}", self.work / f"ci-local-{n}"
        for site in (remote, local):
            self.aside(site)
            site.mkdir(parents=True)
        (remote / "scrollery.yml").write_text(f"""\
title: CI bench
pageSize: 100
source:
  url: http://127.0.0.1:{server.port}/v2/list
  paginate: {{ style: page, sizeParam: limit, size: {size} }}
detail:
  url: http://127.0.0.1:{server.port}/id/{{{{id}}}}/info
cache: {{ ttl: 30d }}
""" + REPLICA_ITEM)
        (local / "scrollery.yml").write_text("""\
title: CI bench
pageSize: 100
source:
  url: data/list-{{page}}.json
  paginate: { style: page, first: 1 }
detail:
  url: data/info/{{id}}.json
""" + REPLICA_ITEM)
        (local / "data" / "info").mkdir(parents=True)
        for page in range(1, n // size + 2):
            status, body = server.respond(f"/v2/list?page={page}&limit={size}")
            if body:
                (local / "data" / f"list-{page}.json").write_text(json.dumps(body))
        for number in range(1, n + 1):
            status, body = server.respond(f"/id/{number}/info")
            (local / "data" / "info" / f"{number}.json").write_text(json.dumps(body))
        try:
            filled = self.run_scrollery(remote, self.work / f"out-ci-remote-{n}")
            print(f"  filling the cache: wall {filled['wall']:.2f} s, {server.requests} requests", file=sys.stderr)
            cached, plain = [], []
            for _ in range(self.args.runs):
                before = server.requests
                # A fresh output each time: the CI machine has the cache, not the last site.
                for runs, site, name in ((cached, remote, "remote"), (plain, local, "local")):
                    out = self.work / f"out-ci-{name}-{n}"
                    self.aside(out)
                    runs.append(self.run_scrollery(site, out))
                made = server.requests - before
                print(f"  from the cache {cached[-1]['wall']:.2f} s ({made} requests), "
                      f"local {plain[-1]['wall']:.2f} s", file=sys.stderr)
                if made:
                    sys.exit(f"bench: the build from a fresh cache made {made} request(s)")
        finally:
            server.stop()
        self.ci_result = (n, self.median(cached, "wall"), self.median(plain, "wall"))
        self.cold_fetch(n, local)

    def cold_fetch(self, n, local):
        """The CI case's gallery fetched cold (an empty cache each time) from a fast host, nginx on this
        machine serving the local site's files, against the local build: what fetching itself costs, the
        site and its cache on the work folder's disk. Skipped, with a note, without nginx."""
        nginx = bench_nginx.find()
        if not nginx:
            self.notes.append("the cold fetch was skipped: nginx is missing (make bench-deps installs nginx-light)")
            return
        print(f"== cold fetch: the same {n} items from nginx on 127.0.0.1, an empty cache each build", file=sys.stderr)
        site = self.work / f"ci-fetched-{n}"
        self.aside(site)
        site.mkdir(parents=True)
        config = (local / "scrollery.yml").read_text()
        paths = ("url: data/list-{{page}}.json", "url: data/info/{{id}}.json")
        for path in paths:
            if path not in config:
                sys.exit(f"bench: the local site's config has no `{path}` to point at nginx")
        prefix = self.work / "nginx"
        shutil.rmtree(prefix, ignore_errors=True)
        stop, port, requests = bench_nginx.serve_json_files(nginx, prefix, local)
        try:
            for path in paths:
                config = config.replace(path, path.replace("url: data/", f"url: http://127.0.0.1:{port}/data/"))
            (site / "scrollery.yml").write_text(config)
            fetched, plain = [], []
            for _ in range(self.args.runs):
                for runs, source, name in ((fetched, site, "fetched"), (plain, local, "local")):
                    out = self.work / f"out-ci-{name}-{n}"
                    self.aside(out)
                    self.aside(source / ".scrollery-cache")
                    before = requests()
                    runs.append(self.run_scrollery(source, out))
                    if name == "fetched":
                        made = requests() - before
                        print(f"  fetched {runs[-1]['wall']:.2f} s (CPU {runs[-1]['cpu']:.2f} s, {made} requests)",
                              file=sys.stderr)
                        if made <= n:  # every detail, and the list pages
                            sys.exit(f"bench: the cold build made {made} requests to nginx, for {n} items")
                print(f"  local {plain[-1]['wall']:.2f} s (CPU {plain[-1]['cpu']:.2f} s)", file=sys.stderr)
        finally:
            stop()
        self.cold_result = (n, self.median(fetched, "wall"), self.median(fetched, "cpu"),
                            self.median(plain, "wall"), self.median(plain, "cpu"))

    # -- the report ------------------------------------------------------------------------------------

    def report(self):
        print()
        print(f"Scrollery vs Hugo ({self.hugo_version()}), {os.cpu_count()} cores, "
              f"{time.strftime('%Y-%m-%d')}, median of {self.args.runs} alternating run(s)")
        print()
        print("| N | text | tool | wall s | CPU s | peak RSS MB | items/s | Scrollery/Hugo (items/s) |")
        print("| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: |")
        hugo = {(row["n"], row["corpus"]): row for row in self.rows if row["tool"] == "hugo"}
        for row in self.rows:
            key = (row["n"], row["corpus"])
            name = "floor (1 thread)" if row["tool"] == "floor" else row["tool"]
            ratio = ""
            if row["tool"] == "scrollery" and key in hugo:
                ratio = f"{row['rate'] / hugo[key]['rate']:.2f}×"
            cpu = f"{row['cpu']:.2f}" if row["tool"] != "floor" else "–"
            rss = f"{row['rss']:.0f}" if row["tool"] != "floor" else "–"
            print(f"| {row['n']} | {row['corpus']} | {name} | {row['wall']:.2f} | {cpu} | {rss} | {row['rate']:,.0f} "
                  f"| {ratio} |")
        floors = {(row["n"], row["corpus"]): row for row in self.rows if row["tool"] == "floor"}
        if floors:
            print()
            print("| N | text | cmark s (1 thread) | write s (1 thread) | floor s | Scrollery s | Scrollery/floor |")
            print("| ---: | --- | ---: | ---: | ---: | ---: | ---: |")
            for row in self.rows:
                key = (row["n"], row["corpus"])
                if row["tool"] == "scrollery" and key in floors:
                    floor = floors[key]
                    print(f"| {row['n']} | {row['corpus']} | {floor['cmark']:.2f} | {floor['write']:.2f} "
                          f"| {floor['wall']:.2f} | {row['wall']:.2f} | {row['wall'] / floor['wall']:.2f}× |")
        for corpus in dict.fromkeys(row["corpus"] for row in self.rows):
            memory = {row["n"]: row["rss"] for row in self.rows if row["tool"] == "scrollery" and row["corpus"] == corpus}
            if len(memory) > 1:
                # The target compares with 10k items when that was measured.
                small, large = (10000 if 10000 in memory else min(memory)), max(memory)
                print()
                print(f"Scrollery peak RSS, {corpus} text: {memory[small]:.0f} MB at {small} items, "
                      f"{memory[large]:.0f} MB at {large} items ({memory[large] / memory[small]:.2f}×)")
        forward = {(row["n"], row["corpus"]): row for row in self.rows if row["tool"] == "scrollery"}
        for row in self.rows:
            if row["tool"] == "scrollery reverse" and (row["n"], row["corpus"]) in forward:
                plain = forward[(row["n"], row["corpus"])]
                print(f"Scrollery peak RSS with source.order: reverse, {row['corpus']} text, {row['n']} items: "
                      f"{row['rss']:.0f} MB against {plain['rss']:.0f} MB forward ({row['rss'] / plain['rss']:.2f}×); "
                      f"wall {row['wall']:.2f} s against {plain['wall']:.2f} s")
        if hasattr(self, "warm_result"):
            n, cold, warm = self.warm_result
            print(f"Warm rebuild, nothing changed, {n} items: {warm:.3f} s against {cold:.2f} s cold "
                  f"({warm / cold:.0%} of the cold build)")
        if hasattr(self, "fetch_result"):
            n, latency, concurrency, pages, bound, wall, peak = self.fetch_result
            print(f"Fetch, {n} items with details + {pages} list pages, L = {latency * 1000:.0f} ms, "
                  f"C = {concurrency}: {wall:.2f} s against a bound of {bound:.2f} s "
                  f"(L + (N + pages - 1)·L/C): efficiency {bound / wall:.2f} (peak {peak} in flight)")
        if hasattr(self, "ci_result"):
            n, cached, plain = self.ci_result
            print(f"CI case, {n} remote items rebuilt from a fresh cache (no request): {cached:.2f} s against "
                  f"{plain:.2f} s for the same gallery local ({cached / plain:.2f}×)")
        if hasattr(self, "cold_result"):
            n, wall, cpu, plain, plain_cpu = self.cold_result
            print(f"Cold fetch, the CI case's {n} items from nginx on this machine with an empty cache: {wall:.2f} s "
                  f"(CPU {cpu:.2f} s) against {plain:.2f} s (CPU {plain_cpu:.2f} s) for the same gallery local "
                  f"({wall / plain:.2f}×)")
        for note in self.notes:
            print(f"Note: {note}")

    @staticmethod
    def hugo_version():
        try:
            text = subprocess.run(["hugo", "version"], capture_output=True, text=True).stdout
            return text.split()[1].split("+")[0]
        except (OSError, IndexError):
            return "hugo"

    def cleanup(self):
        shutil.rmtree(self.work, ignore_errors=True)


def journal_warning(folder):
    """A warning when `folder` is on an ext4 without a journal, else None. There, ext4 checks each candidate
    inode for a recent delete when it makes a file or folder, so builds right after a large delete (the
    bench's own clean-up, or an earlier run's) measure the inode allocator, not the tools."""
    try:
        found = subprocess.run(
            ["findmnt", "--noheadings", "--output", "SOURCE,FSTYPE", "--target", str(folder)],
            capture_output=True, text=True, check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        return None
    if len(found) != 2 or found[1] != "ext4":
        return None
    # The kernel lists each mounted ext4 under /proc/fs/ext4/NAME, and each journal under /proc/fs/jbd2/NAME-INODE.
    name = os.path.basename(found[0])
    if not os.path.isdir(f"/proc/fs/ext4/{name}") or not os.path.isdir("/proc/fs/jbd2"):
        return None
    if any(entry.startswith(name + "-") for entry in os.listdir("/proc/fs/jbd2")):
        return None
    return (f"{folder} is on an ext4 without a journal ({found[0]}): making files there right after deleting "
            "many is slow (ext4 checks every inode it might reuse), so figures can measure the disk rather "
            "than the tools. Give --work a folder on a journaled file system (bench/RESULTS.md).")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", default=os.environ.get("BENCH_N", "1000 10000 50000"))
    parser.add_argument("--corpora", default=os.environ.get("BENCH_CORPORA", "sample world"))
    parser.add_argument("--ci-n", default=os.environ.get("BENCH_CI_N", "10000"))
    parser.add_argument("--memory-n", default=os.environ.get("BENCH_MEMORY_N", "100000"))
    parser.add_argument("--runs", type=int, default=int(os.environ.get("BENCH_RUNS", "3")))
    parser.add_argument("--warm-n", default=os.environ.get("BENCH_WARM_N", "10000"))
    parser.add_argument("--fetch-n", default=os.environ.get("BENCH_FETCH_N", "1000"))
    parser.add_argument("--latency-ms", type=float, default=float(os.environ.get("BENCH_LATENCY_MS", "50")))
    parser.add_argument("--concurrency", type=int, default=int(os.environ.get("BENCH_CONCURRENCY", "8")))
    parser.add_argument("--scrollery", default=str(ROOT / ".build" / "release" / "scrollery"))
    parser.add_argument("--work", default=str(ROOT / ".build" / "bench"))
    parser.add_argument("--keep", action="store_true", help="keep the generated data and outputs")
    args = parser.parse_args()
    for tool in ("hugo", "cc", "/usr/bin/time"):
        if not shutil.which(tool):
            sys.exit(f"bench: {tool} is missing (make bench-deps installs it)")
    bench = Bench(args)
    warning = journal_warning(bench.work)
    if warning:
        print(f"bench: warning: {warning}", file=sys.stderr)
        bench.notes.append(warning)
    bench.build_floor()
    try:
        corpora = args.corpora.split()
        for n in [int(word) for word in args.n.split()]:
            for corpus in corpora:
                bench.compare(n, corpus)
                if warning is None and not args.keep:
                    bench.empty_trash()
        for n in [int(word) for word in args.memory_n.split()]:
            for corpus in corpora:
                bench.memory(n, corpus)
        if args.warm_n.strip():
            bench.warm(int(args.warm_n))
        if args.fetch_n.strip():
            bench.fetch(int(args.fetch_n), args.latency_ms / 1000, args.concurrency)
        if args.ci_n.strip():
            bench.ci(int(args.ci_n))
        bench.report()
    finally:
        if not args.keep:
            bench.cleanup()


if __name__ == "__main__":
    main()
