#!/usr/bin/env python3
"""Search in the browser: Scrollery's search page against Pagefind's JS API on the same built site (issue 33).

    python3 bench/search_browser.py [--n 10000] [--queries 36] [--words a,b] [--scrollery PATH] [--pagefind PATH]

Generates N items with the world's text (bench/search.py's generation: bench/generate.py --world), builds them
once with `search:` on, runs Pagefind (PyPI pagefind-bin) over the same output folder, and serves that folder
from a local HTTP server (a thread here: Content-Length on every answer, gzip for text files as static hosts
serve them; Pagefind's own files are gzipped on disk and sent as they are; or, with `--server nginx`, Debian's
nginx-light, gzipping the same files as they are asked for). Then, for each one-word query
drawn (seeded) from the data, in a fresh headless Chromium each (new profile, empty cache):

  - Scrollery: open `search/`, wait until its root index is read, put the word into the box (`--typing`:
    pasted, one input event, by default; its keys sent at once; or a key every `--key-interval` ms), and
    record in the page, with performance.now and MutationObservers, the time from the last input event to
    the first result cards in the DOM (all 12 are drawn at once), to the start of the next animation frame
    (requestAnimationFrame), and to the paint that puts them on screen (Element Timing's renderTime of their
    titles, which this benchmark marks as they are drawn; the frame's start comes before its style, layout,
    paint and raster, 20 ms and more here), and the Resource Timing entries when the count is said; then
    read the whole result set from the page: `Scrollery.next()` (what the viewer calls to walk past the last
    result shown) until it says there are no more, and the cards' links.
  - The floor: a page of this benchmark's (`bench-floor/`) that draws what is typed as one card at each
    keystroke, fetching nothing: the same three times, for what this browser on this machine costs anyway.
  - Pagefind: a page of this benchmark's (`pagefind-bench/`, written into the site) imports
    `/pagefind/pagefind.js` and calls `init()` on load, with `noWorker: true` (else Pagefind 1.5 fetches from a
    web worker, whose Resource Timing the page cannot read; the worker's script, 41 kB, is then not loaded);
    typed into its box, it runs `debouncedSearch(q, {}, 0)` (Scrollery's page waits for no pause either), loads `data()`
    of the first 5 results (Pagefind UI's page of results) and draws them as cards; then of the first 12 (what
    Scrollery draws first), timed and measured apart.
    Its whole result set is `search.results`, whose ids name its fragment files, read here for their URLs.

With --pictures, every card has a picture to draw, as in a real gallery: the site's items name
images/<id>.jpg, and a photo-like JPEG of each item's size (480 px wide, quality 80, made once per size with
libvips' `vips` command from libvips-tools, then hard-linked) is written there. Without it, every picture the
generated site names is a 404.

Pagefind indexes the item pages only (`--glob items/**/*.html`), their `<article>` less the chrome
(`--root-selector article.item --exclude-selectors ...`): each result is an item, with its title and description.

Ground truth comes from the generated data: the items whose title or description (the Markdown less its link
targets) holds the query as a whole word after case and diacritic folding (the fold of docs/search.md; a word
is a run of letters, digits and spacing marks); for scripts written without spaces (Han, kana, Thai...), as a
substring. Recall = found and true / true, precision = found and true / found, per query and overall.

Bytes are Resource Timing's transferSize (headers and body as sent) and encodedBodySize / decodedBodySize,
summed over the entries finished when the first card was drawn (with no card: when the page said so), from the
page's own load on: "index" is the
data files (Scrollery: search/index.json, index/*, docs/*; Pagefind: pagefind-entry.json and its .pf_* files),
"engine" the search code (search.js; pagefind.js and its wasm), "all" everything the page fetched (the HTML,
CSS and JS too; pictures are never counted). Python 3 standard library and selenium (make
bench-search-browser installs it in .build/browser-venv, Pagefind in .build/pagefind-venv, and Debian's chromium).
"""

import argparse
import gzip
import http.server
import importlib.util
import json
import mimetypes
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
import unicodedata
import urllib.parse
from pathlib import Path

os.environ.setdefault("SE_OFFLINE", "true")  # selenium must never download a driver or send statistics
os.environ.setdefault("SE_AVOID_STATS", "true")

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("search_bench", ROOT / "bench" / "search.py")
search_bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(search_bench)
generate = search_bench.generate
sys.path.insert(0, str(ROOT / "bench"))
import nginx as bench_nginx  # noqa: E402

SEED = 20261126
FIRST_PAGEFIND = 5  # Pagefind UI's default page of results
FIRST_SCROLLERY = 12  # what search.js draws first (FIRST)
PAGEFIND_OPTIONS = ["--glob", "items/**/*.html", "--root-selector", "article.item",
                    "--exclude-selectors", ".item-back, .fav, .item-meta, .item-source"]

# ---- folding and words: docs/search.md's steps (SearchText.swift, templates/search.js) ------------------

SPELLED = {"\u00df": "ss", "\u0131": "i", "\u03c2": "\u03c3", "\u00f8": "o", "\u0111": "d", "\u0142": "l",
           "\u0127": "h", "\u00e6": "ae", "\u0153": "oe"}


def fold(text):
    if text.isascii():
        return text.lower()
    text = unicodedata.normalize("NFKD", text).lower()
    return "".join(SPELLED.get(c, c) for c in text if unicodedata.category(c) not in ("Mn", "Me"))


def no_spaces(c):
    """Scripts written without spaces (search.js's bigramScript): Thai, Lao, Myanmar, Khmer, kana, Han."""
    c = ord(c)
    return (0x0E00 <= c <= 0x0EFF or 0x1000 <= c <= 0x109F or 0x1780 <= c <= 0x17FF or 0x3005 <= c <= 0x3007
            or 0x3040 <= c <= 0x30FF or 0x31F0 <= c <= 0x31FF or 0x3400 <= c <= 0x4DBF or 0x4E00 <= c <= 0x9FFF
            or 0xF900 <= c <= 0xFAFF or 0x20000 <= c <= 0x3FFFF)


