#!/usr/bin/env python3
"""Search at gallery scale: Scrollery's index against Pagefind on the same built site (issue 33).

    python3 bench/search.py [--n 10000] [--runs 3] [--pagefind PATH]

Generates N items with the world's text (bench/generate.py --world: many scripts, diacritics, emoji,
long Markdown), then, alternating, `runs` times each from a clean output and cache:
  - `scrollery build` without search, and with `search: { enabled: true, filters: { tag: … } }`;
  - Pagefind (PyPI pagefind-bin) over the site built without search.
With `--remote-latency MS`, each round also builds the same two sites with their source served over HTTP
(bench/replica.py's FolderReplica: the generated JSON files, each answer MS ms late, 8 details at a time, as
the generated config asks), fetching everything (each build starts from an empty cache): what indexing costs a
gallery built from an API.
Before each round, the floor of indexing: bench/search_floor.c (compiled with the system's cc), one thread
cutting the same descriptions into words and counting the distinct ones, with no folding, postings or files.
Prints the median times (indexing costs: Scrollery's is the difference of its two builds), the peak memory
of each build, and the files and bytes each index writes. Python 3 standard library only, with a release
`scrollery` (make bench-search builds it and installs Pagefind in .build/pagefind-venv).
"""

import argparse
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import replica  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("generate", ROOT / "bench" / "generate.py")
generate = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(generate)

SEARCH_CONFIG = """
search:
  enabled: true
  fields: [title, description]
  filters:
    tag: "{{#detail.tags}}{{.}}\\n{{/detail.tags}}"
"""


def generate_sites(n, work, reuse=False, vocabulary=False):
    """Writes N items of world text under `work`: the same site without search and with SEARCH_CONFIG
    (bench/search_browser.py uses it too); with `reuse`, keeps the items an earlier run generated; with
    `vocabulary`, each description ends with notes drawn from 50,000 words (bench/world.py `Vocabulary`).
    Returns (plain, with_search), the two site folders."""
    data = work / (f"data-{n}-vocabulary" if vocabulary else f"data-{n}")
    plain = data / "scrollery"
    with_search = data / "scrollery-search"
    if not (reuse and (data / "complete").exists()):
        print(f"generating {n} items (world text{', 50,000-word vocabulary' if vocabulary else ''})...",
              file=sys.stderr)
        generate.generate(n, data, hugo=False, world_text=True,
                          vocabulary=generate.world.Vocabulary() if vocabulary else None)
        (data / "complete").write_text("")
    shutil.rmtree(with_search, ignore_errors=True)
    shutil.copytree(plain, with_search, ignore=shutil.ignore_patterns("public", ".scrollery-cache"))
    with open(with_search / "scrollery.yml", "a", encoding="utf-8") as config:
        config.write(SEARCH_CONFIG)
    return plain, with_search


def corpus_label(vocabulary):
    """How the reports name the generated corpus."""
    return "world text, 50,000-word vocabulary" if vocabulary else "world text"


def remote_sites(plain, with_search, origin):
    """The two sites again, each in a folder beside it with only its config, whose source and details are
    fetched from `origin` (a FolderReplica over plain's data/) instead of read from data/."""
    out = []
    for site in (plain, with_search):
        remote = site.with_name(site.name + "-remote")
        shutil.rmtree(remote, ignore_errors=True)
        remote.mkdir()
        text = (site / "scrollery.yml").read_text(encoding="utf-8")
        for local in ("url: data/page-{{page}}.json", "url: data/details/{{id}}.json"):
            if local not in text:
                sys.exit(f"--remote-latency: {site / 'scrollery.yml'} has no `{local}` to point at the server;"
                         " bench/generate.py must have changed how it names its files")
            text = text.replace(local, local.replace("url: data/", f"url: {origin}/data/"))
        (remote / "scrollery.yml").write_text(text, encoding="utf-8")
        out.append(remote)
    return out


def timed(command, cwd=None):
    """Runs `command`; returns (seconds, peak resident kB or None, CPU seconds (user + system) or None)."""
    time_bin = shutil.which("time") or ("/usr/bin/time" if os.path.exists("/usr/bin/time") else None)
    wrapped = [time_bin, "-f", "%M %U %S"] + command if time_bin else command
    started = time.monotonic()
    result = subprocess.run(wrapped, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seconds = time.monotonic() - started
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({result.returncode}):\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}")
    peak = cpu = None
    if time_bin:
        fields = (result.stderr.strip().splitlines()[-1:] or [""])[0].split()
        if len(fields) == 3:
            peak, cpu = int(fields[0]), float(fields[1]) + float(fields[2])
    return seconds, peak, cpu


