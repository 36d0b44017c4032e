"""The CPU a build spends, beside the floors that bound it: per item for local text, per response for an API.

    python3 bench/cpu.py [--n 10000] [--runs 3] [--nginx-runs 15] [--local-runs 15] [--latency-ms 20]
                         [--concurrency 8]
                         [--no-ext4] [--no-remote] [--instructions 2000]

Local text: the `world` gallery of N items (bench/generate.py) built from local JSON with pictures off, on a
fresh journaled ext4 loop image (made and mounted by the bench when it runs as root; `--no-ext4` leaves it
out) and on tmpfs (/dev/shm). Beside it the one-thread floor of bench/floor.c on the same disk: reading the
same source files (every page and detail JSON, unparsed), libcmark rendering the same descriptions, then
writing the same tree of files. Reported: user + system CPU and its
ratio to libcmark's time, the floor program's own CPU (what one thread of C spends on the same work, the
kernel's share of writing the files included), and the wall time's ratio to the write floor. The floor
program runs right after each build, and each wall ratio is the median of the runs' own ratios (a build over
the floor timed beside it), so that the machine's speed, which moves from one minute to the next, moves both
sides of a ratio; `--local-runs` builds on each disk.

Remote: the same kind of gallery (N items, pages of 100, a detail per item, bench/replica.py's world text)
fetched from an empty cache, from the replica `--latency-ms` away and from nginx on this machine, with
`--concurrency` requests at a time, the sites and their caches on the ext4 image when there is one. Beside it `curl --parallel --parallel-max C` fetching the same URLs over
kept-alive connections, whose CPU per response is the floor, and the floor of Scrollery's own HTTP stack:
bench/HTTPClientFloor, AsyncHTTPClient alone (configured as Scrollery's client) fetching the same URLs as
many at a time and dropping the bodies. Scrollery's CPU per response is reported both as its whole CPU over
the responses and as what it spends beyond the same build from local files. Each build from a remote source
runs beside a build from local files, curl and the client floor, and the ratio of what it spends beyond the
local build to curl's is the median of the runs' own ratios; `--runs` builds from the replica (each waits on
its latency) and `--nginx-runs` from nginx (a few seconds each, and a single one ranges from 2.5× to 6×).

Instructions: the user-space instructions (valgrind's callgrind) of the `world` gallery of `--instructions` items
and of 10 items built from local JSON on tmpfs, and of the floor program over the same descriptions and tree:
what a build costs per item in work, whatever else the machine runs (its CPU time moves by a tenth from one run
to the next; its instruction count by a ten-thousandth). Under callgrind SHA-256 runs without the CPU's SHA
instructions, so the digests weigh more there than in CPU time; the table says by how much.

Prints a Markdown table for bench/RESULTS.md. Needs a release build of `scrollery` and of
`http-client-floor` (`make bench-cpu` makes both; without the second its column is left out), cc and
libcmark, curl, and nginx for the nginx rows (`make bench-deps`).
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import generate  # noqa: E402
import nginx as bench_nginx  # noqa: E402
import replica  # noqa: E402
from run import REPLICA_ITEM, Bench  # noqa: E402

SCROLLERY = HERE.parent / ".build" / "release" / "scrollery"
HTTP_CLIENT_FLOOR = HERE.parent / ".build" / "release" / "http-client-floor"
PAGE = 100


def timed(command, report):
    """Runs `command` under /usr/bin/time: wall seconds (this clock), user + system CPU seconds, output."""
    subprocess.run(["sync"], check=False)
    started = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%U %S %M", "-o", str(report)] + command,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    wall = time.perf_counter() - started
    if result.returncode != 0:
        sys.exit(f"failed ({result.returncode}): {' '.join(command)}\n{result.stdout[-3000:]}")
    user, system, rss = report.read_text().split()[-3:]
    return {"wall": wall, "cpu": float(user) + float(system), "user": float(user), "system": float(system),
            "rss": float(rss) / 1024, "output": result.stdout}


def median(runs, key):
    return statistics.median(run[key] for run in runs)


class CPUBench:
    def __init__(self, args):
        self.args = args
        self.work = Path(args.work).resolve()
        self.work.mkdir(parents=True, exist_ok=True)
        self.report = self.work / "time.txt"
        self.floor = self.work / "floor"
        self.rows = []
        self.notes = []
        # Where the remote builds keep their sites, caches and output: the ext4 loop image when there is one.
        self.remote_root = self.work

    def scrollery(self, site, out):
        return timed([str(SCROLLERY), "build", str(site), "--output", str(out), "--quiet"], self.report)

    @staticmethod
    def fresh(path):
        shutil.rmtree(path, ignore_errors=True)

    # -- local text ------------------------------------------------------------------------------------

    def local(self, disk_name, root):
        n = self.args.n
        root.mkdir(parents=True, exist_ok=True)
        data = root / "data"
        if not data.exists():
            generate.generate(n, data, hugo=False, world_text=True)
        tree = root / "tree.txt"
        inputs = Bench.inputs_of(data / "scrollery" / "data", root / "inputs.txt")
        runs, floors = [], []
        for _ in range(self.args.local_runs):
            out = root / "out"
            self.fresh(out)
            self.fresh(data / "scrollery" / ".scrollery-cache")
            # What earlier runs (or the ext4 disk's runs, before tmpfs's) left for the kernel to write back is
            # written before the clock starts, not on the cores the timed run uses.
            os.sync()
            runs.append(self.scrollery(data / "scrollery", out))
            if not tree.exists():
                Bench.tree_of(out, tree)
            self.fresh(out)
            os.sync()
            floor = timed([str(self.floor), str(data / "descriptions.md"), str(tree), str(out), str(inputs)],
                          self.report)
            values = dict(pair.split("=") for pair in floor["output"].split())
            floors.append({"read": float(values["read_s"]), "cmark": float(values["cmark_s"]),
                           "write": float(values["write_s"]), "cpu": floor["cpu"]})
            write = max(floors[-1]["write"], 1e-6)
            runs[-1]["over_write"] = runs[-1]["wall"] / write
            runs[-1]["over_floor"] = runs[-1]["wall"] / (floors[-1]["cmark"] + write)
            print(f"  {disk_name}: Scrollery wall {runs[-1]['wall']:.2f} s, CPU {runs[-1]['cpu']:.2f} s "
                  f"({runs[-1]['user']:.2f} user, {runs[-1]['system']:.2f} system); reads {floors[-1]['read']:.2f} s, "
                  f"libcmark {floors[-1]['cmark']:.2f} s, writes {floors[-1]['write']:.2f} s, the floor's CPU "
                  f"{floors[-1]['cpu']:.2f} s; wall / writes {runs[-1]['over_write']:.2f}, wall / (libcmark + "
                  f"writes) {runs[-1]['over_floor']:.2f}", file=sys.stderr)
        self.fresh(root / "out")
        cmark, write = median(floors, "cmark"), median(floors, "write")
        self.rows.append(("local", disk_name, {
            "wall": median(runs, "wall"), "cpu": median(runs, "cpu"), "user": median(runs, "user"),
            "system": median(runs, "system"), "read": median(floors, "read"), "cmark": cmark, "write": write,
            "floor_cpu": median(floors, "cpu"), "over_write": median(runs, "over_write"),
            "over_floor": median(runs, "over_floor"), "each_over_floor": [run["over_floor"] for run in runs]}))

    def ext4(self):
        """A fresh journaled ext4 on a loop device under the work folder; its mount point, or None."""
        if self.args.no_ext4:
            return None
        if os.geteuid() != 0 or not shutil.which("mkfs.ext4"):
            self.notes.append("the ext4 rows were left out: making a loop file system needs root and mkfs.ext4")
            return None
        image, mount = self.work / "ext4.img", self.work / "ext4"
        self.unmount(mount)
        image.unlink(missing_ok=True)
        subprocess.run(["truncate", "-s", "8G", str(image)], check=True)
        subprocess.run(["mkfs.ext4", "-q", "-F", "-N", "1000000", str(image)], check=True)
        mount.mkdir(exist_ok=True)
        made = subprocess.run(["mount", "-o", "loop", str(image), str(mount)], stderr=subprocess.PIPE, text=True)
        if made.returncode != 0:
            self.notes.append(f"the ext4 rows were left out: mount failed ({made.stderr.strip()})")
            return None
        return mount

    @staticmethod
    def unmount(mount):
        if os.path.ismount(mount):
            subprocess.run(["umount", str(mount)], check=False)

    # -- instructions ----------------------------------------------------------------------------------

    def callgrind(self, command, out_file="/dev/null"):
        """The user-space instructions `command` executes, all threads, as callgrind counts them."""
        result = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}"] + command,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if result.returncode != 0:
            sys.exit(f"failed under callgrind ({result.returncode}): {' '.join(command)}\n{result.stderr[-3000:]}")
        for line in result.stderr.splitlines():
            if "Collected :" in line:
                return int(line.split(":")[-1].strip())
        sys.exit(f"bench: callgrind printed no count for {' '.join(command)}")

    @staticmethod
    def sha256_blocks(out_file):
        """The instructions a callgrind profile spent in SHA-256's block function. Valgrind hides the CPU's SHA
        extensions, so BoringSSL hashes with its AVX or SSSE3 code there, about 1,000 instructions a 64-byte
        block; natively it uses SHA-NI where the CPU has it, at a small part of that."""
        # Exclusive counts, one line a function: no source annotation, whose call lines would count twice.
        result = subprocess.run(["callgrind_annotate", "--threshold=100", "--auto=no", "--inclusive=no",
                                 str(out_file)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if result.returncode != 0:
            sys.exit(f"bench: callgrind_annotate failed on {out_file}:\n{result.stderr[-2000:]}")
        total = 0
        for line in result.stdout.splitlines():
            if "sha256_block_data_order_" in line:
                total += int(line.split()[0].replace(",", ""))
        if total == 0:
            print(f"bench: no SHA-256 block function in {out_file}; the row counts none", file=sys.stderr)
        return total

    def instructions(self, parent):
        n = self.args.instructions
        if n <= 0:
            return
        if not shutil.which("valgrind"):
            self.notes.append("the instruction row was left out: valgrind is missing (make bench-deps installs it)")
            return
        print(f"== instructions: {n} world items under callgrind", file=sys.stderr)
        root = Path(tempfile.mkdtemp(prefix="scrollery-instructions-", dir=parent))
        try:
            # Without its debug information: callgrind reads the binary's whole DWARF otherwise.
            binary = root / "scrollery"
            subprocess.run(["strip", "-g", "-o", str(binary), str(SCROLLERY)], check=True)
            counts = {}
            for size in (10, n):
                data = root / f"data-{size}"
                generate.generate(size, data, hugo=False, world_text=True)
                out = root / "out"
                self.fresh(out)
                counts[size] = self.callgrind([str(binary), "build", str(data / "scrollery"), "--output", str(out),
                                               "--quiet"], out_file=root / f"callgrind-{size}.out")
            sha256 = {size: self.sha256_blocks(root / f"callgrind-{size}.out") for size in counts}
            tree = root / "tree.txt"
            Bench.tree_of(out, tree)
            inputs = Bench.inputs_of(root / f"data-{n}" / "scrollery" / "data", root / "inputs.txt")
            self.fresh(out)
            floor = self.callgrind([str(self.floor), str(root / f"data-{n}" / "descriptions.md"), str(tree), str(out),
                                    str(inputs)])
        finally:
            shutil.rmtree(root, ignore_errors=True)
        self.rows.append(("instructions", f"{n} items", {"items": n, "build": counts[n], "small": counts[10],
                                                          "floor": floor, "sha256": sha256[n],
                                                          "small_sha256": sha256[10]}))

    # -- remote ----------------------------------------------------------------------------------------

    def remote_sites(self, server):
        """The remote site (pointed at `server`'s routes by `base`) and the same gallery as local files."""
        n = self.args.n
        local = self.remote_root / "remote-local"
        if not (local / "scrollery.yml").exists():
            self.fresh(local)
            (local / "data" / "info").mkdir(parents=True)
            (local / "scrollery.yml").write_text(f"""\
title: CPU bench
pageSize: 100
source:
  url: data/list-{{{{page}}}}.json
  paginate: {{ style: page, first: 1 }}
detail:
  url: data/info/{{{{id}}}}.json
  concurrency: {self.args.concurrency}
""" + REPLICA_ITEM)
            for page in range(1, n // PAGE + 2):
                status, body = server.respond(f"/v2/list?page={page}&limit={PAGE}")
                (local / "data" / f"list-{page}.json").write_text(json.dumps(body))
            for number in range(1, n + 1):
                status, body = server.respond(f"/id/{number}/info")
                (local / "data" / "info" / f"{number}.json").write_text(json.dumps(body))
        return local

    def remote_site(self, name, base):
        site = self.remote_root / f"remote-{name.split()[0]}"
        self.fresh(site)
        site.mkdir(parents=True)
        config = (self.remote_root / "remote-local" / "scrollery.yml").read_text()
        config = config.replace("url: data/", f"url: {base}/data/")
        (site / "scrollery.yml").write_text(config)
        return site

    def urls(self, base):
        pages = [f"{base}/data/list-{page}.json" for page in range(1, self.args.n // PAGE + 2)]
        return pages + [f"{base}/data/info/{number}.json" for number in range(1, self.args.n + 1)]

    def curl(self, urls):
        config = self.work / "curl.txt"
        config.write_text("".join(f'url = "{url}"\noutput = "/dev/null"\n' for url in urls))
        return timed(["curl", "--silent", "--fail", "--parallel", "--parallel-max", str(self.args.concurrency),
                      "--parallel-immediate", "--config", str(config)], self.report)

    def http_client(self, urls):
        """AsyncHTTPClient alone over the same URLs, or None when its program was not built."""
        if not HTTP_CLIENT_FLOOR.exists():
            return None
        listed = self.work / "urls.txt"
        listed.write_text("".join(url + "\n" for url in urls))
        return timed([str(HTTP_CLIENT_FLOOR), str(listed), str(self.args.concurrency)], self.report)

    def remote(self, name, base, local, count_requests, runs):
        site = self.remote_site(name, base)
        urls = self.urls(base)
        fetched, plain, curls, clients = [], [], [], []
        for _ in range(runs):
            for source, results in ((site, fetched), (local, plain)):
                self.fresh(source / ".scrollery-cache")
                out = self.remote_root / "out-remote"
                self.fresh(out)
                before = count_requests()
                os.sync()
                results.append(self.scrollery(source, out))
                made = count_requests() - before
                if source is site and made < len(urls):
                    sys.exit(f"bench: the build from {name} made {made} requests, fewer than {len(urls)}")
            before = count_requests()
            curls.append(self.curl(urls))
            if count_requests() - before < len(urls):
                sys.exit(f"bench: curl made fewer than {len(urls)} requests to {name}")
            before = count_requests()
            client = self.http_client(urls)
            if client:
                clients.append(client)
                if count_requests() - before < len(urls):
                    sys.exit(f"bench: the HTTP client floor made fewer than {len(urls)} requests to {name}")
            print(f"  {name}: Scrollery wall {fetched[-1]['wall']:.2f} s, CPU {fetched[-1]['cpu']:.2f} s; local CPU "
                  f"{plain[-1]['cpu']:.2f} s; curl wall {curls[-1]['wall']:.2f} s, CPU {curls[-1]['cpu']:.2f} s"
                  + (f"; AsyncHTTPClient alone wall {clients[-1]['wall']:.2f} s, CPU {clients[-1]['cpu']:.2f} s"
                     if clients else ""), file=sys.stderr)
        self.fresh(self.remote_root / "out-remote")
        self.rows.append(("remote", name, {
            "responses": len(urls), "wall": median(fetched, "wall"), "cpu": median(fetched, "cpu"),
            "local": median(plain, "cpu"), "curl_wall": median(curls, "wall"), "curl": median(curls, "cpu"),
            "client": median(clients, "cpu") if clients else None,
            "each_beyond": [(build["cpu"] - alone["cpu"]) / max(curl["cpu"], 1e-6)
                            for build, alone, curl in zip(fetched, plain, curls)]}))

    def remotes(self):
        maker = replica.Replica(self.args.n, 0, world_text=True)
        local = self.remote_sites(maker)
        server = replica.FolderReplica(local / "data", self.args.latency_ms / 1000).start()
        try:
            self.remote(f"replica {self.args.latency_ms:g} ms away", f"http://127.0.0.1:{server.port}", local,
                        lambda: server.requests, self.args.runs)
        finally:
            server.stop()
        nginx = bench_nginx.find()
        if not nginx:
            self.notes.append("the nginx row was left out: nginx is missing (make bench-deps installs nginx-light)")
            return
        prefix = self.work / "nginx"
        self.fresh(prefix)
        stop, port, requests = bench_nginx.serve_json_files(nginx, prefix, local)
        try:
            self.remote("nginx on this machine", f"http://127.0.0.1:{port}", local, requests, self.args.nginx_runs)
        finally:
            stop()

    # -- the report ------------------------------------------------------------------------------------

    def print_report(self):
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE, capture_output=True,
                                text=True).stdout.strip()
        remote = "" if self.args.no_remote else f", {self.args.runs} from the replica, {self.args.nginx_runs} from nginx"
        print()
        print(f"CPU per item and per response, {os.cpu_count()} cores, {time.strftime('%Y-%m-%d')}, commit {commit}, "
              f"N = {self.args.n}, medians of {self.args.local_runs} local{remote} run(s); "
              f"the wall ratios are medians of each run's own")
        print()
        print("| local text (world) | wall s | CPU s (user + system) | reads s | libcmark s | writes s | CPU / libcmark "
              "| the floor's CPU s / libcmark | wall / writes | wall / (libcmark + writes) |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for kind, name, row in self.rows:
            if kind == "local":
                row["cmark"], row["write"] = max(row["cmark"], 1e-6), max(row["write"], 1e-6)
                print(f"| {name} | {row['wall']:.2f} | {row['cpu']:.2f} ({row['user']:.2f} + {row['system']:.2f}) "
                      f"| {row['read']:.2f} | {row['cmark']:.2f} | {row['write']:.2f} | {row['cpu'] / row['cmark']:.1f}× "
                      f"| {row['floor_cpu']:.2f}, {row['floor_cpu'] / row['cmark']:.1f}× | {row['over_write']:.2f}× | {row['over_floor']:.2f}× |")
        for kind, name, row in self.rows:
            if kind == "local":
                each = ", ".join(f"{ratio:.2f}×" for ratio in row["each_over_floor"])
                print(f"\n{name}, wall / (libcmark + writes) run by run, each over the floor timed after it: {each}")
        for kind, name, row in self.rows:
            if kind == "instructions":
                n = row["items"]
                per_item = (row["build"] - row["small"]) / (n - 10)
                print()
                floor_per_item = row["floor"] / n
                print("| instructions (callgrind, user space), world text, tmpfs | the build | a 10-item build "
                      "| per item beyond it | the floor program (reads, libcmark, writes) | build / floor "
                      "| per item / the floor's |")
                print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
                print(f"| {n:,} items | {row['build'] / 1e6:,.1f} M | {row['small'] / 1e6:,.1f} M "
                      f"| {per_item / 1e3:,.1f} k | {row['floor'] / 1e6:,.1f} M ({floor_per_item / 1e3:,.1f} k "
                      f"per item) | {row['build'] / row['floor']:.1f}× | {per_item / floor_per_item:.1f}× |")
                sha_per_item = (row["sha256"] - row["small_sha256"]) / (n - 10)
                print()
                print(f"Of the {per_item / 1e3:,.1f} k an item, {sha_per_item / 1e3:,.1f} k are SHA-256's block "
                      f"function (fingerprints): valgrind hides the CPU's SHA extensions, so BoringSSL hashes with "
                      f"its vector code under callgrind. Without them, "
                      f"{(per_item - sha_per_item) / 1e3:,.1f} k an item, "
                      f"{(per_item - sha_per_item) / floor_per_item:.1f}× the floor's.")
        if not self.args.no_remote:
            print()
            print("| remote, from an empty cache | responses | wall s | CPU s | CPU ms per response | beyond local, ms "
                  "per response | curl wall s | curl CPU ms per response | Scrollery / curl "
                  "| AsyncHTTPClient alone, ms per response (/ curl) |")
            print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
            for kind, name, row in self.rows:
                if kind == "remote":
                    each = row["cpu"] / row["responses"] * 1000
                    beyond = (row["cpu"] - row["local"]) / row["responses"] * 1000
                    beyond_ratio = statistics.median(row["each_beyond"])
                    curl = max(row["curl"], 1e-6) / row["responses"] * 1000
                    client = row["client"] / row["responses"] * 1000 if row["client"] is not None else None
                    shown = f"{client:.3f} ({client / curl:.1f}×)" if client is not None else "not built"
                    print(f"| {name} | {row['responses']:,} | {row['wall']:.2f} | {row['cpu']:.2f} | {each:.3f} "
                          f"| {beyond:.3f} | {row['curl_wall']:.2f} | {curl:.3f} | {each / curl:.1f}× "
                          f"(beyond local {beyond_ratio:.1f}×) | {shown} |")
            for kind, name, row in self.rows:
                if kind == "remote":
                    each = ", ".join(f"{ratio:.1f}×" for ratio in row["each_beyond"])
                    print(f"\n{name}, CPU beyond the local build / curl's, run by run, each beside its own local "
                          f"build and curl: {each}")
        for note in self.notes:
            print(f"\nNote: {note}")

    def run(self):
        subprocess.run(["cc", "-O2", "-o", str(self.floor), str(HERE / "floor.c"), "-lcmark"], check=True)
        print(f"== local text: {self.args.n} world items", file=sys.stderr)
        mount = self.ext4()
        try:
            if mount:
                self.local("journaled ext4 (loop)", mount / "local")
            shm = Path(self.args.tmpfs)
            if shm.is_dir():
                root = Path(tempfile.mkdtemp(prefix="scrollery-cpu-", dir=shm))
                try:
                    self.local(f"tmpfs ({shm})", root)
                finally:
                    shutil.rmtree(root, ignore_errors=True)
                self.instructions(shm)
            else:
                self.notes.append(f"the tmpfs row was left out: {shm} is not a folder")
            if not self.args.no_remote:
                print(f"== remote: {self.args.n} items and their details, {self.args.concurrency} at a time",
                      file=sys.stderr)
                if mount:
                    self.remote_root = mount / "remote"
                    self.remote_root.mkdir()
                self.remotes()
        finally:
            if mount:
                self.unmount(mount)
                (self.work / "ext4.img").unlink(missing_ok=True)
        self.print_report()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=3, help="builds from the replica")
    parser.add_argument("--nginx-runs", type=int, default=15, help="builds from nginx")
    parser.add_argument("--local-runs", type=int, default=15, help="builds from local text on each disk")
    parser.add_argument("--latency-ms", type=float, default=20)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--no-ext4", action="store_true", help="leave out the journaled ext4 loop image")
    parser.add_argument("--no-remote", action="store_true", help="leave out the builds from the replica and nginx")
    parser.add_argument("--instructions", type=int, default=2000,
                        help="items of the build counted under callgrind (0 leaves the count out)")
    parser.add_argument("--tmpfs", default="/dev/shm")
    parser.add_argument("--work", default=str(HERE.parent / ".build" / "bench-cpu"))
    args = parser.parse_args()
    if args.local_runs < 1 or args.runs < 1 or args.nginx_runs < 1:
        # The remote rows subtract the CPU of the same build from local files, so every table needs a local run.
        parser.error("--local-runs, --runs and --nginx-runs take 1 build or more")
    if 0 < args.instructions <= 10:
        parser.error("--instructions counts a build beyond a 10-item one: give more than 10 items, or 0")
    if not SCROLLERY.exists():
        sys.exit(f"bench: {SCROLLERY} is missing: run `make bench-cpu`, which builds it")
    CPUBench(args).run()


if __name__ == "__main__":
    main()