def kind(c, marks):
    """0 separator, 1 a word's, 2 a script without spaces; `marks`: Mn and Me are a word's too (unfolded text)."""
    category = unicodedata.category(c)
    if category[0] in "LN" or category == "Mc" or (marks and category in ("Mn", "Me")):
        return 2 if no_spaces(c) else 1
    return 0


class Words:
    """Splits text into runs of word characters and runs of no-space script characters, by a regular expression
    made once from the characters the corpus holds."""

    def __init__(self, texts, marks):
        chars = set()
        for text in texts:
            chars.update(text)
        word = "".join(sorted(re.escape(c) for c in chars if kind(c, marks) == 1))
        dense = "".join(sorted(re.escape(c) for c in chars if kind(c, marks) == 2))
        self.word = re.compile(f"[{word}]+") if word else re.compile(r"(?!x)x")
        self.dense = re.compile(f"[{dense}]+") if dense else re.compile(r"(?!x)x")

    def words(self, text):
        return self.word.findall(text)

    def runs(self, text):
        return self.dense.findall(text)


LINK_TARGET = re.compile(r"\]\([^)]*\)")


# The generated site names pictures it does not have (every card's picture is a 404); with --pictures, JPEGs.
PICTURE_SVG = 'image: "images/{{id}}.svg"'
PICTURE_JPEG = 'image: "images/{{id}}.jpg"'
PICTURE_WIDTH = 480  # about the card's width (26rem) at one device pixel per CSS pixel
PICTURE_LOOKS = 6


def make_picture(path, width, height, look):
    """A photo-like JPEG at quality 80: three bands of Gaussian noise, each blurred by its own radius (smooth
    areas and fine grain, so it compresses about as a photo thumbnail does), made with libvips' `vips`."""
    temp = path.with_suffix(".parts")
    temp.mkdir(exist_ok=True)
    bands = []
    for band, (mean, blur) in enumerate([(120, 2 + look), (100 + 8 * look, 4), (140, 1 + look % 3)]):
        noise, blurred = temp / f"n{band}.v", temp / f"b{band}.v"
        subprocess.run(["vips", "gaussnoise", str(noise), str(width), str(height), "--sigma", "90",
                        "--mean", str(mean), "--seed", str(look * 3 + band)], check=True)
        subprocess.run(["vips", "gaussblur", str(noise), str(blurred), str(blur)], check=True)
        bands.append(str(blurred))
    subprocess.run(["vips", "bandjoin", " ".join(bands), str(temp / "joined.v")], check=True)
    subprocess.run(["vips", "cast", str(temp / "joined.v"), str(temp / "cast.v"), "uchar"], check=True)
    subprocess.run(["vips", "copy", str(temp / "cast.v"), f"{path}[Q=80,strip]"], check=True)
    shutil.rmtree(temp)


def add_pictures(images, data, cache):
    """Writes `images/<id>.jpg` for every item of the generated source in `data`: a JPEG of its width and
    height scaled to PICTURE_WIDTH, one of PICTURE_LOOKS per size (made once into `cache`, then hard-linked)."""
    if shutil.which("vips") is None:
        sys.exit("--pictures needs libvips' vips command: apt-get install libvips-tools")
    cache.mkdir(parents=True, exist_ok=True)
    images.mkdir(parents=True, exist_ok=True)
    for page in sorted(data.glob("page-*.json")):
        for item in json.loads(page.read_text(encoding="utf-8"))["items"]:
            width, height = PICTURE_WIDTH, round(PICTURE_WIDTH * item["height"] / item["width"])
            look = int(item["id"]) % PICTURE_LOOKS
            made = cache / f"{width}x{height}-{look}.jpg"
            if not made.exists():
                make_picture(made, width, height, look)
            target = images / f"{item['id']}.jpg"
            if not target.exists():
                os.link(made, target)


def corpus(n, vocabulary=None):
    """The N items' (title, text) as generated: the title, and the description's Markdown less link targets."""
    return [(item["author"], LINK_TARGET.sub("]", item["description"]))
            for item in generate.items(n, world_text=True, vocabulary=vocabulary)]


def script_of(word):
    c = word[0]
    if 0x0E00 <= ord(c) <= 0x0E7F:
        return "thai"
    if no_spaces(c):
        return "cjk"  # Han, kana and their marks (々)
    first = unicodedata.name(c, "").split(" ")[0]
    if first == "LATIN":
        return "latin" if word.isascii() else "latin+diacritics"
    return {"CYRILLIC": "cyrillic", "GREEK": "greek", "ARABIC": "arabic"}.get(first, "other")


def typed_form(word, script):
    """A word as a visitor types it: Latin in lowercase without diacritics (ß as ss, ø as o, ł as l: the fold),
    Greek in lowercase without accents (its final ς kept), Cyrillic in lowercase with ё as е, others as written."""
    if script in ("latin", "latin+diacritics"):
        return fold(word)
    if script == "greek":
        bare = unicodedata.normalize("NFKD", word.lower())
        return unicodedata.normalize("NFC", "".join(c for c in bare if unicodedata.category(c) not in ("Mn", "Me")))
    if script == "cyrillic":
        return word.lower().replace("\u0451", "\u0435")
    return word.lower()


# The order queries are drawn in, one group at a time, round robin: 36 gives 5 + 5 + 5 + 5 + 4 + 4 + 4 + 4.
CATEGORIES = ["latin+diacritics", "cyrillic", "cjk", "latin", "greek", "arabic", "thai", "other"]