def files_and_bytes(folder, skip=()):
    count = size = 0
    for path in folder.rglob("*"):
        if path.is_file() and path.name not in skip:
            count += 1
            size += path.stat().st_size
    return count, size


def build_floor(work):
    """Compiles bench/search_floor.c into `work` with the system's C compiler; returns its path, or None when
    there is no compiler (the floor is then left out)."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        print("  no C compiler: the floor is left out", file=sys.stderr)
        return None
    work.mkdir(parents=True, exist_ok=True)
    binary = work / "search_floor"
    subprocess.run([compiler, "-O2", "-o", str(binary), str(ROOT / "bench" / "search_floor.c")], check=True)
    return binary


def run_floor(binary, details, n):
    """Runs the floor over the generated details; returns the seconds it reports."""
    output = subprocess.run([str(binary), str(details), str(n)], check=True, capture_output=True, text=True).stdout
    return float(output.split(",")[-1].split()[0])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=int(os.environ.get("BENCH_SEARCH_N", "10000")))
    parser.add_argument("--runs", type=int, default=int(os.environ.get("BENCH_SEARCH_RUNS", "3")))
    parser.add_argument("--scrollery", default=str(ROOT / ".build" / "release" / "scrollery"))
    parser.add_argument("--pagefind", default=str(
        next((ROOT / ".build" / "pagefind-venv" / "lib").glob("python*/site-packages/pagefind_bin/pagefind"),
             Path("pagefind"))))
    parser.add_argument("--work", default=str(ROOT / ".build" / "bench-search"))
    parser.add_argument("--no-pagefind", action="store_true",
                        help="leave Pagefind out (at a million items it needs hours and tens of GB)")
    parser.add_argument("--reuse-data", action="store_true",
                        help="keep the items generated by an earlier run with the same --n")
    parser.add_argument("--remote-latency", type=float, default=None, metavar="MS",
                        help="also build both sites from their source served over HTTP, each answer MS ms late")
    parser.add_argument("--vocabulary", action="store_true",
                        help="end each description with notes drawn from 50,000 words in twelve scripts, so the"
                             " index has a real gallery's many distinct words, not the sentences' few hundred")
    args = parser.parse_args()
    if args.remote_latency is not None and args.remote_latency < 0:
        parser.error("--remote-latency must be 0 or more milliseconds")
    plain, with_search = generate_sites(args.n, Path(args.work), reuse=args.reuse_data, vocabulary=args.vocabulary)

    results = {"plain": [], "search": [], "pagefind": [], "remote plain": [], "remote search": []}
    builds = [("plain", plain), ("search", with_search)]
    server = None
    if args.remote_latency is not None:
        server = replica.FolderReplica(plain / "data", args.remote_latency / 1000).start()
        remote_plain, remote_search = remote_sites(plain, with_search, f"http://127.0.0.1:{server.port}")
        builds += [("remote plain", remote_plain), ("remote search", remote_search)]
    floor = build_floor(Path(args.work))
    floor_s = []
    for run in range(args.runs):
        if floor:
            floor_s.append(run_floor(floor, plain / "data" / "details", args.n))
        for name, site in builds:
            for folder in ("public", ".scrollery-cache"):
                shutil.rmtree(site / folder, ignore_errors=True)
            results[name].append(timed([args.scrollery, "build", str(site), "--quiet"]))
            print(f"  run {run + 1}: {name} {results[name][-1][0]:.2f} s", file=sys.stderr)
        if args.no_pagefind:
            continue
        shutil.rmtree(plain / "public" / "pagefind", ignore_errors=True)
        results["pagefind"].append(timed([args.pagefind, "--site", str(plain / "public")]))
        print(f"  run {run + 1}: pagefind {results['pagefind'][-1][0]:.2f} s", file=sys.stderr)
    if server:
        server.stop()

    def median(name):
        return statistics.median(seconds for seconds, _, _ in results[name]) if results[name] else float("nan")

    def cpu(name):
        times = [seconds for _, _, seconds in results[name] if seconds is not None]
        return statistics.median(times) if times else float("nan")

    def peak_kb(name):
        peaks = [kb for _, kb, _ in results[name] if kb]
        return max(peaks) if peaks else None

    def peak(name):
        kb = peak_kb(name)
        return f"{kb / 1024:.0f} MB" if kb else "n/a"

    plain_s, search_s, pagefind_s = median("plain"), median("search"), median("pagefind")
    indexing = max(search_s - plain_s, 0.0)
    if not (with_search / "public" / "search" / "index.json").exists():
        sys.exit("the build with search wrote no search/index.json")
    ours = files_and_bytes(with_search / "public" / "search", skip=("index.html",))
    theirs = files_and_bytes(plain / "public" / "pagefind") if not args.no_pagefind else (0, 0)
    print(f"\nSearch at N = {args.n} ({corpus_label(args.vocabulary)}), median of {args.runs} run(s), clean builds")
    print(f"  build without search     {plain_s:8.2f} s   CPU {cpu('plain'):6.2f} s   peak {peak('plain')}")
    print(f"  build with search        {search_s:8.2f} s   CPU {cpu('search'):6.2f} s   peak {peak('search')}")
    print(f"  indexing (the difference){indexing:8.2f} s   = {100 * indexing / max(plain_s, 1e-9):.1f}% of the build")
    print(f"  indexing in CPU time     {cpu('search') - cpu('plain'):8.2f} s")
    print(f"  distinct terms indexed   {distinct_terms(with_search / 'public' / 'search'):8d}")
    if floor_s:
        floor_median = statistics.median(floor_s)
        print(f"  floor: words cut, 1 thread {floor_median:6.3f} s   = {100 * floor_median / max(plain_s, 1e-9):.1f}% of the"
              f" build (bench/search_floor.c: no folding, no postings, no files)")
    if server:
        remote_plain_s, remote_search_s = median("remote plain"), median("remote search")
        remote_indexing = max(remote_search_s - remote_plain_s, 0.0)
        remote_cpu = cpu("remote search") - cpu("remote plain")
        same = index_names(remote_search / "public") == index_names(with_search / "public")
        print(f"  the same gallery from an API {args.remote_latency:g} ms away (bench/replica.py FolderReplica, 8 details"
              f" at a time, everything fetched; {'the same' if same else 'NOT the same'} index files as above):")
        print(f"    build without search   {remote_plain_s:8.2f} s   CPU {cpu('remote plain'):6.2f} s")
        print(f"    build with search      {remote_search_s:8.2f} s   CPU {cpu('remote search'):6.2f} s")
        print(f"    indexing (the difference){remote_indexing:6.2f} s   = {100 * remote_indexing / max(remote_plain_s, 1e-9):.1f}%"
              f" of the build; in CPU time {remote_cpu:.2f} s = {100 * remote_cpu / max(cpu('remote plain'), 1e-9):.1f}%"
              " of its CPU")
    if peak_kb("plain") and peak_kb("search"):
        print(f"  peak memory with search / without   {peak_kb('search') / peak_kb('plain'):8.2f}x")
    if args.no_pagefind:
        print("  Pagefind: left out (--no-pagefind)")
        print(f"  Scrollery index          {ours[0]:8d} files {ours[1] / 1e6:8.2f} MB"
              f"   ({100 * ours[0] / args.n:.2f}% of the item count)")
        return
    print(f"  Pagefind over the site   {pagefind_s:8.2f} s   CPU {cpu('pagefind'):6.2f} s   peak {peak('pagefind')}")
    if indexing >= 0.05:
        print(f"  Pagefind / Scrollery's indexing   {pagefind_s / indexing:8.1f}x")
    else:
        print("  Scrollery's indexing is within the noise of the build (under 0.05 s)")
    print(f"  Pagefind / Scrollery's whole build with search   {pagefind_s / search_s:8.2f}x")
    print(f"  Scrollery index          {ours[0]:8d} files {ours[1] / 1e6:8.2f} MB"
          f"   ({100 * ours[0] / args.n:.2f}% of the item count)")
    print(f"  Pagefind index           {theirs[0]:8d} files {theirs[1] / 1e6:8.2f} MB")


def index_names(public):
    """The names of the index's fingerprinted files under a built site's `public` (they name their bytes)."""
    return sorted(p.relative_to(public).as_posix() for p in (public / "search").rglob("*-*.json"))


def distinct_terms(search):
    """The terms in Scrollery's shards (filter values included)."""
    return sum(len(json.loads(shard.read_text(encoding="utf-8"))["terms"]) for shard in (search / "index").glob("t-*.json"))


if __name__ == "__main__":
    main()
