#!/usr/bin/env python3
"""`scrollery deploy` against `aws s3 sync` and `rclone sync --checksum`, on the same S3 server, in one run.

    python3 bench/deploy.py [--n 10000] [--memory-n 100000] [--memory-only] [--compare PATH] [--scrollery PATH]
                            [--work DIR]

Builds a generated gallery of N items (bench/generate.py, the `world` corpus: every script, emoji, long
Markdown) with Scrollery, starts moto's S3 server on 127.0.0.1 (no signature check: this measures the
tools, not the proxy the tests use), and for each tool, into a bucket of its own:

1. the first deploy of the whole output folder;
2. a deploy with nothing changed, from the same folder;
3. a deploy with nothing changed from a fresh copy of the folder (`cp -r`: every file has a new
   modification time, as after a CI checkout or a cache restore);
4. Scrollery alone, that again with `--verify` (it lists the bucket instead of reading its manifest).

Then, with `--memory-n`, Scrollery alone on a gallery of that many items: the peak memory of dry runs,
which plan every file (walk, MD5s, the bucket's side, merge) and write nothing: into an empty bucket (every
file to upload), then, after one real deploy of it, with nothing changed from the manifest and from a
listing (`--verify`). `--compare PATH` measures another binary's dry runs beside (the commit before, say);
`--memory-only` skips the tools' comparison. Each is one run, timed around the process (Scrollery's peak
memory from /usr/bin/time); the uploads are counted from each tool's own output and checked against the
bucket. The tools run with their defaults (Scrollery 8 requests at once, the AWS CLI 10, rclone 4 transfers
and 8 checkers). moto is written in Python: its own speed bounds every figure here, so compare tools within
this run, not with a real S3.
"""

import argparse
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
import generate  # noqa: E402

KEY_ID = "AKIABENCHDEPLOY0001"
SECRET = "bench/deploy+Secret/0123456789abcdefghijkl"


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_moto(port, log):
    moto = shutil.which("moto_server")
    command = [moto] if moto else [sys.executable, "-m", "moto.server"]
    process = subprocess.Popen(command + ["-p", str(port)], stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit("moto_server exited before it was ready (pip install 'moto[server]')")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/moto-api/", timeout=1).read()
            return process
        except Exception:
            time.sleep(0.05)
    sys.exit("moto_server was not ready within 60 s")


def run(command, env, cwd=None):
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=cwd)
    wall = time.monotonic() - started
    if done.returncode != 0:
        sys.exit(f"{' '.join(command[:3])} failed ({done.returncode}):\n{done.stdout[-1500:]}\n{done.stderr[-1500:]}")
    return wall, done.stdout + done.stderr