def common_and_rare(words, counted, rng):
    """The words alternately from the most frequent third and the least frequent third, each third shuffled."""
    words = sorted(words, key=lambda w: (-counted[w], w))
    third = max(1, len(words) // 3)
    common, rare = words[:third], words[-third:]
    rng.shuffle(common)
    rng.shuffle(rare)
    order = []
    for k in range(max(len(common), len(rare))):
        order += [w for w in common[k:k + 1] + rare[k:k + 1] if w not in order]
    return order


def draw_queries(items, count, rng):
    """Deterministic one-word queries from the data, in each script group, common and rare alternately: a list
    of (typed, group, how), `how` "word" (a whole word) or "substring" (a script written without spaces: whole
    runs set apart in the data, a name or a word, alternating with pieces of 2 or 3 characters of longer runs,
    starting on a base character and keeping the marks after their last one)."""
    original = Words([t + " " + d for t, d in items], marks=True)
    seen = {}  # a candidate's typed form -> (group, how, kind: word, whole or piece)
    dense_runs = set()
    for title, text in items:
        for source in (title, text):
            source = unicodedata.normalize("NFC", source)
            for word in original.words(source):
                if len(word) >= 2 and not word.isdigit():
                    script = script_of(word)
                    seen.setdefault(typed_form(word, script), (script, "word", "word"))
            dense_runs.update(original.runs(source))
    for run in sorted(dense_runs):
        bases = [k for k, c in enumerate(run) if unicodedata.category(c) not in ("Mn", "Me")]
        if 2 <= len(bases) <= 8:
            seen.setdefault(run.lower(), (script_of(run), "substring", "whole"))
        for start in range(len(bases)):
            for size in (2, 3):
                if start + size < len(bases) or (start > 0 and start + size == len(bases)):
                    end = bases[start + size] if start + size < len(bases) else len(run)
                    piece = run[bases[start]:end].lower()
                    seen.setdefault(piece, (script_of(piece), "substring", "piece"))
    folded = [(fold(t), fold(d)) for t, d in items]
    counted = {typed: len(truth(folded, typed, how)) for typed, (_, how, _) in seen.items()}
    groups = {}
    for typed, (script, _, kind) in sorted(seen.items()):
        if counted[typed] > 0:
            groups.setdefault(script, {}).setdefault(kind, []).append(typed)
    picks = {}
    for script, kinds in groups.items():
        lists = [common_and_rare(kinds[k], counted, rng) for k in ("word", "whole", "piece") if k in kinds]
        picks[script] = [w for k in range(max(map(len, lists))) for w in (l[k] for l in lists if k < len(l))]
    queries = []
    while len(queries) < count and any(picks.values()):
        for script in CATEGORIES:
            if picks.get(script) and len(queries) < count:
                typed = picks[script].pop(0)
                queries.append((typed, script, seen[typed][1]))
    return queries


_truth_words = {}


def truth(folded, typed, how):
    """The ordinals of the items whose folded title or text holds the folded query: as a whole word, or as a
    substring for a script without spaces."""
    query = fold(typed)
    if how == "substring":
        return {k for k, (t, d) in enumerate(folded) if query in t or query in d}
    key = id(folded)
    if key not in _truth_words:
        words = Words([t + " " + d for t, d in folded], marks=False)
        index = {}
        for k, (t, d) in enumerate(folded):
            for w in set(words.words(t)) | set(words.words(d)):
                index.setdefault(w, set()).add(k)
        _truth_words[key] = index
    return _truth_words[key].get(query, set())


# ---- the local server ----------------------------------------------------------------------------------

COMPRESSED = {".html", ".json", ".js", ".css", ".svg", ".xml", ".txt"}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body are two writes: without TCP_NODELAY, Nagle's algorithm holds the body back until the
    # browser's delayed ACK of the headers, 40 ms on Linux, on some answers (a server artifact, not the page's).
    disable_nagle_algorithm = True
    root = Path(".")
    cache = {}
    lock = threading.Lock()

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def do_GET(self):
        path = urllib.parse.unquote(self.path.split("?", 1)[0].split("#", 1)[0])
        file = (self.root / path.lstrip("/")).resolve()
        if self.root not in file.parents and file != self.root:
            return self.answer(404, b"not found\n", "text/plain")
        if file.is_dir():
            if not path.endswith("/"):
                self.send_response(301)
                self.send_header("Location", path + "/")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            file = file / "index.html"
        if not file.is_file():
            return self.answer(404, b"not found\n", "text/plain")
        gzipped = file.suffix in COMPRESSED and "gzip" in self.headers.get("Accept-Encoding", "")
        key = (str(file), gzipped)
        with self.lock:
            body = self.cache.get(key)
        if body is None:
            body = file.read_bytes()
            if gzipped:
                body = gzip.compress(body, compresslevel=6, mtime=0)
            with self.lock:
                self.cache[key] = body
        kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        if kind.startswith("text/") or kind in ("application/json", "application/javascript"):
            kind += "; charset=utf-8"
        self.answer(200, body, kind, gzipped)

    def answer(self, status, body, kind, gzipped=False):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        self.wfile.write(body)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # read by listen() as the server is made; 5 drops a browser's burst of connections

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (ConnectionError, BrokenPipeError)):
            super().handle_error(request, client_address)  # a browser closed as it quit is not an error


def serve(folder):
    """Serves `folder` from a thread; returns (server, origin). The pages' and indexes' text files are gzipped
    before the first request, so no answer waits for its compression."""
    cache = {}
    for part in ("search", "assets", "pagefind", "pagefind-bench"):
        for file in (folder / part).rglob("*"):
            if file.suffix in COMPRESSED and file.is_file():
                cache[(str(file.resolve()), True)] = gzip.compress(file.read_bytes(), compresslevel=6, mtime=0)
    handler = type("SiteHandler", (Handler,), {"root": folder.resolve(), "cache": cache})
    httpd = Server(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, name="bench-server", daemon=True).start()

    def stop():
        httpd.shutdown()
        httpd.server_close()

    return stop, f"http://127.0.0.1:{httpd.server_address[1]}"


NGINX_HTTP = """  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nodelay on;
  gzip on;
  gzip_comp_level 6;
  gzip_types text/css text/plain text/xml application/json application/javascript application/xml image/svg+xml;
  server {{{{ listen 127.0.0.1:{{port}}; root {root}; }}}}
"""


def serve_nginx(folder, work, nginx):
    """Serves `folder` with nginx (Debian's nginx-light): gzip for the same text files as `serve`, compressed
    as each is asked for, as a web server's default is. Returns (stop, origin) once it accepts connections."""
    stop, port = bench_nginx.serve(nginx, work / "nginx", NGINX_HTTP.format(root=folder.resolve()), workers=2)
    return stop, f"http://127.0.0.1:{port}"


# ---- the pages -------------------------------------------------------------------------------------------

