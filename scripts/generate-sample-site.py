#!/usr/bin/env python3
"""Generate the offline sample site of Scrollery under site/.

Writes, deterministically (rerunning gives byte-identical files):

  site/data/page-1.json .. page-9.json   25 items each, Lorem-Picsum-list style
  site/data/details/<id>.json            per-item detail: Markdown description, tags
  site/static/images/<id>.svg            a small placeholder SVG per item

Items 9, 11 and 14 show a photo instead, site/static/photos/<id>.jpg (kept in the repository, made by
scripts/make-sample-photos.py), whose EXIF the build reads: each item names its picture in `image`.

A few hostile entries are mixed in (see HOSTILE below and site/README.md);
the generator must render all of them harmless.

Python 3 standard library only. Usage: python3 scripts/generate-sample-site.py
"""

import colorsys
import datetime
import hashlib
import json
import random
import shutil
import urllib.parse
from pathlib import Path

SITE = Path(__file__).resolve().parent.parent / "site"
DATA = SITE / "data"
DETAILS = DATA / "details"
IMAGES = SITE / "static" / "images"

PAGES = 9
PER_PAGE = 25
TOTAL = PAGES * PER_PAGE          # 225
NEWEST = datetime.date(2026, 3, 14)

# Item number -> its video (item.video): the viewer and the item page play it behind a click-to-play
# poster that loads nothing from YouTube until it is pressed. "Me at the zoo", YouTube's first video.
VIDEOS = {3: "https://www.youtube.com/watch?v=jNQXAC9IVRw"}

# Item number -> its photo, a JPEG with a camera's EXIF (scripts/make-sample-photos.py).
PHOTOS = {9: "photos/9.jpg", 11: "photos/11.jpg", 14: "photos/14.jpg"}

# Global item index (0-based; source page = index // 25 + 1) -> hostile kind.
HOSTILE = {
    30: "author-html",         # page 2, id "31"
    62: "description-html",    # page 3, id "63"
    90: "id-traversal",        # page 4, id "../../etc/passwd"
    110: "id-slug-a",          # page 5, id "Hello World/.."
    115: "id-slug-b",          # page 5, id "hello-world"
    160: "url-javascript",     # page 7, id "161"
}
HOSTILE_IDS = {
    "id-traversal": "../../etc/passwd",
    "id-slug-a": "Hello World/..",
    "id-slug-b": "hello-world",
}
HOSTILE_AUTHOR = '<script>alert("title")</script> & <b>Bold</b>'
HOSTILE_URL = "javascript:alert(4)"

AUTHORS = [
    "Ada Lovelace", "Julia Margaret Cameron", "Louis Daguerre",
    "Nicéphore Niépce", "William Henry Fox Talbot", "Anna Atkins",
    "Eadweard Muybridge", "Mathew Brady", "Timothy O'Sullivan",
    "Carleton Watkins", "Gertrude Käsebier", "Eugène Atget", "Jacob Riis",
    "Lewis Hine", "Frances Benjamin Johnston", "Hippolyte Bayard",
    "Félix Nadar", "Clementina Hawarden", "Alice Austen", "Zaida Ben-Yusuf",
    "Frank Meadow Sutcliffe", "Roger Fenton", "Felice Beato",
    "Mira Okafor", "Tomas Lindqvist", "Priya Raman", "Jonah Whitfield",
    "Elena Sokolova", "Kenji Arakawa", "Lucía Moreno", "Ines Duarte",
    "Oskar Brandt", "Amara Nwosu", "Theo Marchetti", "Sofia Halvorsen",
    "Rafael Ortega", "Hana Novák", "Wen Li", "Marguerite Fontaine",
    "Declan Murphy",
]

SIZES = [
    (1200, 800), (800, 1200), (1000, 1000), (1600, 900), (900, 1600),
    (1500, 1000), (1080, 1350), (1280, 960), (960, 1280), (2000, 1000),
]

