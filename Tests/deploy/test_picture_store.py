"""`images.store` end to end, against moto behind the SigV4-checking proxy: two `pictures` shards in separate
copies of a site share their pictures through the bucket (no cache folder copied), a final `build --offline`
in a third copy takes every picture from it, and its output is byte-identical to a one-machine build
without a store; a shard run again uploads nothing."""

import json
import shutil
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from conftest import ROOT, s3_client
from test_deploy import BINARY, environment_for, local_files

FIXTURES = ROOT / "Tests" / "ScrolleryTestSites" / "Fixtures" / "images"
COUNT = 12
BUCKET = "pictures"

CONFIG = """\
title: Store
source:
  url: data/page-{{{{page}}}}.json
item:
  id: "{{{{id}}}}"
  title: "{{{{title}}}}"
  image: "{{{{image}}}}"
images:
  widths: [160, 320]
  formats: [webp, jpeg]
{store}output: public
"""


def photo(number):
    """A distinct real photo per number: a fixture JPEG with a comment segment that makes its bytes its own."""
    data = bytearray((FIXTURES / ("orientation-6.jpg" if number % 3 == 0 else "photo.jpg")).read_bytes())
    offset = 2
    while offset + 4 <= len(data) and data[offset] == 0xFF and 0xE0 <= data[offset + 1] <= 0xEF:
        offset += 2 + (data[offset + 2] << 8 | data[offset + 3])
    comment = f"scrollery store photo {number}".encode()
    data[offset:offset] = bytes([0xFF, 0xFE, (len(comment) + 2) >> 8, (len(comment) + 2) & 0xFF]) + comment
    return bytes(data)


class PhotoServer(ThreadingHTTPServer):
    request_queue_size = 128  # read by listen() as the server is made; 5 drops a burst of connections