PAGEFIND_PAGE = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Pagefind (bench/search_browser.py)</title><link rel="icon" href="data:,"></head>
<body>
<input id="q" type="search" aria-label="Search">
<p id="status" role="status"></p>
<div id="results"></div>
<script type="module">
const FIRST = __FIRST__, MORE = __MORE__;
const box = document.getElementById('q'), list = document.getElementById('results');
const status = document.getElementById('status');
const pagefind = await import('/pagefind/pagefind.js');
await pagefind.options({ noWorker: true });  // its fetches in this page's Resource Timing, not a worker's
await pagefind.init();
let seq = 0;
function card(d) {
  const a = document.createElement('article'), h = document.createElement('h2'), l = document.createElement('a');
  a.className = 'card'; l.href = d.url; l.textContent = (d.meta && d.meta.title) || d.url;
  h.appendChild(l); a.appendChild(h);
  const p = document.createElement('p'); p.innerHTML = d.excerpt; a.appendChild(p);
  return a;
}
box.addEventListener('input', async () => {
  const mine = ++seq, q = box.value;
  const search = await pagefind.debouncedSearch(q, {}, 0);
  if (search === null || mine !== seq) return;
  const first = await Promise.all(search.results.slice(0, FIRST).map(r => r.data()));
  if (mine !== seq) return;
  list.dataset.q = q;
  list.replaceChildren(...first.map(card));
  window.__pfSearch = search;
  status.textContent = search.results.length + ' results.';
  const rest = await Promise.all(search.results.slice(FIRST, MORE).map(r => r.data()));
  if (mine !== seq) return;
  rest.forEach(d => list.appendChild(card(d)));
  window.__pfMore = { q: q, at: performance.now(), entries: performance.getEntries().map(e => ({
    name: e.name, type: e.entryType, transfer: e.transferSize || 0, encoded: e.encodedBodySize || 0,
    decoded: e.decodedBodySize || 0, start: e.startTime, end: e.responseEnd || 0 })) };
});
document.body.dataset.ready = '';
</script>
</body>
</html>
"""

# The floor: a page that only echoes what is typed, drawn as one card (its title the box's text) at each
# keystroke, with nothing fetched: the time this browser on this machine takes from a keystroke to its paint.
FLOOR_PAGE = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Floor (bench/search_browser.py)</title><link rel="icon" href="data:,"></head>
<body>
<input id="q" type="search" aria-label="Type">
<p id="status" role="status"></p>
<div id="out"></div>
<script>
const box = document.getElementById('q'), out = document.getElementById('out'), status = document.getElementById('status');
box.addEventListener('input', () => {
  const a = document.createElement('article'), h = document.createElement('h2');
  a.className = 'card'; h.textContent = box.value; a.appendChild(h);
  out.dataset.q = box.value;
  out.replaceChildren(a);
  status.textContent = '1 result.';
});
document.body.dataset.ready = '';
</script>
</body>
</html>
"""

# In the page before typing: Resource Timing keeps every entry; the last input event's time; when the first
# result card is drawn for the final query (Scrollery: the address's q, which search() sets before it draws,
# and a card drawn is the latest search's; Pagefind's page and the floor's: the list's data-q), the next
# animation frame's start and the paint of their titles; the status text said for the final query and the entries finished then (every
# page says the count just after it draws its first cards, all at once).
# arguments: the results list, the status, the box, the word, the tool.
INSTRUMENT = """
var list = document.querySelector(arguments[0]), status = document.querySelector(arguments[1]);
var box = document.querySelector(arguments[2]), word = arguments[3], tool = arguments[4];
performance.setResourceTimingBufferSize(100000);
var B = window.__bench = { keys: 0, firstKey: 0, lastKey: 0, first: 0, painted: 0, shown: 0, said: '', entries: null,
  cards: 0 };
// The paint that puts the first cards on screen: Element Timing's renderTime of their titles, marked here as
// they are drawn (before any paint), so neither page's own code carries the attribute.
new PerformanceObserver(function (l) {
  l.getEntries().forEach(function (e) { if (e.identifier === 'bench-result' && !B.shown) B.shown = e.renderTime || e.loadTime; });
}).observe({ type: 'element' });
function forWord() {
  return tool === 'scrollery' ? new URLSearchParams(location.search).get('q') === word : list.dataset.q === word;
}
function entries() {
  return performance.getEntries().map(function (e) { return { name: e.name, type: e.entryType,
    transfer: e.transferSize || 0, encoded: e.encodedBodySize || 0, decoded: e.decodedBodySize || 0,
    start: e.startTime, end: e.responseEnd || 0 }; });
}
box.addEventListener('input', function (e) {
  B.keys++; B.lastKey = performance.now(); if (!B.firstKey) B.firstKey = B.lastKey;
}, true);
B.done = new Promise(function (resolve) {
  new MutationObserver(function () {
    if (!B.first && box.value === word && forWord() && list.querySelector('.card')) {
      B.first = performance.now();
      list.querySelectorAll('.card h2').forEach(function (h) { h.setAttribute('elementtiming', 'bench-result'); });
      requestAnimationFrame(function () { B.painted = performance.now(); });  // the next frame starts
    }
  }).observe(list, { childList: true });
  new MutationObserver(function () {
    if (!B.said && box.value === word && forWord() && status.textContent) {
      // Both pages say the count once their first cards are all drawn: the files asked for until then.
      B.said = status.textContent; B.entries = entries();
      B.cards = list.querySelectorAll('.card').length;
      resolve();
    }
  }).observe(status, { childList: true, characterData: true, subtree: true });
});
"""

WAIT_DONE = """var done = arguments[arguments.length - 1], box = document.querySelector(arguments[0]);
window.__bench.done.then(function painted() { var B = window.__bench;
  // Element Timing reports the paint a little after it; a title never painted (none in view) gives up at 2 s.
  if (B.first && (!B.painted || (!B.shown && performance.now() - B.first < 2000))) return requestAnimationFrame(painted);
  done({ keys: B.keys, firstKey: B.firstKey, lastKey: B.lastKey, first: B.first, painted: B.painted, shown: B.shown,
         said: B.said, cards: B.cards, entries: B.entries, value: box.value }); });"""