SUBJECTS = [
    "the harbour wall", "a row of fishing boats", "the old granary",
    "a birch wood", "the salt flats", "a tram depot", "the north ridge",
    "a flooded quarry", "the market hall", "a lighthouse", "the river bend",
    "a field of barley", "the cathedral steps", "a mountain hut",
    "the station concourse", "a glasshouse", "the dunes", "a cobbled lane",
    "the pier", "a frozen lake", "an orchard", "the viaduct",
]
LIGHTS = [
    "low winter sun", "the blue hour", "a thin morning fog",
    "hard midday light", "the last light before rain", "overcast light",
    "golden-hour backlight", "sodium street lamps", "moonlight",
    "light bouncing off wet stone", "a break in the clouds",
]
MOODS = [
    "quiet", "restless", "patient", "almost monochrome", "warm",
    "cold and clear", "softly layered", "busy but calm", "graphic",
]
OBSERVATIONS = [
    "The shadows did most of the composing.",
    "Nothing moved for a long time, and then everything did.",
    "The colour came from the reflections rather than the sky.",
    "A slower shutter turned the water into a pale ribbon.",
    "The horizon sits deliberately low to give the sky room.",
    "Most of the frame is empty, which is the point.",
    "The texture only shows up when the light rakes across it.",
    "A passer-by stepped in at exactly the right moment.",
    "The lens was stopped down for depth, not sharpness.",
    "It took three mornings before the mist behaved.",
    "The grain is real; the film was pushed two stops.",
    "The lines lead the eye out of the picture and back in again.",
]
TECHNIQUES = [
    "a tripod and a two-second timer", "a 35mm lens wide open",
    "a graduated filter", "bracketed exposures", "a polariser",
    "a borrowed medium-format camera", "a pinhole body", "a long lens from far away",
    "a handheld meter", "a reflector held by a patient friend",
]
QUOTES = [
    "Light makes photography. Embrace light. Admire it. Love it.",
    "The camera is an instrument that teaches people how to see.",
    "Look and think before opening the shutter.",
    "A photograph is a secret about a secret.",
    "Wait for the light; it always comes back, slightly different.",
]
TAGS = [
    "landscape", "portrait", "street", "architecture", "night", "fog",
    "water", "black-and-white", "film", "long-exposure", "winter", "summer",
    "coast", "mountains", "city", "minimal", "texture", "travel", "trees",
    "golden-hour",
]
CODE_BLOCKS = [
    ("sh", "exiftool -DateTimeOriginal -FNumber -ExposureTime IMG_{n:04d}.jpg"),
    ("yaml", "camera: rangefinder\nlens: 35mm f/2\naperture: f/8\n"
             "shutter: 1/125\niso: {iso}"),
    ("text", "f/{f}  1/{s}s  ISO {iso}\n{w} x {h} px"),
    ("json", '{{"aperture": "f/{f}", "shutter": "1/{s}", "iso": {iso}}}'),
]


def pick(rng, seq):
    return seq[rng.randrange(len(seq))]


def sentence(rng, n, kind):
    """One plain-prose sentence of the given kind, with optional inline Markdown."""
    subject = pick(rng, SUBJECTS)
    light = pick(rng, LIGHTS)
    if kind == 0:
        s = f"This is {subject} in {light}."
    elif kind == 1:
        s = f"I came back to {subject} for *{light}*, and the scene felt {pick(rng, MOODS)}."
    elif kind == 2:
        s = f"Shot with {pick(rng, TECHNIQUES)}, the frame is **{pick(rng, MOODS)}** rather than dramatic."
    elif kind == 3:
        slug = subject.replace(" ", "-").replace("the-", "").replace("a-", "", 1)
        s = f"There is more about [{subject}](https://example.org/places/{slug}) in the notes."
    elif kind == 4:
        s = f"The file is `IMG_{n:04d}.jpg`, straight from the camera apart from a crop."
    else:
        s = pick(rng, OBSERVATIONS)
    return s


def paragraph(rng, n):
    kinds = rng.sample(range(6), rng.randint(2, 4))   # no sentence twice
    return " ".join(sentence(rng, n, kind) for kind in kinds)


def block(rng, n, w, h):
    kind = rng.randrange(6)
    if kind == 0:
        title = pick(rng, ["How it was made", "The place", "About the light",
                           "Notes", "Afterwards", "Why this frame"])
        return f"## {title}\n\n{paragraph(rng, n)}"
    if kind == 1:
        items = rng.sample(TECHNIQUES, rng.randint(2, 4))
        return "What went into it:\n\n" + "\n".join(f"- {t}" for t in items)
    if kind == 2:
        steps = [
            f"Arrive before {pick(rng, LIGHTS)}.",
            f"Frame {pick(rng, SUBJECTS)} and wait.",
            "Meter for the highlights.",
            "Take one frame, then one more *just in case*.",
            "Walk away before it gets crowded.",
        ]
        k = rng.randint(3, 5)
        return "\n".join(f"{i}. {s}" for i, s in enumerate(steps[:k], 1))
    if kind == 3:
        return f"> {pick(rng, QUOTES)}"
    if kind == 4:
        lang, body = pick(rng, CODE_BLOCKS)
        body = body.format(n=n, iso=pick(rng, [100, 200, 400, 800, 1600]),
                           f=pick(rng, [2, 2.8, 4, 5.6, 8, 11, 16]),
                           s=pick(rng, [15, 30, 60, 125, 250, 500]), w=w, h=h)
        return f"Settings, for the record:\n\n```{lang}\n{body}\n```"
    return paragraph(rng, n)


def description(rng, n, w, h):
    parts = [paragraph(rng, n)]
    for _ in range(rng.randint(0, 2)):
        parts.append(block(rng, n, w, h))
    return "\n\n".join(parts)


