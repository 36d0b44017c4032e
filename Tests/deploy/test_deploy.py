"""`scrollery deploy` end to end, against moto behind the SigV4-checking proxy: the bucket must equal the
output folder (keys, bytes, Content-Type) after every deploy, and each deploy must write exactly what
changed."""

import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

from conftest import KEY_ID, ROOT, SECRET, s3_client

BINARY = Path(os.environ.get("SCROLLERY_BIN", ROOT / ".build" / "debug" / "scrollery"))

CONFIG = """\
source:
  url: data/page-{{page}}.json
item:
  id: "{{id}}"
  title: "{{title}}"
output: public
deploy:
  headers:
    - { match: "downloads/**", cacheControl: "public, max-age=86400" }
"""

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".xml": "application/xml; charset=utf-8",
    ".webp": "image/webp",
    ".pdf": "application/pdf",
    ".txt": "text/plain; charset=utf-8",
}


def make_site(folder):
    """A site folder whose `public` is a finished build of a few items, pages and assets."""
    (folder / "scrollery.yml").write_text(CONFIG)
    public = folder / "public"
    files = {
        "index.html": "<h1>home</h1>",
        "feed.xml": "<feed/>",
        "sitemap.xml": "<urlset/>",
        "page/2/index.html": "page two",
        "page/10/index.html": "page ten",
        "assets/scrollery.3f9a2c1d.js": "console.log(1)",
        "assets/scrollery.css": "body{}",
        "downloads/book.pdf": "%PDF",
        "items/a b/index.html": "item with a space",
        "items/été/index.html": "item with accents",
        "items/c+d=e/index.html": "item with plus and equals",
        "items/z/photo-0123abcd89ef-640.webp": "RIFF....WEBP",
        "a-b.html": "sorts before a/",
        "a/index.html": "folder a",
        ".scrollery-manifest": "manifest",
        ".scrollery-render-keys": "keys",
    }
    for path, text in files.items():
        target = public / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return public


def local_files(public):
    found = {}
    for path in public.rglob("*"):
        relative = path.relative_to(public).as_posix()
        if path.is_file() and not relative.startswith(".scrollery"):
            found[relative] = path.read_bytes()
    return found


def environment_for(servers, secret=SECRET, endpoint=None):
    return {
        "PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "/tmp"), "CI": "true",
        "AWS_ACCESS_KEY_ID": KEY_ID, "AWS_SECRET_ACCESS_KEY": secret, "AWS_REGION": "us-east-1",
        "AWS_ENDPOINT_URL": endpoint or servers.endpoint,
    }


def deploy(servers, site, *arguments, secret=SECRET, target="s3://gallery/site", endpoint=None):
    environment = environment_for(servers, secret, endpoint)
    return subprocess.run(
        [str(BINARY), "deploy", str(site), "--to", target, *arguments], env=environment, capture_output=True,
        text=True, timeout=300)


def writes(servers, start):
    """The write requests the proxy passed since line `start` of its log: (method, target)."""
    found = []
    for line in servers.log_lines()[start:]:
        method, target, status = line.split(" ", 3)[:3]
        if method in ("PUT", "POST", "DELETE"):
            found.append((method, target, status))
    return found


def fingerprinted(path):
    """Whether the file name has a part, between `.`s and `-`s, of 8 or more hex digits with a letter."""
    return any(len(part) >= 8 and re.fullmatch(r"[0-9a-f]*[a-f][0-9a-f]*", part)
               for part in re.split(r"[.-]", path.rsplit("/", 1)[-1]))


def expect_bucket_equals(client, public, prefix="site/"):
    files = local_files(public)
    listed = {}
    for page in client.get_paginator("list_objects_v2").paginate(Bucket="gallery", Prefix=prefix):
        for item in page.get("Contents", []):
            listed[item["Key"][len(prefix):]] = item
    # Beside the site, the deploy's manifest: a line per file (MD5, size, path), in key order.
    manifest = listed.pop(".scrollery-deploy", None)
    assert manifest is not None, "the deploy's manifest is in the bucket"
    lines = client.get_object(Bucket="gallery", Key=prefix + ".scrollery-deploy")["Body"].read().decode().splitlines()
    assert lines[0] == "scrollery-deploy 2"
    expected = sorted(files, key=lambda path: path.encode())
    assert [line.split(" ", 2)[2].split("\t")[0] for line in lines[1:]] == expected
    for line in lines[1:]:
        md5, size, rest = line.split(" ", 2)
        path, headers = rest.split("\t")
        assert re.fullmatch(r"[0-9a-f]{16}", headers), line
        assert (md5, int(size)) == (hashlib.md5(files[path]).hexdigest(), len(files[path])), path
    assert sorted(listed) == sorted(files)
    for path, data in files.items():
        answer = client.get_object(Bucket="gallery", Key=prefix + path)
        assert answer["Body"].read() == data, path
        suffix = Path(path).suffix
        assert answer["ContentType"] == TYPES[suffix], path
        if path.startswith("downloads/"):
            assert answer["CacheControl"] == "public, max-age=86400"
        elif fingerprinted(path):
            assert answer["CacheControl"] == "public, max-age=31536000, immutable"
        else:
            assert answer["CacheControl"] == "public, max-age=0, must-revalidate"