# Resolves when `predicate` (a function body) holds, checked at each animation frame.
WAIT_FRAME = """var done = arguments[arguments.length - 1], test = new Function(arguments[0]);
(function check() { if (test()) done(true); else requestAnimationFrame(check); })();"""

SCROLLERY_ALL = """var done = arguments[arguments.length - 1], list = document.querySelector('.search-results');
(function more() {
  window.Scrollery.next().then(function (shown) {
    if (shown) return more();
    done([].map.call(list.querySelectorAll('.card-title a'), function (a) { return a.getAttribute('href'); }));
  }, function (e) { done({ error: String(e) }); });
})();"""

PAGEFIND_MORE = """var done = arguments[arguments.length - 1], word = arguments[0];
(function check() { var m = window.__pfMore;
  if (m && m.q === word) done({ at: m.at, entries: m.entries }); else requestAnimationFrame(check); })();"""


def chrome(chromium, chromedriver):
    from selenium import webdriver

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--no-first-run", "--disable-extensions", "--mute-audio", "--disable-background-networking",
                     "--disable-component-update", "--lang=en-US", "--window-size=1280,900"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=chromedriver))
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(300)
    return driver


def item_of(url):
    match = re.search(r"/items/([^/]+)/", url or "")
    return match.group(1) if match else None


def sizes(entries, kinds):
    """Sums of (transfer, encoded, decoded) bytes of the entries, by the kind each is put in (`kinds` maps a
    URL path to "index", "engine", "page" or None: not counted)."""
    out = {name: [0, 0, 0] for name in ("index", "engine", "all")}
    for e in entries or []:
        if e["type"] not in ("navigation", "resource"):
            continue
        path = urllib.parse.urlparse(e["name"]).path
        what = kinds(path)
        if what is None:
            continue
        for name in (what, "all") if what in out else ("all",):
            out[name][0] += e["transfer"]
            out[name][1] += e["encoded"]
            out[name][2] += e["decoded"]
    return out


def index_part(path):
    """Which part of an index a file is, or None."""
    for prefix, part in (("/search/index.json", "root"), ("/search/index/t-", "term shards"),
                         ("/search/index/p-", "prefix tables"), ("/search/index/g-", "posting pages"),
                         ("/search/docs/", "card files")):
        if path.startswith(prefix):
            return "Scrollery " + part
    if path.startswith("/pagefind/"):
        for suffix, part in ((".json", "entry"), (".pf_meta", "metadata"), (".pf_index", "index chunks"),
                             (".pf_fragment", "fragments"), (".pf_filter", "filters")):
            if path.endswith(suffix):
                return "Pagefind " + part
    return None


def parts(entries):
    """Files and transferred bytes of each part of the index among the entries."""
    out = {}
    for e in entries or []:
        part = index_part(urllib.parse.urlparse(e["name"]).path) if e["type"] == "resource" else None
        if part:
            files, size = out.get(part, (0, 0))
            out[part] = (files + 1, size + e["transfer"])
    return out


def scrollery_kind(path):
    if path.startswith("/search/index.json") or path.startswith("/search/index/") or path.startswith("/search/docs/"):
        return "index"
    # search.js, or its fingerprinted copy (search.<hex>.js) that the page loads.
    if re.search(r"/search(\.[0-9a-f]{16,32})?\.js$", path):
        return "engine"
    if path.startswith("/images/"):
        return None
    return "page"


def pagefind_kind(path):
    if path.startswith("/pagefind/"):
        name = path.rsplit("/", 1)[-1]
        if name == "pagefind.js" or name.endswith(".pagefind"):
            return "engine"
        return "index"
    if path.startswith("/images/"):
        return None
    return "page"


def asked(got, kinds):
    """When the query's first index file (asked for after the first keystroke) was asked for and when its last
    one was answered, from the last input event, in ms; (None, None) if it asked for none."""
    mine = [e for e in got["entries"] or [] if e["type"] == "resource" and e["start"] >= got["firstKey"]
            and kinds(urllib.parse.urlparse(e["name"]).path) == "index"]
    if not mine:
        return None, None
    return min(e["start"] for e in mine) - got["lastKey"], max(e["end"] for e in mine) - got["lastKey"]


def type_and_wait(driver, url, ready, selectors, word, tool, typing):
    """Opens url, waits until `ready` (a function body) holds, instruments the page (INSTRUMENT, with the
    results list, status and box `selectors`), types word into the box as `typing` says (type_word) and waits
    until the count is said and the first cards are painted; gives WAIT_DONE's figures."""
    driver.get(url)
    driver.execute_async_script(WAIT_FRAME, ready)
    driver.execute_script(INSTRUMENT, *selectors, word, tool)
    box = driver.find_element("css selector", selectors[2])
    box.click()
    type_word(driver, box, word, typing)
    # WAIT_DONE waits for the page to search for the word itself; a box that does not hold it never will.
    value = driver.execute_script("return arguments[0].value", box)
    if value != word:
        raise RuntimeError(f"{tool}: after typing {word!r} ({typing.describe()}) the box holds {value!r}; "
                           "the driver could not type that word into this browser")
    return driver.execute_async_script(WAIT_DONE, selectors[2])


def times(got):
    """From the last input event to the first cards: in the page, the next frame's start, on screen."""
    return {"time": got["first"] - got["lastKey"] if got["first"] else None,
            "painted": got["painted"] - got["lastKey"] if got["first"] else None,
            "shown": got["shown"] - got["lastKey"] if got["shown"] else None}


def measure_scrollery(driver, origin, word, typing):
    # The root is read once search.js has filled the tag menu from it (before that, a query waits for it).
    got = type_and_wait(driver, origin + "/search/", "return document.querySelectorAll('#search-filter-tag option').length > 1",
                        (".search-results", ".search-status", "input[name=q]"), word, "scrollery", typing)
    hrefs = driver.execute_async_script(SCROLLERY_ALL)
    if isinstance(hrefs, dict):
        raise RuntimeError(f"Scrollery.next() failed for {word!r}: {hrefs['error']}")
    said = got["said"]
    count = 0 if said.startswith("No ") else int(re.sub(r"[^0-9]", "", said.split(" ")[0]) or 0)
    found = {item_of(h) for h in hrefs}
    if count != len(hrefs):
        print(f"  warning: {word!r}: the status says {said!r}, {len(hrefs)} cards drawn", file=sys.stderr)
    return {"got": got, "found": found, "count": count, "sizes": sizes(got["entries"], scrollery_kind),
            **times(got), "asked": asked(got, scrollery_kind)}