def files_under(folder):
    return sum(1 for path in Path(folder).rglob("*") if path.is_file() and not path.name.startswith(".scrollery"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=10000)
    parser.add_argument("--scrollery", default=str(ROOT / ".build/release/scrollery"))
    parser.add_argument("--work", default=str(ROOT / ".build/bench-deploy"))
    parser.add_argument("--memory-n", type=int, default=0)
    parser.add_argument("--memory-only", action="store_true")
    parser.add_argument("--compare")
    args = parser.parse_args()
    scrollery = args.scrollery
    needed = [scrollery, shutil.which("aws")] + ([] if args.memory_only else [shutil.which("rclone")])
    for tool in needed + ([args.compare] if args.compare else []):
        if not tool or not os.path.exists(tool):
            sys.exit(f"bench/deploy.py: missing {tool} (make bench-deploy installs awscli and rclone)")
    Path(args.work).mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="run-", dir=args.work))
    port = free_port()
    endpoint = f"http://127.0.0.1:{port}"
    env = dict(os.environ, CI="true", AWS_ACCESS_KEY_ID=KEY_ID, AWS_SECRET_ACCESS_KEY=SECRET,
               AWS_DEFAULT_REGION="us-east-1", AWS_REGION="us-east-1", AWS_EC2_METADATA_DISABLED="true",
               RCLONE_CONFIG_BENCH_TYPE="s3", RCLONE_CONFIG_BENCH_PROVIDER="Other",
               RCLONE_CONFIG_BENCH_ENDPOINT=endpoint, RCLONE_CONFIG_BENCH_ACCESS_KEY_ID=KEY_ID,
               RCLONE_CONFIG_BENCH_SECRET_ACCESS_KEY=SECRET, RCLONE_CONFIG_BENCH_REGION="us-east-1")
    # The server is plain http on this machine: no CA bundle (rclone's S3 client fails on one it cannot load).
    for name in ("AWS_ENDPOINT_URL", "AWS_ENDPOINT_URL_S3", "AWS_CA_BUNDLE"):
        env.pop(name, None)
    moto_log = open(work / "moto.log", "w")
    moto = start_moto(port, moto_log)
    try:
        aws = ["aws", "--endpoint-url", endpoint, "s3"]
        if not args.memory_only:
            print(f"== generating and building {args.n} items (world corpus)", file=sys.stderr)
            generate.generate(args.n, work / "gallery", hugo=False, world_text=True)
            site = work / "gallery" / "scrollery"
            run([scrollery, "build", str(site)], env)
            output = site / "public"
            count = files_under(output)
            size = sum(p.stat().st_size for p in output.rglob("*")
                       if p.is_file() and not p.name.startswith(".scrollery"))
            fresh = work / "fresh"
            for bucket in ("scrollery-bench", "aws-bench", "rclone-bench"):
                run(aws + ["mb", f"s3://{bucket}"], env)

            peaks = []

            def scrollery_deploy(folder, *flags):
                wall, text = run(["/usr/bin/time", "-f", "peak-rss-kb %M", scrollery, "deploy", str(folder), "--to",
                                  "s3://scrollery-bench/g", "--endpoint", endpoint, *flags], env)
                uploaded = re.search(r": ([\d,]+) uploaded", text)
                peak = re.search(r"peak-rss-kb (\d+)", text)
                peaks.append(int(peak.group(1)) / 1024 if peak else 0)
                return wall, int(uploaded.group(1).replace(",", "")) if uploaded else -1

            def aws_sync(folder):
                wall, text = run(aws + ["sync", str(folder / "public"), "s3://aws-bench/g", "--no-progress",
                                        "--exclude", ".scrollery*"], env)
                return wall, len(re.findall(r"^upload: ", text, re.MULTILINE))

            def rclone_sync(folder):
                wall, text = run(["rclone", "sync", "--checksum", "-v", "--exclude", ".scrollery*",
                                  str(folder / "public"), "bench:rclone-bench/g"], env)
                return wall, len(re.findall(r": Copied \(", text))

            tools = [("scrollery deploy", scrollery_deploy), ("aws s3 sync", aws_sync),
                     ("rclone sync --checksum", rclone_sync)]
            results = {name: [] for name, _ in tools}
            print("== first deploys", file=sys.stderr)
            for name, deploy in tools:
                results[name].append(deploy(site))
            print("== no-change deploys", file=sys.stderr)
            repeats = []
            for name, deploy in tools:
                results[name].append(deploy(site))
                if deploy is scrollery_deploy:
                    # Seconds long and sensitive to the machine's other work: two more runs, the median shown too.
                    repeats = [results[name][-1][0]] + [deploy(site)[0] for _ in range(2)]
            print("== no-change deploys from a fresh copy (new modification times)", file=sys.stderr)
            subprocess.run(["cp", "-r", str(site), str(fresh)], check=True)
            for name, deploy in tools:
                results[name].append(deploy(fresh))
            # Scrollery once more with --verify: the bucket listed instead of its manifest read.
            verified = scrollery_deploy(fresh, "--verify")
            for bucket in ("scrollery-bench", "aws-bench", "rclone-bench"):
                _, listing = run(aws + ["ls", "--recursive", f"s3://{bucket}/g/"], env)
                listed = len([line for line in listing.splitlines() if line.strip()])
                # Scrollery's bucket also holds its manifest, .scrollery-deploy.
                expected = count + (1 if bucket == "scrollery-bench" else 0)
                if listed != expected:
                    sys.exit(f"s3://{bucket}/g holds {listed} objects, not {expected}")
            commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                                    text=True).stdout.strip()
            print(f"\nDeploy, {args.n} items ({count} files, {size / 1e6:.1f} MB), moto on 127.0.0.1, "
                  f"{time.strftime('%Y-%m-%d')}, commit {commit}, one run each, the same run\n")
            print("| tool | first deploy s (uploads) | nothing changed s (uploads) | fresh copy s (uploads) |")
            print("| --- | ---: | ---: | ---: |")
            for name, _ in tools:
                cells = [f"{wall:.2f} ({uploads:,})" for wall, uploads in results[name]]
                print(f"| {name} | " + " | ".join(cells) + " |")
            print(f"| scrollery deploy --verify (lists the bucket) | | | {verified[0]:.2f} ({verified[1]:,}) |")
            print(f"\nscrollery deploy, nothing changed, three runs: {', '.join(f'{wall:.2f}' for wall in repeats)} s "
                  f"(median {sorted(repeats)[1]:.2f} s)")
            print(f"\nscrollery deploy's peak RSS: {', '.join(f'{peak:.0f} MB' for peak in peaks)}")
        if args.memory_n:
            print(f"== {args.memory_n} items, Scrollery alone", file=sys.stderr)
            generate.generate(args.memory_n, work / "large", hugo=False, world_text=True)
            large = work / "large" / "scrollery"
            run([scrollery, "build", str(large)], env)
            files = files_under(large / "public")
            run(aws + ["mb", "s3://scrollery-large"], env)
            binaries = [("this", scrollery)] + ([("compared", args.compare)] if args.compare else [])

            def measured(binary, *flags):
                wall, text = run(["/usr/bin/time", "-f", "peak-rss-kb %M", binary, "deploy", str(large), "--to",
                                  "s3://scrollery-large/g", "--endpoint", endpoint, *flags], env)
                peak = re.search(r"peak-rss-kb (\d+)", text)
                planned = re.search(r"([\d,]+) to upload", text) or re.search(r": ([\d,]+) uploaded", text)
                return wall, planned.group(1) if planned else "?", int(peak.group(1)) / 1024 if peak else 0

            # A dry run plans every file (the walk in key order, an MD5 of each, the bucket's side, the merge)
            # and writes nothing: the memory of a deploy of that size without moto's minutes of uploads.
            rows = [(label, "empty bucket: every file to upload", measured(binary, "--dry-run"))
                    for label, binary in binaries]
            print("== the real deploy that fills the bucket", file=sys.stderr)
            deployed = measured(scrollery)
            for label, binary in binaries:
                rows.append((label, "nothing changed, from the manifest", measured(binary, "--dry-run")))
                rows.append((label, "nothing changed, from a listing (--verify)",
                             measured(binary, "--dry-run", "--verify")))
            commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                                    text=True).stdout.strip()
            print(f"\nscrollery deploy --dry-run, {args.memory_n} items ({files} files), commit {commit}"
                  + (f", compared with {args.compare}" if args.compare else "") + "\n")
            print("| binary | bucket's side | to upload | wall s | peak RSS MB |")
            print("| --- | --- | ---: | ---: | ---: |")
            for label, case, (wall, planned, peak) in rows:
                print(f"| {label} | {case} | {planned} | {wall:.1f} | {peak:.0f} |")
            print(f"\nthe real deploy that filled the bucket: {deployed[1]} uploaded in {deployed[0]:.1f} s, "
                  f"peak {deployed[2]:.0f} MB")
    finally:
        moto.terminate()
        moto.wait()
        moto_log.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
