#!/usr/bin/env python3
"""Groups at gallery scale (issue 50): the same `world` gallery built with and without two groups, in one run,
and the same tag pages in Hugo (taxonomies over the same items as content files).

    python3 bench/groups.py [--n 10000,100000] [--runs 3] [--hugo-n 10000]

For each N, generates N items of world text (bench/generate.py --world) whose tags are one to four drawn with
Zipf's law from N/10 made-up tags (so about 100,000 distinct at a million items), then, alternating, `runs`
times each from a clean output and cache (pictures off):
  - `scrollery build` without groups;
  - with `groups: { author: "{{author}}", tag: "{{#detail.tags}}{{.}}\\n{{/detail.tags}}" }`;
  - at N = --hugo-n, `hugo` over the same items with `tags` and `authors` taxonomies, its term pages paged
    as Scrollery's (bench/hugo-groups/ over bench/hugo/).
Prints median wall and CPU times, peak memory, the pages each writes, and what a group page costs against
the build's own cost per page. Python 3 standard library only, with a release `scrollery`.
"""

import argparse
import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
_spec = importlib.util.spec_from_file_location("generate", ROOT / "bench" / "generate.py")
generate = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(generate)
_search_spec = importlib.util.spec_from_file_location("search", ROOT / "bench" / "search.py")
search = importlib.util.module_from_spec(_search_spec)
_search_spec.loader.exec_module(search)

GROUPS_CONFIG = """
groups:
  author: "{{author}}"
  tag: "{{#detail.tags}}{{.}}\\n{{/detail.tags}}"
"""


def sites(n, work, hugo):
    data = work / f"data-{n}"
    if not (data / "complete").exists():
        print(f"generating {n} items (world text, {n // 10} tags)...", file=sys.stderr)
        generate.generate(n, data, hugo=hugo, world_text=True,
                          tag_vocabulary=generate.TagVocabulary(max(10, n // 10)), taxonomies=hugo)
        if hugo:
            shutil.copytree(ROOT / "bench" / "hugo-groups", data / "hugo", dirs_exist_ok=True)
            config = data / "hugo" / "hugo.toml"
            text = config.read_text().replace('disableKinds = ["taxonomy", "term"]\n', "")
            config.write_text(text + '\n[taxonomies]\ntag = "tags"\nauthor = "authors"\n')
        (data / "complete").write_text("")
    plain = data / "scrollery"
    grouped = data / "scrollery-groups"
    with open(plain / "scrollery.yml", "a+", encoding="utf-8") as config:
        config.seek(0)
        if "images: { enabled: false }" not in config.read():
            config.write("images: { enabled: false }\n")
    shutil.rmtree(grouped, ignore_errors=True)
    # Hard links: the builds only read the source, and a million files copy in minutes but link in seconds.
    shutil.copytree(plain, grouped, ignore=shutil.ignore_patterns("public", ".scrollery-cache"), copy_function=os.link)
    # The config is the one file that differs: a file of its own, not a link to the plain site's.
    config = (plain / "scrollery.yml").read_text(encoding="utf-8")
    (grouped / "scrollery.yml").unlink()
    (grouped / "scrollery.yml").write_text(config + GROUPS_CONFIG, encoding="utf-8")
    return plain, grouped, (data / "hugo" if hugo else None)


def pages(folder):
    return sum(1 for path in folder.rglob("index.html"))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", default=os.environ.get("BENCH_GROUPS_N", "10000,100000"))
    parser.add_argument("--runs", type=int, default=int(os.environ.get("BENCH_GROUPS_RUNS", "3")))
    parser.add_argument("--hugo-n", type=int, default=10000)
    parser.add_argument("--scrollery", default=str(ROOT / ".build" / "release" / "scrollery"))
    parser.add_argument("--hugo", default=shutil.which("hugo") or "hugo")
    parser.add_argument("--work", default=str(ROOT / ".build" / "bench-groups"))
    args = parser.parse_args()
    for n in [int(part) for part in args.n.split(",") if part]:
        with_hugo = n == args.hugo_n and shutil.which(args.hugo) is not None
        plain, grouped, hugo = sites(n, Path(args.work), with_hugo)
        results = {"no groups": [], "groups": [], "hugo": []}
        counts = {}
        for run in range(args.runs):
            for name, site in (("no groups", plain), ("groups", grouped)):
                for folder in ("public", ".scrollery-cache"):
                    shutil.rmtree(site / folder, ignore_errors=True)
                results[name].append(search.timed([args.scrollery, "build", str(site), "--quiet"]))
                counts[name] = pages(site / "public")
                print(f"  {n} run {run + 1}: {name} {results[name][-1][0]:.2f} s", file=sys.stderr)
            if hugo:
                shutil.rmtree(hugo / "public", ignore_errors=True)
                results["hugo"].append(search.timed([args.hugo, "--quiet", "--source", str(hugo)]))
                counts["hugo"] = pages(hugo / "public")
                print(f"  {n} run {run + 1}: hugo {results['hugo'][-1][0]:.2f} s", file=sys.stderr)
        tags = sum(1 for _ in (grouped / "public" / "tag").glob("*/index.html"))
        print(f"\n{n} items, world text, {tags} distinct tags; {args.runs} runs, median (peak memory: the largest)")
        print(f"{'build':<12} {'wall s':>8} {'cpu s':>8} {'peak MB':>8} {'pages':>8}")
        for name, runs in results.items():
            if not runs:
                continue
            wall = statistics.median(r[0] for r in runs)
            cpu = statistics.median(r[2] for r in runs if r[2] is not None)
            peak = max((r[1] for r in runs if r[1]), default=0) / 1024
            print(f"{name:<12} {wall:>8.2f} {cpu:>8.2f} {peak:>8.1f} {counts.get(name, 0):>8}")
        base = statistics.median(r[2] for r in results["no groups"])
        with_groups = statistics.median(r[2] for r in results["groups"])
        extra_pages = counts["groups"] - counts["no groups"]
        per_page = base / max(1, counts["no groups"])
        per_group_page = (with_groups - base) / max(1, extra_pages)
        print(f"CPU per page of the build without groups: {per_page * 1000:.3f} ms; per group page added: "
              f"{per_group_page * 1000:.3f} ms ({extra_pages} pages)")


if __name__ == "__main__":
    main()