@pytest.fixture(scope="module")
def bucket(servers):
    client = s3_client(servers.endpoint)
    client.create_bucket(Bucket="gallery")
    # Neighbours of the prefix that a deploy to s3://gallery/site must never touch.
    for key in ("site-old/index.html", "sitex", "other/site/index.html"):
        client.put_object(Bucket="gallery", Key=key, Body=b"keep me")
    return client


def test_deploy_writes_only_what_changed(servers, bucket, tmp_path):
    assert BINARY.exists(), f"build scrollery first: {BINARY}"
    public = make_site(tmp_path)
    changed_paths = tmp_path / "changed.txt"

    # The first deploy uploads every file but the bookkeeping, then its manifest.
    mark = len(servers.log_lines())
    result = deploy(servers, tmp_path, "--changed-paths", str(changed_paths))
    assert result.returncode == 0, result.stderr
    assert "Deployed to s3://gallery/site: 14 uploaded" in result.stdout
    assert "listing the bucket: there is no manifest yet" in result.stderr + result.stdout
    puts = [target for method, target, _ in writes(servers, mark) if method == "PUT"]
    assert len(puts) == 15 and puts[-1] == "/gallery/site/.scrollery-deploy"
    assert all(status == "200" for _, _, status in writes(servers, mark))
    expect_bucket_equals(bucket, public)
    paths = changed_paths.read_text().splitlines()
    assert "/items/a%20b/" in paths and "/items/a%20b/index.html" in paths and "/" in paths

    # Again, nothing changed: one read, the manifest; no listing, no write.
    mark = len(servers.log_lines())
    result = deploy(servers, tmp_path)
    assert result.returncode == 0, result.stderr
    assert "0 uploaded" in result.stdout and "0 deleted" in result.stdout and "14 unchanged" in result.stdout
    assert writes(servers, mark) == []
    requests = [line.split(" ")[:2] for line in servers.log_lines()[mark:]]
    assert requests == [["GET", "/gallery/site/.scrollery-deploy"]], requests

    # Every file touched (a fresh checkout): still no write.
    for path in public.rglob("*"):
        os.utime(path, (2_000_000_000, 2_000_000_000))
    mark = len(servers.log_lines())
    assert deploy(servers, tmp_path).returncode == 0
    assert writes(servers, mark) == []

    # One file changed: exactly it is uploaded, between the old manifest's removal (a deploy cut short in
    # between leaves none, so the next one lists the bucket) and the new manifest.
    (public / "items" / "été" / "index.html").write_text("changed", encoding="utf-8")
    mark = len(servers.log_lines())
    result = deploy(servers, tmp_path, "--changed-paths", str(changed_paths))
    assert result.returncode == 0, result.stderr
    assert [(m, t) for m, t, _ in writes(servers, mark)] == [
        ("POST", "/gallery?delete="), ("PUT", "/gallery/site/items/%C3%A9t%C3%A9/index.html"),
        ("PUT", "/gallery/site/.scrollery-deploy")]
    assert changed_paths.read_text().splitlines() == ["/items/%C3%A9t%C3%A9/", "/items/%C3%A9t%C3%A9/index.html"]
    expect_bucket_equals(bucket, public)

    # An object removed by hand is not seen from the manifest; --verify lists the bucket and puts it back.
    bucket.delete_object(Bucket="gallery", Key="site/feed.xml")
    mark = len(servers.log_lines())
    assert deploy(servers, tmp_path).returncode == 0
    assert writes(servers, mark) == []
    result = deploy(servers, tmp_path, "--verify")
    assert result.returncode == 0, result.stderr
    assert "listing the bucket: --verify" in result.stderr + result.stdout
    assert [(m, t) for m, t, _ in writes(servers, mark)] == [
        ("POST", "/gallery?delete="), ("PUT", "/gallery/site/feed.xml"), ("PUT", "/gallery/site/.scrollery-deploy")]
    expect_bucket_equals(bucket, public)

    # A dry run of a change writes nothing and names it.
    (public / "index.html").write_text("new home", encoding="utf-8")
    mark = len(servers.log_lines())
    result = deploy(servers, tmp_path, "--dry-run")
    assert result.returncode == 0, result.stderr
    assert "changed index.html" in result.stdout and "nothing was written" in result.stdout
    assert writes(servers, mark) == []

    # Removed files are deleted, after the uploads.
    for path in ("items/a b/index.html", "items/c+d=e/index.html", "a-b.html"):
        (public / path).unlink()
    mark = len(servers.log_lines())
    result = deploy(servers, tmp_path)
    assert result.returncode == 0, result.stderr
    assert "1 uploaded" in result.stdout and "3 deleted" in result.stdout
    done = writes(servers, mark)
    assert [m for m, _, _ in done] == ["POST", "PUT", "POST", "PUT"]
    assert done[2][1].startswith("/gallery?delete")
    expect_bucket_equals(bucket, public)

    # The neighbours of the prefix are untouched.
    for key in ("site-old/index.html", "sitex", "other/site/index.html"):
        assert bucket.get_object(Bucket="gallery", Key=key)["Body"].read() == b"keep me"


