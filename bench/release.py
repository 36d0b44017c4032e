#!/usr/bin/env python3
"""The release archive beside Hugo's binary: size, start-up time, glibc needed, and download to first build.

    python3 bench/release.py [--runs 20] [--hugo /usr/bin/hugo]

Needs dist/ (make dist) and Debian's hugo (installed if missing). Hugo's figures are those of Debian's
package: its binary, its .deb as the download, and `hugo new site` then `hugo` as the first build.

- size: the archive and the binary in it; Hugo's .deb and binary.
- start-up: the median wall time of `scrollery --version` and `hugo version`, `--runs` each, alternating.
- glibc: the newest GLIBC_ symbol version each binary asks for (objdump -T).
- download to first build: one run each, from a file:// URL with curl (so the network is left out):
  Scrollery's two-line install of the README (curl, sha256sum -c, tar) then `init --preset local` and
  `build`; Hugo's .deb unpacked with dpkg-deb, then `hugo new site` and `hugo`. Median of `--runs // 4`.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def version() -> str:
    return subprocess.run([str(ROOT / "scripts/version")], capture_output=True, text=True, check=True).stdout.strip()


def newest_glibc(binary: Path) -> str:
    symbols = subprocess.run(["objdump", "-T", str(binary)], capture_output=True, text=True, check=True).stdout
    versions = set(re.findall(r"GLIBC_([0-9.]+)", symbols))
    return max(versions, key=lambda v: tuple(int(p) for p in v.split(".")))


def needed(binary: Path) -> list[str]:
    headers = subprocess.run(["objdump", "-p", str(binary)], capture_output=True, text=True, check=True).stdout
    return re.findall(r"NEEDED\s+(\S+)", headers)


def timed(command: list[str], **kwargs) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kwargs)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--hugo", default="/usr/bin/hugo")
    args = parser.parse_args()
    if not Path(args.hugo).exists():
        subprocess.run(["apt-get", "install", "-y", "-qq", "hugo"], check=True, stdout=subprocess.DEVNULL)
    name = f"scrollery-{version()}-linux-{os.uname().machine}"
    archive = ROOT / "dist" / f"{name}.tar.gz"
    if not archive.exists():
        sys.exit(f"release.py: no {archive}: run make dist")
    commit = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="scrollery-release-bench-") as folder:
        work = Path(folder)
        subprocess.run(["tar", "-xzf", str(archive), "-C", str(work)], check=True)
        binary = work / name / "scrollery"
        debs = work / "debs"
        debs.mkdir()
        subprocess.run(["apt-get", "download", "-qq", "hugo"], cwd=debs, check=True, stdout=subprocess.DEVNULL)
        deb = next(debs.glob("hugo_*.deb"))
        hugo_version = subprocess.run([args.hugo, "version"], capture_output=True, text=True).stdout.split()[1]

        starts = {"scrollery": [], "hugo": []}
        for _ in range(args.runs):
            starts["scrollery"].append(timed([str(binary), "--version"]))
            starts["hugo"].append(timed([args.hugo, "version"]))

        first = {"scrollery": [], "hugo": []}
        for run in range(max(1, args.runs // 4)):
            place = work / f"scrollery-{run}"
            place.mkdir()
            url = archive.as_uri()
            script = (
                f"curl -fsSLO {url} -O {url}.sha256 && sha256sum -c --status {name}.tar.gz.sha256 "
                f"&& tar -xzf {name}.tar.gz && {name}/scrollery init site --preset local "
                f"&& {name}/scrollery build site --quiet && test -s site/public/index.html")
            first["scrollery"].append(timed(["sh", "-c", script], cwd=place))
            place = work / f"hugo-{run}"
            place.mkdir()
            script = (
                f"curl -fsSLO {deb.as_uri()} && dpkg-deb -x {deb.name} unpacked "
                f"&& unpacked/usr/bin/hugo new site site --quiet && cd site && ../unpacked/usr/bin/hugo --quiet "
                f"&& test -d public")
            first["hugo"].append(timed(["sh", "-c", script], cwd=place))

        ms = lambda values: f"{statistics.median(values) * 1000:.1f} ms"  # noqa: E731
        print(f"Release figures, {time.strftime('%Y-%m-%d')}, commit {commit}, `make bench-release`")
        print()
        print(f"| | Scrollery {version()} (release archive) | Hugo {hugo_version} (Debian's package) |")
        print("| --- | --- | --- |")
        print(f"| download | {archive.stat().st_size / 1e6:.1f} MB `.tar.gz` | {deb.stat().st_size / 1e6:.1f} MB `.deb` |")
        print(f"| binary | {binary.stat().st_size / 1e6:.1f} MB | {Path(args.hugo).stat().st_size / 1e6:.1f} MB |")
        print(f"| needs | {', '.join(needed(binary))} | {', '.join(needed(Path(args.hugo)))} |")
        print(f"| glibc needed | {newest_glibc(binary)} | {newest_glibc(Path(args.hugo))} |")
        print(f"| start-up (`--version`, median of {args.runs}) | {ms(starts['scrollery'])} | {ms(starts['hugo'])} |")
        print(f"| download to first build (median of {len(first['scrollery'])}) | {ms(first['scrollery'])} "
              f"(`init --preset local`, 48 items) | {ms(first['hugo'])} (`hugo new site`, empty) |")


if __name__ == "__main__":
    main()
