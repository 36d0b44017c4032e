#!/usr/bin/env python3
"""Make the image fixtures of issue 13 (point 9) in Tests/ScrolleryTestSites/Fixtures/images/.

Every file is made from fixed colours, a fixed seed or a photo that a Debian package ships, so the
script writes the same pictures each time (byte-identical with the same Pillow and libjpeg).

    python3 scripts/make-test-images.py [OUTPUT_DIR]

Needs Pillow (`pip install pillow`, or Debian's `python3-pil`) and, for photo.jpg, Debian's
`mate-backgrounds` package (`apt-get install mate-backgrounds`): its nature photo Storm.jpg.
"""

import io
import random
import struct
import sys
import zlib
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "Tests" / "ScrolleryTestSites" / "Fixtures" / "images"
PHOTO_SOURCE = Path("/usr/share/backgrounds/mate/nature/Storm.jpg")

RED = (220, 20, 20)
BLUE = (20, 40, 220)
GREEN = (20, 180, 40)
ORANGE = (255, 128, 0)


def jpeg_bytes(image, **options):
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", **options)
    return buffer.getvalue()


def two_halves(size, left, right):
    """An RGB image whose left half is one colour and right half another."""
    width, height = size
    image = Image.new("RGB", size, right)
    image.paste(left, (0, 0, width // 2, height))
    return image


def orientation_6():
    # Stored 300x200 (wide): left half red, right half blue. EXIF Orientation 6 means "rotate 90°
    # clockwise to display", so the displayed picture is 200x300 (tall) with its top half red and its
    # bottom half blue. A reader that ignores the tag shows it wide; one that rotates the wrong way
    # (counter-clockwise) shows red at the bottom.
    image = two_halves((300, 200), RED, BLUE)
    exif = Image.Exif()
    exif[0x0112] = 6  # Orientation
    return jpeg_bytes(image, quality=90, exif=exif.tobytes())


def cmyk():
    # 240x160 CMYK JPEG (Adobe marker, no ICC profile): four vertical bands of pure cyan, magenta,
    # yellow and black ink.
    image = Image.new("CMYK", (240, 160), (0, 0, 0, 0))
    inks = [(255, 0, 0, 0), (0, 255, 0, 0), (0, 0, 255, 0), (0, 0, 0, 255)]
    for index, ink in enumerate(inks):
        image.paste(ink, (index * 60, 0, index * 60 + 60, 160))
    return jpeg_bytes(image, quality=90)


def alpha():
    # 400x300 RGBA PNG: the left half opaque orange, the right half fully transparent (alpha 0), with
    # a band of half transparency (alpha 128) across the middle rows of the left half.
    image = Image.new("RGBA", (400, 300), (0, 0, 255, 0))
    image.paste(ORANGE + (255,), (0, 0, 200, 300))
    image.paste(ORANGE + (128,), (0, 125, 200, 175))
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=True)
    return buffer.getvalue()


def animated_gif():
    # 200x150, three frames of 200 ms each, looping: red, then green, then blue.
    frames = [Image.new("RGB", (200, 150), colour) for colour in (RED, GREEN, BLUE)]
    frames = [frame.convert("P", palette=Image.ADAPTIVE, colors=4) for frame in frames]
    buffer = io.BytesIO()
    frames[0].save(buffer, "GIF", save_all=True, append_images=frames[1:], duration=200, loop=0,
                   optimize=False, disposal=1)
    return buffer.getvalue()


def tiny():
    # 40x30 RGB PNG, narrower than every variant width: left half green, right half blue.
    buffer = io.BytesIO()
    two_halves((40, 30), GREEN, BLUE).save(buffer, "PNG")
    return buffer.getvalue()


def truncated():
    # A valid 800x600 baseline JPEG of gradients and seeded noise, cut to its first 40% of bytes.
    rng = random.Random(13)
    image = Image.new("RGB", (800, 600))
    pixels = image.load()
    for y in range(600):
        for x in range(800):
            pixels[x, y] = (x * 255 // 800, y * 255 // 600, (x + y) % 256)
    for _ in range(4000):
        x, y = rng.randrange(800), rng.randrange(600)
        pixels[x, y] = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
    whole = jpeg_bytes(image, quality=75)
    return whole[: len(whole) * 40 // 100]


def not_an_image():
    # What a misconfigured server or a login wall sends with Content-Type: image/jpeg.
    return (
        b"<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>Sign in</title></head>\n"
        b"<body>\n<h1>Please sign in</h1>\n<p>This picture is only for members.</p>\n</body>\n</html>\n"
    )


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def huge_header():
    # A PNG whose IHDR (valid, with its CRC) claims 40000x40000 8-bit RGB: 4.8 GB of pixels. The IDAT
    # is a valid zlib stream of only 1000 zero bytes, far too little data: a decoder that honours the
    # header must refuse it before allocating anything.
    ihdr = struct.pack(">IIBBBBB", 40000, 40000, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + png_chunk(b"IHDR", ihdr)
        + png_chunk(b"IDAT", zlib.compress(b"\x00" * 1000, 9))
        + png_chunk(b"IEND", b"")
    )


def photo():
    # 1600x1067 (3:2) JPEG, the centre of a storm photo from Debian's mate-backgrounds.
    if not PHOTO_SOURCE.exists():
        sys.exit(f"{PHOTO_SOURCE} is missing: apt-get install mate-backgrounds")
    image = Image.open(PHOTO_SOURCE).convert("RGB")
    width, height = image.size
    crop_width = min(width, height * 3 // 2)
    crop_height = crop_width * 2 // 3
    left, top = (width - crop_width) // 2, (height - crop_height) // 2
    image = image.crop((left, top, left + crop_width, top + crop_height))
    image = image.resize((1600, 1067), Image.LANCZOS)
    return jpeg_bytes(image, quality=50)


def camera_exif(make, model, hostile=False):
    """An EXIF block with what a camera writes: maker, model, lens, focal length, aperture, exposure, ISO,
    the time taken and the place. `hostile` writes instead what a broken or hostile file holds: a 64 kB
    maker note, a date in year 0, a zero denominator, a lens name of control characters."""
    from PIL import TiffImagePlugin

    rational = TiffImagePlugin.IFDRational
    exif = Image.Exif()
    exif[0x010F] = make
    exif[0x0110] = model
    exif[0x0132] = "2024:05:01 10:00:00"
    details = exif.get_ifd(0x8769)
    gps = exif.get_ifd(0x8825)
    if hostile:
        details[0x927C] = b"\x00" * 64000  # MakerNote, near the most a JPEG segment holds
        details[0x9003] = "0000:00:00 00:00:00"  # DateTimeOriginal
        details[0x829D] = rational(28, 0)  # FNumber with a zero denominator
        details[0xA434] = "\x01\x02\x1b[31m"  # LensModel of control characters
        details[0x8827] = 400  # ISOSpeedRatings, the one sane value
        return exif.tobytes()
    details[0xA434] = "XF23mmF2 R WR"  # LensModel
    details[0x920A] = rational(23, 1)  # FocalLength
    details[0x829D] = rational(2, 1)  # FNumber
    details[0x829A] = rational(1, 250)  # ExposureTime
    details[0x8827] = 400  # ISOSpeedRatings
    details[0x9003] = "2024:05:01 09:41:07"  # DateTimeOriginal
    gps[0x0001] = "N"
    gps[0x0002] = (rational(64, 1), rational(8, 1), rational(2655, 100))
    gps[0x0003] = "W"
    gps[0x0004] = (rational(21, 1), rational(56, 1), rational(1, 1))
    return exif.tobytes()


def camera_jpeg():
    # 320x240 with a Fujifilm's EXIF, the place included (Reykjavík's harbour).
    return jpeg_bytes(two_halves((320, 240), GREEN, BLUE), quality=90, exif=camera_exif("FUJIFILM", "X-T4"))


def camera_png():
    # The same camera data in a PNG's eXIf chunk.
    buffer = io.BytesIO()
    two_halves((160, 120), ORANGE, BLUE).save(buffer, "PNG", exif=camera_exif("Canon", "Canon EOS R5"))
    return buffer.getvalue()


def camera_webp():
    # The same in a WebP's EXIF chunk.
    buffer = io.BytesIO()
    two_halves((160, 120), RED, GREEN).save(buffer, "WEBP", quality=80, exif=camera_exif("SONY", "ILCE-7M4"))
    return buffer.getvalue()


def hostile_exif():
    # A JPEG whose EXIF has a 64 kB maker note and broken values beside one good one.
    return jpeg_bytes(two_halves((200, 150), BLUE, RED), quality=90, exif=camera_exif("NIKON", "Z 6", hostile=True))


FIXTURES = {
    "camera.jpg": camera_jpeg,
    "camera.png": camera_png,
    "camera.webp": camera_webp,
    "hostile-exif.jpg": hostile_exif,
    "orientation-6.jpg": orientation_6,
    "cmyk.jpg": cmyk,
    "alpha.png": alpha,
    "animated.gif": animated_gif,
    "tiny.png": tiny,
    "truncated.jpg": truncated,
    "not-an-image.jpg": not_an_image,
    "huge-header.png": huge_header,
    "photo.jpg": photo,
}


def main():
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_OUT
    out.mkdir(parents=True, exist_ok=True)
    for name, make in FIXTURES.items():
        data = make()
        (out / name).write_bytes(data)
        print(f"{name:20} {len(data):7} bytes")


if __name__ == "__main__":
    main()