def test_a_changed_header_rule_sends_its_files_again(servers, bucket, tmp_path):
    """deploy.headers changed: the files whose headers it changes are sent again with them, the others not."""
    public = make_site(tmp_path)
    target = "s3://gallery/rules"
    assert deploy(servers, tmp_path, target=target).returncode == 0
    (tmp_path / "scrollery.yml").write_text(CONFIG.replace("public, max-age=86400", "public, max-age=3600"))
    result = deploy(servers, tmp_path, target=target)
    assert result.returncode == 0, result.stderr
    assert "1 uploaded" in result.stdout, result.stdout
    answer = bucket.get_object(Bucket="gallery", Key="rules/downloads/book.pdf")
    assert answer["CacheControl"] == "public, max-age=3600"
    again = deploy(servers, tmp_path, target=target)
    assert "0 uploaded" in again.stdout, again.stdout


def test_a_type_added_since_a_first_version_manifest_is_set(servers, bucket, tmp_path):
    """A bucket whose manifest is of the first version (no headers): its objects have that version's types,
    so a file whose type has changed since (a PDF was application/octet-stream) is sent again, the others not."""
    public = make_site(tmp_path)
    target = "s3://gallery/upgrade"
    assert deploy(servers, tmp_path, target=target).returncode == 0
    lines = bucket.get_object(Bucket="gallery", Key="upgrade/.scrollery-deploy")["Body"].read().decode().splitlines()
    first = "scrollery-deploy 1\n" + "".join(line.split("\t")[0] + "\n" for line in lines[1:])
    bucket.put_object(Bucket="gallery", Key="upgrade/.scrollery-deploy", Body=first.encode())
    result = deploy(servers, tmp_path, "--changed-paths", str(tmp_path / "changed.txt"), target=target)
    assert result.returncode == 0, result.stderr
    assert "1 uploaded" in result.stdout, result.stdout
    assert (tmp_path / "changed.txt").read_text().splitlines() == ["/downloads/book.pdf"]
    expect_bucket_equals(bucket, public, prefix="upgrade/")


def test_too_many_deletes_write_nothing(servers, bucket, tmp_path):
    public = make_site(tmp_path)
    assert deploy(servers, tmp_path, target="s3://gallery/limits").returncode == 0
    for path in ("index.html", "feed.xml", "sitemap.xml"):
        (public / path).unlink()
    (public / "page" / "2" / "index.html").write_text("changed too", encoding="utf-8")
    mark = len(servers.log_lines())
    result = deploy(servers, tmp_path, "--max-deletes", "2", target="s3://gallery/limits")
    assert result.returncode != 0
    assert "--max-deletes 3" in result.stderr
    assert writes(servers, mark) == []
    result = deploy(servers, tmp_path, "--max-deletes", "3", target="s3://gallery/limits")
    assert result.returncode == 0, result.stderr
    expect_bucket_equals(bucket, public, prefix="limits/")