def measure_pagefind(driver, origin, word, fragments, typing):
    got = type_and_wait(driver, origin + "/pagefind-bench/", "return document.body.dataset.ready !== undefined",
                        ("#results", "#status", "#q"), word, "pagefind", typing)
    ids = driver.execute_script("return window.__pfSearch ? window.__pfSearch.results.map(r => r.id) : []")
    more = driver.execute_async_script(PAGEFIND_MORE, word) if ids else None
    found = {fragments.get(i) for i in ids}
    return {"got": got, "found": found, "count": len(ids), "sizes": sizes(got["entries"], pagefind_kind),
            **times(got), "asked": asked(got, pagefind_kind),
            "more_sizes": sizes(more["entries"], pagefind_kind) if more else None,
            "more_time": more["at"] - got["lastKey"] if more else None}


def measure_floor(driver, origin, word, typing):
    return times(type_and_wait(driver, origin + "/bench-floor/", "return document.body.dataset.ready !== undefined",
                               ("#out", "#status", "#q"), word, "floor", typing))


PERSON_KEY_INTERVAL_MS = 120  # --typing paced without --key-interval: a brisk typist


class Typing:
    """How a query reaches the box: `paste` (the word in one input event, as a paste or an input method's
    commit gives it: CDP Input.insertText), `burst` (one key event per character, as fast as the driver sends
    them, about 1 ms apart: faster than any person) or `paced` (a key every `interval_s` seconds plus one
    WebDriver round trip, as a person types)."""

    MODES = ("paste", "burst", "paced")

    def __init__(self, mode, interval_s):
        self.mode, self.interval_s = mode, interval_s

    def describe(self):
        return {"paste": "the word pasted (one input event)",
                "burst": "the word's keys sent at once (one event per key, as fast as the driver goes)",
                "paced": f"a key typed every {self.interval_s * 1000:g} ms"}[self.mode]


def type_word(driver, box, word, typing):
    """Puts word into the focused box as `typing` (a Typing) says."""
    if typing.mode == "paste":
        driver.execute_cdp_cmd("Input.insertText", {"text": word})
    elif typing.mode == "burst":
        box.send_keys(word)
    else:
        for k, key in enumerate(word):
            if k:
                time.sleep(typing.interval_s)
            box.send_keys(key)


def fragment_urls(folder):
    """Pagefind's result ids (its fragment files' names) to item ids, from the fragments' gzipped JSON."""
    out = {}
    for path in (folder / "pagefind" / "fragment").glob("*.pf_fragment"):
        data = gzip.decompress(path.read_bytes())
        data = data[data.index(b"{"):]
        out[path.stem] = item_of(json.loads(data)["url"])
    return out


def run(command):
    started = time.monotonic()
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({result.returncode}):\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}")
    return time.monotonic() - started