def svg(item_id, w, h):
    digest = hashlib.sha256(item_id.encode("utf-8")).digest()
    hue = digest[0] / 255.0
    hue2 = (hue + 0.08 + digest[1] / 255.0 * 0.2) % 1.0

    def hexcolor(hh, l, s):
        r, g, b = colorsys.hls_to_rgb(hh, l, s)
        return "#%02x%02x%02x" % (round(r * 255), round(g * 255), round(b * 255))

    top, bottom = hexcolor(hue, 0.78, 0.55), hexcolor(hue2, 0.45, 0.45)
    ink = hexcolor(hue2, 0.28, 0.35)
    gid = "g" + hashlib.sha256(item_id.encode("utf-8")).hexdigest()[:8]
    if digest[2] % 2 == 0:
        # a sun over a hill line
        cx, cy = w * (20 + digest[3] % 60) // 100, h * (20 + digest[4] % 25) // 100
        r = min(w, h) * (8 + digest[5] % 8) // 100
        sun = hexcolor(hue, 0.92, 0.6)
        shape = (f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{sun}"/>'
                 f'<path d="M0 {h * 70 // 100} Q{w // 2} {h * (50 + digest[6] % 15) // 100} '
                 f'{w} {h * 72 // 100} V{h} H0Z" fill="{ink}" fill-opacity="0.8"/>')
    else:
        # a mountain range
        p1 = w * (25 + digest[3] % 20) // 100
        p2 = w * (60 + digest[4] % 25) // 100
        shape = (f'<path d="M0 {h} L{p1} {h * (35 + digest[5] % 20) // 100} '
                 f'L{(p1 + p2) // 2} {h * 62 // 100} L{p2} {h * (30 + digest[6] % 20) // 100} '
                 f'L{w} {h} Z" fill="{ink}" fill-opacity="0.85"/>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}">'
            f'<defs><linearGradient id="{gid}" x1="0" y1="0" x2="0" y2="1">'
            f'<stop offset="0" stop-color="{top}"/><stop offset="1" stop-color="{bottom}"/>'
            f'</linearGradient></defs>'
            f'<rect width="{w}" height="{h}" fill="url(#{gid})"/>{shape}</svg>\n')


def safe_filename(item_id):
    return (item_id not in ("", ".", "..") and "/" not in item_id
            and "\\" not in item_id and "\0" not in item_id)


def dump(path, obj):
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(obj, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    path.write_text(text, encoding="utf-8", newline="\n")


def main():
    rng = random.Random(42)
    for d in (DATA, IMAGES):
        if d.exists():
            shutil.rmtree(d)
    DETAILS.mkdir(parents=True)
    IMAGES.mkdir(parents=True)

    items, details = [], {}
    date = NEWEST
    for i in range(TOTAL):
        n = i + 1
        kind = HOSTILE.get(i)
        item_id = HOSTILE_IDS.get(kind, str(n))
        w, h = pick(rng, SIZES)
        author = pick(rng, AUTHORS)
        desc = description(rng, n, w, h)
        tags = rng.sample(TAGS, rng.randint(2, 4))
        url = "https://example.org/photos/" + urllib.parse.quote(item_id, safe="")

        if kind == "author-html":
            author = HOSTILE_AUTHOR
            desc += ("\n\nThe author of this item is an HTML string; the card must "
                     "show it as literal text, `<script>` and all.")
        elif kind == "description-html":
            desc = ("A perfectly ordinary caption, followed by raw HTML that must "
                    "never reach the page as markup.\n\n"
                    "<script>alert(1)</script>\n\n"
                    "<img src=x onerror=alert(2)>\n\n"
                    '<iframe src="https://evil.example"></iframe>\n\n'
                    "And a link whose target must be dropped: "
                    "[click me](javascript:alert(3)).")
        elif kind == "url-javascript":
            url = HOSTILE_URL
            desc += ("\n\nThis item's source link is `javascript:alert(4)`; the "
                     "card must not link to it.")
        elif kind == "id-slug-b":
            desc += ("\n\nThis item's id is `hello-world`; another item's id, "
                     "`Hello World/..`, could slug to the same thing. Both must "
                     "keep distinct anchors.")

        items.append({"id": item_id, "author": author, "width": w, "height": h,
                      "image": PHOTOS.get(n, f"images/{item_id}.svg"),
                      "url": url, "date": date.isoformat()})
        if n in VIDEOS:
            items[-1]["video"] = VIDEOS[n]
        date -= datetime.timedelta(days=rng.randint(1, 3))
        if kind not in ("id-traversal", "id-slug-a"):
            details[item_id] = {"id": item_id, "description": desc, "tags": tags}

    for p in range(PAGES):
        dump(DATA / f"page-{p + 1}.json",
             {"items": items[p * PER_PAGE:(p + 1) * PER_PAGE], "page": p + 1})
    for item_id, detail in details.items():
        dump(DETAILS / f"{item_id}.json", detail)
    for item in items:
        if safe_filename(item["id"]):
            (IMAGES / f"{item['id']}.svg").write_text(
                svg(item["id"], item["width"], item["height"]),
                encoding="utf-8", newline="\n")

    print(f"{len(items)} items on {PAGES} pages, {len(details)} detail files, "
          f"{sum(1 for it in items if safe_filename(it['id']))} images")


if __name__ == "__main__":
    main()