def test_a_manifest_of_half_a_million_files_is_read(servers, bucket, tmp_path):
    """A manifest past 32 MiB (about 550,000 files) is read: the deploy then plans from it, and refuses its
    deletes, instead of failing on the manifest's size."""
    make_site(tmp_path)
    lines = [f"{hashlib.md5(str(n).encode()).hexdigest()} {n} photos/{n:07d}.jpg" for n in range(600_000)]
    body = ("scrollery-deploy 1\n" + "".join(line + "\n" for line in lines)).encode()
    assert len(body) > 33 << 20
    bucket.put_object(Bucket="gallery", Key="huge/.scrollery-deploy", Body=body)
    result = deploy(servers, tmp_path, target="s3://gallery/huge")
    assert result.returncode != 0
    assert "600,000" in result.stderr and "--max-deletes" in result.stderr, result.stderr
    assert "larger than" not in result.stderr, result.stderr


def test_a_wrong_secret_fails_without_showing_it(servers, bucket, tmp_path):
    make_site(tmp_path)
    wrong = "WRONG/secret+that-must-not-be-printed"
    mark = len(servers.log_lines())
    result = deploy(servers, tmp_path, "--verbose", secret=wrong, target="s3://gallery/wrong")
    assert result.returncode != 0
    assert "SignatureDoesNotMatch" in result.stderr and "AWS_SECRET_ACCESS_KEY" in result.stderr
    assert KEY_ID in result.stderr
    assert wrong not in result.stderr + result.stdout
    assert writes(servers, mark) == []


def test_an_unfinished_build_is_refused(servers, bucket, tmp_path):
    public = make_site(tmp_path)
    (public / ".scrollery-manifest").unlink()
    mark = len(servers.log_lines())
    result = deploy(servers, tmp_path)
    assert result.returncode != 0
    assert ".scrollery-manifest" in result.stderr
    assert servers.log_lines()[mark:] == []


def test_slow_downs_and_resets_are_retried(servers, bucket, tmp_path):
    public = make_site(tmp_path)
    hostile = servers.proxy_with("--slowdown-every", "3", "--reset-every", "4")
    result = deploy(servers, tmp_path, "--concurrency", "4", target="s3://gallery/hostile", endpoint=hostile.endpoint)
    assert result.returncode == 0, result.stderr
    assert "14 uploaded" in result.stdout
    assert "slow down" in result.stderr
    faults = [line for line in hostile.log_lines() if line.endswith("SlowDown") or line.endswith("reset")]
    assert len(faults) >= 4
    expect_bucket_equals(bucket, public, prefix="hostile/")


def test_large_files_go_in_parts_and_are_compared_by_their_md5(servers, bucket, tmp_path):
    public = make_site(tmp_path)
    big = public / "downloads" / "big.pdf"
    big.write_bytes(os.urandom(70 << 20))
    target = "s3://gallery/large"
    mark = len(servers.log_lines())
    result = deploy(servers, tmp_path, target=target)
    assert result.returncode == 0, result.stderr
    parts = [t for m, t, _ in writes(servers, mark) if m == "PUT" and "partNumber=" in t]
    assert len(parts) == 5  # 70 MiB in parts of 16 MiB
    assert "-" in bucket.head_object(Bucket="gallery", Key="large/downloads/big.pdf")["ETag"]
    expect_bucket_equals(bucket, public, prefix="large/")

    # Its ETag is not its MD5, but its md5 metadata is: no write.
    mark = len(servers.log_lines())
    assert deploy(servers, tmp_path, target=target).returncode == 0
    assert writes(servers, mark) == []

    # Changed, with the same size: uploaded again.
    with open(big, "r+b") as file:
        file.write(b"changed")
    mark = len(servers.log_lines())
    assert deploy(servers, tmp_path, target=target).returncode == 0
    assert any("uploads" in t for m, t, _ in writes(servers, mark) if m == "POST")
    expect_bucket_equals(bucket, public, prefix="large/")


def deploy_cut_short(servers, stalling, site, target, concurrency):
    """Deploys `site` through the `stalling` proxy and sends SIGINT once a PUT is held: (exit status, stderr)."""
    process = subprocess.Popen(
        [str(BINARY), "deploy", str(site), "--to", target, "--concurrency", str(concurrency)],
        env=environment_for(servers, endpoint=stalling.endpoint), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True)
    try:
        deadline = time.monotonic() + 60
        while not any(line.endswith("stalled") for line in stalling.log_lines()):
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "no PUT was held"
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    return process.returncode, stderr


