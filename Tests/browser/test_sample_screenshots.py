"""The README's pictures: the repository's sample gallery (site/), built with the real binary, on a
phone and a desktop in headless Chromium. The shots go to .build/screenshots/sample-*.png; `make
screenshots` copies them to docs/images/, where the README shows them."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import REPO, console_errors, wait_for
from server import FaultServer
from test_infinite_scroll import READY, png_size, screenshot

SHOTS = REPO / ".build" / "screenshots"


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    binary = Path(os.environ.get("SCROLLERY_BIN", REPO / ".build" / "debug" / "scrollery"))
    if not binary.is_absolute():
        binary = REPO / binary
    tmp = tmp_path_factory.mktemp("scrollery-sample")
    site = tmp / "site"
    shutil.copytree(REPO / "site", site, ignore=shutil.ignore_patterns("public", ".scrollery-cache"))
    out = tmp / "out"
    run = subprocess.run([str(binary), "build", str(site), "--output", str(out)], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, f"{run.stdout}\n{run.stderr}"
    with FaultServer(out) as server:
        yield server


@pytest.mark.parametrize("name, width, height, mobile, size", [
    ("sample-desktop.png", 1280, 800, False, (1280, 800)),
    ("sample-phone.png", 390, 844, True, (780, 1688)),
])
def test_the_sample_gallery_as_the_readme_shows_it(sample, browser, name, width, height, mobile, size):
    SHOTS.mkdir(parents=True, exist_ok=True)
    d = browser(width, height, mobile=mobile)
    d.get(sample.origin + "/")
    wait_for(d, READY, 10, "the script to start")
    assert d.execute_script("return document.querySelector('h1').textContent") == "Sample Gallery"
    wait_for(d, "return document.querySelectorAll('.feed > article').length >= 24", 10, "the first page's cards")
    assert d.execute_script("return document.documentElement.scrollWidth") <= width, "horizontal overflow"
    screenshot(d, SHOTS / name)
    assert png_size(SHOTS / name) == size
    assert console_errors(d) == []