def percentile(values, p):
    values = sorted(v for v in values if v is not None)
    if not values:
        return float("nan")
    k = (len(values) - 1) * p / 100
    low = int(k)
    return values[low] + (values[min(low + 1, len(values) - 1)] - values[low]) * (k - low)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=int(os.environ.get("BENCH_SEARCH_N", "10000")))
    parser.add_argument("--queries", type=int, default=36, help="how many one-word queries to draw from the data")
    parser.add_argument("--words", default="", help="comma-separated queries instead of drawn ones")
    parser.add_argument("--scrollery", default=str(ROOT / ".build" / "release" / "scrollery"))
    parser.add_argument("--pagefind", default=str(
        next((ROOT / ".build" / "pagefind-venv" / "lib").glob("python*/site-packages/pagefind_bin/pagefind"),
             Path("pagefind"))))
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium"))
    parser.add_argument("--chromedriver", default=os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver"))
    parser.add_argument("--work", default=str(ROOT / ".build" / "bench-search-browser"))
    parser.add_argument("--vocabulary", action="store_true",
                        help="the gallery of bench/search.py --vocabulary: notes drawn from 50,000 words")
    parser.add_argument("--server", choices=("python", "nginx"), default="python",
                        help="the local server: this script's own (default), or nginx (Debian's nginx-light)")
    parser.add_argument("--nginx", default="/usr/sbin/nginx")
    parser.add_argument("--typing", default=None, metavar="HOW[,HOW]",
                        help="how the word reaches the box, each in turn over the same queries: paste (one input "
                             "event, the default), burst (its keys sent at once, as fast as the driver goes) or "
                             "paced (a key every --key-interval ms)")
    parser.add_argument("--key-interval", type=float, default=None, metavar="MS",
                        help=f"with --typing paced, a key every MS milliseconds ({PERSON_KEY_INTERVAL_MS} if not "
                             "given); given alone, it means --typing paced")
    parser.add_argument("--pictures", action="store_true",
                        help="give every card a real JPEG (made with libvips' vips command, libvips-tools) in place "
                             "of the generated site's missing images/N.svg")
    args = parser.parse_args()
    if args.key_interval is not None and args.key_interval <= 0:
        parser.error("--key-interval must be more than 0 milliseconds (--typing burst sends the keys at once)")
    modes = args.typing.split(",") if args.typing else ["paced" if args.key_interval is not None else "paste"]
    if any(mode not in Typing.MODES for mode in modes) or len(set(modes)) != len(modes):
        parser.error(f"--typing takes each of {', '.join(Typing.MODES)} once at most, comma-separated")
    if args.key_interval is not None and "paced" not in modes:
        parser.error("--key-interval paces the keys: it goes with --typing paced")
    typings = [Typing(mode, (args.key_interval or PERSON_KEY_INTERVAL_MS) / 1000) for mode in modes]
    tools = (args.scrollery, args.pagefind, args.chromium, args.chromedriver)
    for tool in tools + ((args.nginx,) if args.server == "nginx" else ()):
        if not os.access(tool, os.X_OK) and not shutil.which(tool):
            sys.exit(f"{tool} is missing: make bench-search-browser builds and installs what this needs")

    _, site = search_bench.generate_sites(args.n, Path(args.work), vocabulary=args.vocabulary)
    public = site / "public"
    if args.pictures:
        config = site / "scrollery.yml"
        text = config.read_text(encoding="utf-8")
        if PICTURE_SVG not in text and PICTURE_JPEG not in text:
            sys.exit(f"--pictures: {config} has no line `{PICTURE_SVG}` to point at JPEGs; "
                     "bench/generate.py must have changed how it names pictures")
        config.write_text(text.replace(PICTURE_SVG, PICTURE_JPEG), encoding="utf-8")
    build_s = run([args.scrollery, "build", str(site), "--quiet"])
    if args.pictures:
        add_pictures(public / "images", site / "data", Path(args.work) / "pictures-v1")
    if not (public / "search" / "index.json").exists():
        sys.exit("the build with search wrote no search/index.json")
    pagefind_s = run([args.pagefind, "--site", str(public), "--quiet"] + PAGEFIND_OPTIONS)
    print(f"built in {build_s:.1f} s with search; Pagefind over it in {pagefind_s:.1f} s", file=sys.stderr)
    (public / "pagefind-bench").mkdir()
    (public / "pagefind-bench" / "index.html").write_text(
        PAGEFIND_PAGE.replace("__FIRST__", str(FIRST_PAGEFIND)).replace("__MORE__", str(FIRST_SCROLLERY)))
    (public / "bench-floor").mkdir()
    (public / "bench-floor" / "index.html").write_text(FLOOR_PAGE)
    fragments = fragment_urls(public)

    items = corpus(args.n, generate.world.Vocabulary() if args.vocabulary else None)
    folded = [(fold(t), fold(d)) for t, d in items]
    if args.words:
        queries = [(w, script_of(w), "substring" if no_spaces(w[0]) else "word") for w in args.words.split(",") if w]
    else:
        queries = draw_queries(items, args.queries, random.Random(SEED))

    stop, origin = serve(public) if args.server == "python" else serve_nginx(public, Path(args.work), args.nginx)
    try:
        for typing in typings:
            rows = measure_all(args, queries, folded, origin, fragments, typing)
            report(args, rows, typing)
            # every query's figures and item sets, to look into afterwards
            kept = Path(args.work) / f"results-{typing.mode}.json"
            with open(kept, "w", encoding="utf-8") as out:
                json.dump(rows, out, ensure_ascii=False, default=lambda v: sorted(v) if isinstance(v, set) else str(v))
            print(f"\n  (each query's figures and items: {kept})")
    finally:
        stop()


def measure_all(args, queries, folded, origin, fragments, typing):
    """Each query on each page, typed as `typing` says, in a fresh browser each; gives a row per query."""
    ordinal_of = {str(k + 1): k for k in range(len(folded))}  # item ids are 1...N in gallery order
    rows = []
    for number, (word, script, how) in enumerate(queries, 1):
        true = truth(folded, word, how)
        row = {"word": word, "script": script, "how": how, "truth": true}
        for tool in ("scrollery", "pagefind", "floor"):
            driver = chrome(args.chromium, args.chromedriver)  # a new profile: an empty cache
            try:
                if tool == "scrollery":
                    got = measure_scrollery(driver, origin, word, typing)
                elif tool == "pagefind":
                    got = measure_pagefind(driver, origin, word, fragments, typing)
                else:
                    row[tool] = measure_floor(driver, origin, word, typing)
                    continue
            finally:
                driver.quit()
            if got["got"]["value"] != word:
                print(f"  warning: typed {word!r}, the box holds {got['got']['value']!r}", file=sys.stderr)
            got["found"] = {ordinal_of.get(i) for i in got["found"]} - {None}
            row[tool] = got
        print(f"  {typing.mode} {number}/{len(queries)} {word}: truth {len(true)}, Scrollery {row['scrollery']['count']}, "
              f"Pagefind {row['pagefind']['count']}", file=sys.stderr)
        rows.append(row)
    return rows


def report(args, rows, typing):
    def recall(found, true):
        return len(found & true) / len(true) if true else float("nan")

    def precision(found, true):
        return len(found & true) / len(found) if found else float("nan")

    def ms(value):
        return f"{value:7.0f}" if value is not None else "    n/a"

    print(f"\nSearch in the browser at N = {args.n} ({search_bench.corpus_label(args.vocabulary)}), {len(rows)} one-word queries, one fresh headless "
          f"Chromium each, local server (gzip), {typing.describe()}")
    print(f"  S = Scrollery (search/, first {FIRST_SCROLLERY} cards), P = Pagefind JS API (first 5 results' data()); kB = index "
          "bytes transferred until the first cards; ms = last input event to the first card")
    print(f"  {'query':<16} {'script':<16} {'truth':>6} {'S found':>7} {'S rec':>6} {'S prec':>6} "
          f"{'P found':>7} {'P rec':>6} {'P prec':>6} {'S kB':>7} {'P kB':>7} {'S ms':>7} {'P ms':>7}")
    for r in rows:
        s, p, true = r["scrollery"], r["pagefind"], r["truth"]
        print(f"  {r['word']:<16} {r['script']:<16} {len(true):6d} {len(s['found']):7d} "
              f"{recall(s['found'], true):6.3f} {precision(s['found'], true):6.3f} {len(p['found']):7d} "
              f"{recall(p['found'], true):6.3f} {precision(p['found'], true):6.3f} "
              f"{s['sizes']['index'][0] / 1000:7.1f} {p['sizes']['index'][0] / 1000:7.1f} {ms(s['time'])} {ms(p['time'])}")

    def summary(label, values, unit, scale=1.0):
        missing = sum(1 for v in values if v is None)
        values = [v / scale for v in values if v is not None]
        if not values:
            print(f"  {label:<52} n/a")
            return
        print(f"  {label:<52} median {statistics.median(values):9.1f} {unit}   p95 {percentile(values, 95):9.1f} {unit}"
              f"   max {max(values):9.1f} {unit}" + (f"   ({missing} n/a)" if missing else ""))

    print("\n  Bytes until the first cards (transferSize: headers and gzip bodies as sent)")
    for tool, name in (("scrollery", f"Scrollery ({FIRST_SCROLLERY} cards)"), ("pagefind", f"Pagefind ({FIRST_PAGEFIND} results)")):
        for part in ("index", "engine", "all"):
            summary(f"{name}: {part}", [r[tool]["sizes"][part][0] for r in rows], "kB", 1000)
        summary(f"{name}: index, decoded (no server compression)", [r[tool]["sizes"]["index"][2] for r in rows],
                "kB", 1000)
    for part in ("index", "engine", "all"):
        summary(f"Pagefind ({FIRST_SCROLLERY} results): {part}",
                [r["pagefind"]["more_sizes"][part][0] if r["pagefind"]["more_sizes"] else None for r in rows], "kB", 1000)
    within = [r for r in rows if r["scrollery"]["sizes"]["index"][0] <= r["pagefind"]["sizes"]["index"][0]]
    within_all = [r for r in rows if r["scrollery"]["sizes"]["all"][0] <= r["pagefind"]["sizes"]["all"][0]]
    print("  Their index files, median files and median transferred kB over the queries (a part a query did not "
          "load counts 0)")
    for tool, name in (("scrollery", "Scrollery"), ("pagefind", f"Pagefind, {FIRST_PAGEFIND} results")):
        split = [parts(r[tool]["got"]["entries"]) for r in rows]
        for part in sorted({k for d in split for k in d}):
            files = statistics.median(d.get(part, (0, 0))[0] for d in split)
            size = statistics.median(d.get(part, (0, 0))[1] for d in split)
            print(f"    {part:<32} {files:5.0f} files {size / 1000:8.1f} kB")
    print(f"  queries whose Scrollery bytes are at most Pagefind's ({FIRST_PAGEFIND} results): index {len(within)}/"
          f"{len(rows)}, all {len(within_all)}/{len(rows)}")
    more = [r for r in rows if r["pagefind"]["more_sizes"]]
    within = [r for r in more if r["scrollery"]["sizes"]["index"][0] <= r["pagefind"]["more_sizes"]["index"][0]]
    within_all = [r for r in more if r["scrollery"]["sizes"]["all"][0] <= r["pagefind"]["more_sizes"]["all"][0]]
    print(f"  queries whose Scrollery bytes are at most Pagefind's ({FIRST_SCROLLERY} results; of those it found): "
          f"index {len(within)}/{len(more)}, all {len(within_all)}/{len(more)}")

    print("\n  Time from the last input event (the paste, or the last key) to the first cards: in the page (DOM), the next frame starting "
          "(requestAnimationFrame), and on screen (Element Timing: the paint of their titles)")
    moments = (("time", "in the page"), ("painted", "the next frame starts"), ("shown", "on screen"))
    pages = (("scrollery", "Scrollery"), ("pagefind", f"Pagefind, {FIRST_PAGEFIND} results"))
    for tool, name in pages:
        for key, label in moments:
            summary(f"{name}, {label}", [r[tool][key] for r in rows], "ms")
    summary("floor: a page that echoes the keystroke, on screen", [r["floor"]["shown"] for r in rows], "ms")
    summary(f"Pagefind, {FIRST_SCROLLERY} results", [r["pagefind"]["more_time"] for r in rows], "ms")
    summary("Scrollery: its first index file asked for", [r["scrollery"]["asked"][0] for r in rows], "ms")
    summary("Scrollery: its last index file answered", [r["scrollery"]["asked"][1] for r in rows], "ms")
    summary(f"Pagefind ({FIRST_PAGEFIND}): its first index file asked for", [r["pagefind"]["asked"][0] for r in rows], "ms")
    summary(f"Pagefind ({FIRST_PAGEFIND}): its last index file answered", [r["pagefind"]["asked"][1] for r in rows], "ms")
    summary("typing (first to last input event)", [r["scrollery"]["got"]["lastKey"] - r["scrollery"]["got"]["firstKey"]
                                                 for r in rows], "ms")

    def count_within(tool, key):
        return sum(1 for r in rows if r[tool][key] is not None and r[tool][key] <= 100)

    for tool, name in pages:
        counts = ", ".join(f"{count_within(tool, key)}/{len(rows)} ({label})" for key, label in moments)
        print(f"  queries whose first cards came within 100 ms, {name}: {counts}")

    print("\n  Recall and precision against the ground truth (micro: all queries' items together; macro: mean of"
          " the queries')")
    for tool, name in (("scrollery", "Scrollery"), ("pagefind", "Pagefind")):
        hit = sum(len(r[tool]["found"] & r["truth"]) for r in rows)
        true = sum(len(r["truth"]) for r in rows)
        found = sum(len(r[tool]["found"]) for r in rows)
        recalls = [recall(r[tool]["found"], r["truth"]) for r in rows if r["truth"]]
        precisions = [precision(r[tool]["found"], r["truth"]) for r in rows if r[tool]["found"]]
        print(f"  {name:<10} recall micro {hit / max(true, 1):6.3f} macro {statistics.mean(recalls):6.3f}   "
              f"precision micro {hit / max(found, 1):6.3f} macro "
              f"{statistics.mean(precisions) if precisions else float('nan'):6.3f}   "
              f"({found} found, {true} true)")
    better = [r for r in rows if recall(r["scrollery"]["found"], r["truth"]) >= recall(r["pagefind"]["found"], r["truth"])]
    print(f"  queries whose Scrollery recall is at least Pagefind's: {len(better)}/{len(rows)}")
    scripts = sorted({r["script"] for r in rows}, key=lambda s: CATEGORIES.index(s) if s in CATEGORIES else 99)
    for script in scripts:
        mine = [r for r in rows if r["script"] == script]
        true = sum(len(r["truth"]) for r in mine)
        line = f"    {script:<16} {len(mine):2d} queries"
        for tool, name in (("scrollery", "S"), ("pagefind", "P")):
            hit = sum(len(r[tool]["found"] & r["truth"]) for r in mine)
            found = sum(len(r[tool]["found"]) for r in mine)
            line += f"   {name} recall {hit / max(true, 1):6.3f} precision {hit / found if found else float('nan'):6.3f}"
        print(line)


if __name__ == "__main__":
    main()