def test_ctrl_c_stops_cleanly_and_the_next_deploy_finishes(servers, bucket, tmp_path):
    public = make_site(tmp_path)
    stalling = servers.proxy_with("--stall-after", "3")
    target = "s3://gallery/interrupted"
    status, stderr = deploy_cut_short(servers, stalling, tmp_path, target, concurrency=2)
    assert status == 130, stderr
    assert "interrupted: stopping the deploy" in stderr

    result = deploy(servers, tmp_path, target=target)
    assert result.returncode == 0, result.stderr
    # What was answered before the stop is in the bucket whole, and not uploaded again.
    uploaded, unchanged = map(int, re.search(r"(\d+) uploaded .*, (\d+) unchanged", result.stdout).groups())
    assert uploaded + unchanged == 14 and unchanged >= 2, result.stdout
    expect_bucket_equals(bucket, public, prefix="interrupted/")


def test_a_deploy_cut_short_then_another_version_converges(servers, bucket, tmp_path):
    """Version 2 is deployed; a deploy of version 1 is cut short after its first upload; version 2 again must
    leave the bucket equal to it (the manifest of the first deploy no longer describes the bucket)."""
    (tmp_path / "v2").mkdir()
    second = make_site(tmp_path / "v2")
    first_site = tmp_path / "v1"
    shutil.copytree(tmp_path / "v2", first_site)
    first = first_site / "public"
    (first / "items" / "a b" / "index.html").unlink()
    (first / "items" / "new").mkdir()
    (first / "items" / "new" / "index.html").write_text("an item of version 1 only")
    (first / "index.html").write_text("<h1>home of version 1</h1>")
    target = "s3://gallery/converge"
    assert deploy(servers, tmp_path / "v2", target=target).returncode == 0
    expect_bucket_equals(bucket, second, prefix="converge/")

    stalling = servers.proxy_with("--stall-after", "1")
    deploy_cut_short(servers, stalling, first_site, target, concurrency=1)
    # The one upload that went through is version 1's new page, before any changed page.
    passed = [line for line in stalling.log_lines() if line.startswith("PUT ") and not line.endswith("stalled")]
    assert len(passed) == 1 and "items/new/index.html" in passed[0], passed

    result = deploy(servers, tmp_path / "v2", target=target)
    assert result.returncode == 0, result.stderr
    expect_bucket_equals(bucket, second, prefix="converge/")


def test_ctrl_c_in_a_multipart_upload_aborts_it(servers, bucket, tmp_path):
    """Parts of an upload cut short are billed until the upload is aborted: Ctrl-C must still abort it."""
    (tmp_path / "scrollery.yml").write_text(CONFIG)
    public = tmp_path / "public"
    public.mkdir()
    (public / ".scrollery-manifest").write_text("manifest")
    with open(public / "big.bin", "wb") as file:
        file.write(os.urandom(70 << 20))
    stalling = servers.proxy_with("--stall-after", "2")
    target = "s3://gallery/aborted"
    status, stderr = deploy_cut_short(servers, stalling, tmp_path, target, concurrency=1)
    assert status == 130, stderr
    assert any(line.startswith("DELETE ") and "uploadId=" in line for line in stalling.log_lines()), \
        stalling.log_lines()
    assert bucket.list_multipart_uploads(Bucket="gallery", Prefix="aborted/").get("Uploads", []) == []


def test_a_terminal_gets_a_live_line_per_step(servers, bucket, tmp_path):
    """On a terminal (a pseudo-terminal made by `script`, without CI set) each step is one line redrawn in
    place, ending with its files and bytes done; the summary follows."""
    make_site(tmp_path)
    environment = environment_for(servers)
    del environment["CI"]
    environment["TERM"] = "xterm"
    command = " ".join([str(BINARY), "deploy", f"'{tmp_path}'", "--to", "s3://gallery/live"])
    result = subprocess.run(
        ["script", "-qec", command, "/dev/null"], env=environment, capture_output=True, timeout=300)
    text = result.stdout.decode("utf-8", "replace")
    assert result.returncode == 0, text
    assert "\r\x1b[K" in text, "the line is redrawn in place"
    # Each step ends on its own line with everything done: the counts add up to the files uploaded.
    finals = re.findall(r"(\d+) of (\d+) files[^\r\n]*\r?\n", text)
    assert finals and all(done == total for done, total in finals), finals
    assert sum(int(done) for done, _ in finals) == 14, finals
    assert "Deployed to s3://gallery/live: 14 uploaded" in text


