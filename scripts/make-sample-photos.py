#!/usr/bin/env python3
"""Make the sample site's three photos, site/static/photos/<id>.jpg, with what a camera writes in EXIF.

Each is that item's placeholder SVG (site/static/images/<id>.svg) rendered to a JPEG by libvips, with an
EXIF block of a camera's: maker, model, lens, focal length, aperture, exposure, ISO, the time taken and
the place. The build shows the camera on the item page and drops the place (images.metadata.gps is off),
and the original offered for download carries none of it. The files are kept in the repository; run this
again only to change them.

Needs `vips` (Debian's libvips-tools) and Pillow. Usage: python3 scripts/make-sample-photos.py
"""

import io
import subprocess
import tempfile
from pathlib import Path

from PIL import Image, TiffImagePlugin

SITE = Path(__file__).resolve().parent.parent / "site"

# Item id -> (make, model, lens, focal length mm, f-number, exposure 1/s, ISO, taken, (lat, lon)).
PHOTOS = {
    "9": ("FUJIFILM", "X-T4", "XF23mmF2 R WR", 23, 2, 250, 400, "2025:09:14 07:12:40", (64.1466, -21.9426)),
    "11": ("Canon", "Canon EOS R5", "RF24-105mm F4 L IS USM", 35, 8, 500, 100, "2025:07:02 18:45:03",
           (38.7223, -9.1393)),
    "14": ("SONY", "ILCE-7M4", "FE 85mm F1.8", 85, 1.8, 160, 800, "2025:11:20 16:03:55", (35.0116, 135.7681)),
}


def dms(value):
    """Degrees, minutes and seconds as EXIF rationals."""
    rational = TiffImagePlugin.IFDRational
    value = abs(value)
    degrees = int(value)
    minutes = int((value - degrees) * 60)
    seconds = round(((value - degrees) * 60 - minutes) * 60 * 100)
    return (rational(degrees, 1), rational(minutes, 1), rational(seconds, 100))


def exif(make, model, lens, focal, fnumber, exposure, iso, taken, place):
    rational = TiffImagePlugin.IFDRational
    block = Image.Exif()
    block[0x010F] = make
    block[0x0110] = model
    block[0x0132] = taken
    details = block.get_ifd(0x8769)
    details[0xA434] = lens
    details[0x920A] = rational(focal, 1)
    details[0x829D] = rational(round(fnumber * 10), 10)
    details[0x829A] = rational(1, exposure)
    details[0x8827] = iso
    details[0x9003] = taken
    gps = block.get_ifd(0x8825)
    gps[0x0001] = "N" if place[0] >= 0 else "S"
    gps[0x0002] = dms(place[0])
    gps[0x0003] = "E" if place[1] >= 0 else "W"
    gps[0x0004] = dms(place[1])
    return block.tobytes()


def main():
    out = SITE / "static" / "photos"
    out.mkdir(parents=True, exist_ok=True)
    for item_id, camera in PHOTOS.items():
        with tempfile.TemporaryDirectory() as tmp:
            rendered = Path(tmp) / "rendered.png"
            subprocess.run(["vips", "copy", str(SITE / "static" / "images" / f"{item_id}.svg"), str(rendered)],
                           check=True)
            image = Image.open(rendered).convert("RGB")
            buffer = io.BytesIO()
            image.save(buffer, "JPEG", quality=85, exif=exif(*camera))
        (out / f"{item_id}.jpg").write_bytes(buffer.getvalue())
        print(f"site/static/photos/{item_id}.jpg: {image.width}x{image.height}, {len(buffer.getvalue())} bytes")


if __name__ == "__main__":
    main()