class Photos:
    """The originals, served on 127.0.0.1 with an ETag each (and 304 to a matching If-None-Match)."""

    def __init__(self):
        self.requests = []
        photos = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                photos.requests.append(self.path)
                number = int(self.path.rsplit("/", 1)[-1].split(".")[0])
                etag = f'"photo-{number}"'
                if self.headers.get("If-None-Match") == etag:
                    self.send_response(304)
                    self.send_header("ETag", etag)
                    self.end_headers()
                    return
                body = photo(number)
                self.send_response(200)
                self.send_header("Content-Type", "image/jpeg")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("ETag", etag)
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format, *args):
                pass

        self.server = PhotoServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def host(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def photos():
    served = Photos()
    yield served
    served.stop()


@pytest.fixture(scope="module")
def pictures_bucket(servers):
    client = s3_client(servers.endpoint)
    client.create_bucket(Bucket=BUCKET)
    return client


def make_site(folder, photos, store):
    folder.mkdir(parents=True)
    line = f"  store: {store}\n" if store else ""
    (folder / "scrollery.yml").write_text(CONFIG.format(store=line))
    items = [{"id": str(n), "title": f"Photo {n}", "image": f"{photos.host}/photos/{n}.jpg"}
             for n in range(1, COUNT + 1)]
    (folder / "data").mkdir()
    (folder / "data" / "page-1.json").write_text(json.dumps(items))
    return folder


def scrollery(servers, *arguments):
    done = subprocess.run(
        [str(BINARY), *[str(a) for a in arguments]], env=environment_for(servers), capture_output=True,
        text=True, timeout=600)
    assert done.returncode == 0, done.stderr + done.stdout
    return done.stdout + done.stderr


def summary_counts(output):
    """The numbers of the summary's images part: {"processed": 6, "from the store": 0, ...}."""
    line = next(line for line in output.splitlines() if " images (" in line)
    inside = line.split(" images (", 1)[1].split(")", 1)[0]
    counts = {}
    for part in inside.split(", "):
        number, name = part.split(" ", 1)
        counts[name] = int(number)
    return counts


def writes(servers, start):
    return [line.split(" ")[1] for line in servers.log_lines()[start:] if line.startswith("PUT ")]


def listing(client, prefix):
    found = {}
    for page in client.get_paginator("list_objects_v2").paginate(Bucket=BUCKET, Prefix=prefix):
        for item in page.get("Contents", []):
            found[item["Key"]] = (item["ETag"], item["LastModified"])
    return found


def test_shards_share_pictures_through_the_bucket(servers, pictures_bucket, photos, tmp_path):
    store = f"s3://{BUCKET}/gallery"
    site = make_site(tmp_path / "site", photos, store)
    scrollery(servers, "fetch", site)
    shards = [tmp_path / "shard-1", tmp_path / "shard-2", tmp_path / "final"]
    for copy in shards:
        shutil.copytree(site, copy)

    mark = len(servers.log_lines())
    processed = 0
    for index, folder in enumerate(shards[:2], start=1):
        counts = summary_counts(scrollery(servers, "pictures", folder, "--shard", f"{index}/2"))
        assert counts["failed"] == 0 and counts["from the store"] == 0
        assert counts["uploaded"] == counts["processed"]
        processed += counts["processed"]
    assert processed == COUNT, "each picture processed by exactly one shard"
    uploaded = writes(servers, mark)
    assert len(uploaded) == len(set(uploaded)), "nothing uploaded twice"
    stored = listing(pictures_bucket, "gallery/")
    assert sum(1 for key in stored if key.startswith("gallery/originals/")) == COUNT
    records = [key for key in stored if key.endswith(".json") and not key.startswith("gallery/originals/")]
    assert len(records) == COUNT
    # Record last: each picture's record was put after every one of its variants.
    order = [target.split("?")[0] for target in uploaded]
    for record in records:
        key = record[len("gallery/"):-len(".json")]
        position = order.index(f"/{BUCKET}/{record}")
        variants = [i for i, target in enumerate(order) if target.startswith(f"/{BUCKET}/gallery/{key}-")]
        assert variants and max(variants) < position

    # The final build: a third copy, an empty picture cache, offline; every picture from the bucket.
    final = shards[2]
    assert not (final / ".scrollery-cache" / "images").exists() or not any(
        (final / ".scrollery-cache" / "images").iterdir())
    asked = len(photos.requests)
    mark = len(servers.log_lines())
    counts = summary_counts(scrollery(servers, "build", final, "--offline"))
    assert counts["processed"] == 0 and counts["from the store"] == COUNT and counts["reused"] == COUNT
    assert counts["uploaded"] == 0 and counts["failed"] == 0
    assert len(photos.requests) == asked, "no original fetched"
    assert writes(servers, mark) == [], "the final build uploads nothing"

    # A one-machine build of the same site, without a store, makes the same bytes.
    alone = make_site(tmp_path / "alone", photos, None)
    counts = summary_counts(scrollery(servers, "build", alone))
    assert counts["processed"] == COUNT
    one, merged = local_files(alone / "public"), local_files(final / "public")
    assert sorted(one) == sorted(merged)
    assert sum(1 for path in one if path.endswith(".webp")) >= COUNT, "the pictures are compared too"
    assert [path for path in one if one[path] != merged[path]] == []

    # A shard run again, in a fresh copy of the fetched site: it takes its pictures from the bucket and
    # uploads nothing; the bucket is as it was.
    again = tmp_path / "again"
    shutil.copytree(site, again)
    mark = len(servers.log_lines())
    counts = summary_counts(scrollery(servers, "pictures", again, "--shard", "2/2"))
    assert counts["processed"] == 0 and counts["uploaded"] == 0 and counts["from the store"] > 0
    assert writes(servers, mark) == []
    assert listing(pictures_bucket, "gallery/") == stored


def test_a_wrong_secret_stops_the_run_at_its_start(servers, pictures_bucket, photos, tmp_path):
    site = make_site(tmp_path / "site", photos, f"s3://{BUCKET}/gallery")
    environment = environment_for(servers, secret="not-the-secret")
    mark = len(servers.log_lines())
    asked = len(photos.requests)
    done = subprocess.run(
        [str(BINARY), "build", str(site)], env=environment, capture_output=True, text=True, timeout=300)
    assert done.returncode != 0
    assert "images.store" in done.stderr and "AWS_SECRET_ACCESS_KEY" in done.stderr, done.stderr
    assert "not-the-secret" not in done.stderr + done.stdout
    assert len(servers.log_lines()) - mark == 1, "one probe request"
    assert len(photos.requests) == asked, "no picture fetched"
    assert not (site / "public").exists()