BUILT_CONFIG = """\
title: Deployed Gallery
pageSize: 3
source:
  url: data/page-{{page}}.json
item:
  id: "{{id}}"
  title: "{{title}}"
output: public
"""


def build(site):
    run = subprocess.run([str(BINARY), "build", str(site)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    return site / "public"


def referenced_assets(public):
    """The assets/ paths the built pages load (`href`, `src`, `data-viewer`)."""
    found = set()
    for page in public.rglob("*.html"):
        found.update(re.findall(r'(?:href|src|data-viewer)="/(assets/[^"]+)"', page.read_text(encoding="utf-8")))
    return found


def cache_control(client, key):
    return client.head_object(Bucket="gallery", Key=key)["CacheControl"]


def test_built_theme_assets_are_cached_forever_and_replaced_on_change(servers, bucket, tmp_path):
    """A real build: the pages load the theme's assets by fingerprinted names, which the deploy gives a year
    and `immutable`; their plain names revalidate. A changed stylesheet uploads its new name and the pages,
    and deletes the old name."""
    (tmp_path / "scrollery.yml").write_text(BUILT_CONFIG)
    (tmp_path / "data").mkdir()
    items = [{"id": str(n), "title": f"Item {n}"} for n in range(1, 8)]
    (tmp_path / "data" / "page-1.json").write_text(json.dumps(items))
    public = build(tmp_path)
    assets = referenced_assets(public)
    assert any(re.fullmatch(r"assets/style\.[0-9a-f]{16,32}\.css", path) for path in assets), assets
    assert any(re.fullmatch(r"assets/scrollery\.[0-9a-f]{16,32}\.js", path) for path in assets), assets
    result = deploy(servers, tmp_path, target="s3://gallery/built")
    assert result.returncode == 0, result.stderr
    for path in assets:
        assert cache_control(bucket, "built/" + path) == "public, max-age=31536000, immutable", path
    for path in ("assets/style.css", "assets/scrollery.js", "index.html"):
        assert cache_control(bucket, "built/" + path) == "public, max-age=0, must-revalidate", path

    # The site's own stylesheet: a new name, every page uploaded again with it, the old name deleted.
    old_style = next(path for path in assets if path.startswith("assets/style."))
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "style.css").write_text("body { color: teal }\n")
    public = build(tmp_path)
    new_assets = referenced_assets(public)
    new_style = next(path for path in new_assets if path.startswith("assets/style."))
    assert new_style != old_style and new_assets - {new_style} == assets - {old_style}
    mark = len(servers.log_lines())
    result = deploy(servers, tmp_path, target="s3://gallery/built")
    assert result.returncode == 0, result.stderr
    done = writes(servers, mark)
    puts = {target.removeprefix("/gallery/built/") for method, target, _ in done if method == "PUT"}
    pages = {page.relative_to(public).as_posix() for page in public.rglob("*.html")}
    assert {new_style, "assets/style.css"} | pages <= puts, puts
    assert not any(path.startswith("assets/") and path not in (new_style, "assets/style.css") for path in puts), puts
    # The old manifest's removal before the first write, and the delete of the old name.
    assert [method for method, _, _ in done].count("POST") == 2
    assert cache_control(bucket, "built/" + new_style) == "public, max-age=31536000, immutable"
    expect_bucket_equals(bucket, public, prefix="built/")


# ---- hostile listings (the proxy falsifies ListObjectsV2) ----------------------------------------------


def listings(proxy, start=0):
    return [line for line in proxy.log_lines()[start:] if line.startswith("GET ") and "list-type=2" in line]


def test_a_listing_whose_continuation_token_repeats_stops_with_an_error(servers, bucket, tmp_path):
    """A server whose listing hands back a token it gave before would make a naive client loop forever: the
    deploy stops at the repeat, says so, and has written nothing."""
    public = make_site(tmp_path)
    looping = servers.proxy_with("--repeat-listing-token")

    # No manifest under the prefix yet: the deploy lists the bucket, and the listing loops.
    result = deploy(servers, tmp_path, endpoint=looping.endpoint, target="s3://gallery/looping")
    assert result.returncode != 0
    message = result.stdout + result.stderr
    assert "continuation token again came twice" in message, message
    assert len(listings(looping)) == 2, looping.log_lines()
    assert writes(looping, 0) == []

    # Deployed through an honest server, then read from its manifest: no listing, nothing to do.
    assert deploy(servers, tmp_path, target="s3://gallery/looping").returncode == 0
    mark = len(looping.log_lines())
    result = deploy(servers, tmp_path, endpoint=looping.endpoint, target="s3://gallery/looping")
    assert result.returncode == 0, result.stderr
    assert listings(looping, mark) == [] and writes(looping, mark) == []

    # --verify lists the bucket: the repeat stops it before any write, even with a change to upload.
    (public / "index.html").write_text("changed home", encoding="utf-8")
    mark = len(looping.log_lines())
    result = deploy(servers, tmp_path, "--verify", endpoint=looping.endpoint, target="s3://gallery/looping")
    assert result.returncode != 0
    assert "continuation token again came twice" in result.stdout + result.stderr
    assert len(listings(looping, mark)) == 2 and writes(looping, mark) == []


HOSTILE_KEYS = [
    "hostile/../outside.html",
    "hostile/a/../../outside.html",
    "hostile/items/../../../../etc/passwd",
    "hostile/./index.html",
    "hostile//index.html",
    "hostile/a/",
    "hostile/",
    "hostile/a\u0001b.html",
    "hostile/\u001b[31mred.html",
    "hostile/line\nbreak.html",
    "hostile/tab\there.html",
    "hostile/del\u007f.html",
    "hostile/next\u0085line.html",
]


def test_keys_with_control_characters_or_dot_dot_in_a_listing_are_left_alone(servers, bucket, tmp_path):
    """Keys a listing may hold that Scrollery could never have written: none becomes a local path, none is
    deleted (the keys they would name outside the prefix stay), each is named, escaped, as left alone."""
    public = make_site(tmp_path)
    assert deploy(servers, tmp_path, target="s3://gallery/hostile").returncode == 0
    # What a key with `..` would name if it were taken as a path: a file beside the output, an object
    # outside the prefix.
    (tmp_path / "outside.html").write_text("local, beside the output", encoding="utf-8")
    for key in ("outside.html", "etc/passwd"):
        bucket.put_object(Bucket="gallery", Key=key, Body=b"keep me")
    hostile = servers.proxy_with("--inject-keys", json.dumps(HOSTILE_KEYS))
    changed_paths = tmp_path / "changed.txt"

    # Nothing changed: with the listing read (--verify), still no write at all.
    result = deploy(servers, tmp_path, "--verify", "--changed-paths", str(changed_paths), endpoint=hostile.endpoint,
                    target="s3://gallery/hostile")
    assert result.returncode == 0, result.stderr
    output = result.stdout + result.stderr
    assert len(listings(hostile)) == 1 and writes(hostile, 0) == []
    assert "0 uploaded" in result.stdout and "0 deleted" in result.stdout
    assert output.count("left alone: ") == len(HOSTILE_KEYS), output
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f\x85]", output), "a key's control characters reached the terminal"
    assert changed_paths.read_text() == ""

    # A file removed and one changed: exactly that one key deleted, that one file uploaded.
    (public / "a-b.html").unlink()
    (public / "index.html").write_text("new home", encoding="utf-8")
    mark = len(hostile.log_lines())
    result = deploy(servers, tmp_path, "--verify", "--changed-paths", str(changed_paths), endpoint=hostile.endpoint,
                    target="s3://gallery/hostile")
    assert result.returncode == 0, result.stderr
    assert "1 uploaded" in result.stdout and "1 deleted" in result.stdout, result.stdout
    done = [(method, target) for method, target, _ in writes(hostile, mark)]
    assert [method for method, _ in done] == ["POST", "PUT", "POST", "PUT"], done
    assert done[1][1] == "/gallery/hostile/index.html" and done[2][1].startswith("/gallery?delete"), done
    assert done[3][1] == "/gallery/hostile/.scrollery-deploy", done
    assert sorted(changed_paths.read_text().splitlines()) == ["/", "/a-b.html", "/index.html"]
    expect_bucket_equals(bucket, public, prefix="hostile/")
    for key in ("outside.html", "etc/passwd"):
        assert bucket.get_object(Bucket="gallery", Key=key)["Body"].read() == b"keep me"
    assert (tmp_path / "outside.html").read_text(encoding="utf-8") == "local, beside the output"
