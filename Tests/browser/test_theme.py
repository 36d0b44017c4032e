"""Issue 14 in headless Chromium: no layout shift when the reader jumps to the bottom while pages load.

The fixture site (conftest.py) has 400 items, 24 per page (17 listing pages), autoPages 4, served under
/gallery/.
"""

from __future__ import annotations

import time

import pytest
from selenium.webdriver.common.by import By

from conftest import AUTO_PAGES, BASE, PAGE_SIZE, REPO, console_errors, wait_for, wait_until
from test_infinite_scroll import CLS_OBSERVER, open_page, positions

SHOTS = REPO / ".build" / "screenshots"


# ---- no layout shift when jumping to the bottom while pages load ----------------------------------


@pytest.mark.parametrize("size", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_jump_to_the_bottom_while_pages_load_shifts_nothing(site, browser, size):
    width, height = size
    d = browser(width, height, mobile=width < 500, init_script=CLS_OBSERVER)
    site.delay(f"{BASE}page/", 0.4)  # pages arrive while the reader is at the bottom
    open_page(d, site.url())
    wait_for(d, "return document.readyState == 'complete'", 10)
    d.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    footer_top = d.execute_script("return document.getElementById('footer').getBoundingClientRect().top")
    assert footer_top < height, "the footer is not in view at the bottom"
    want = (1 + AUTO_PAGES) * PAGE_SIZE
    wait_until(lambda: len(positions(d)) >= want, 20, f"{AUTO_PAGES} pages loaded at the bottom")
    wait_for(d, "return !!document.querySelector('.pager [data-act=more]')", 10, "'Load more'")
    time.sleep(0.5)
    top = d.execute_script("return document.getElementById('footer').getBoundingClientRect().top")
    assert abs(top - footer_top) <= 1, f"the footer moved from {footer_top} to {top}"
    assert d.find_element(By.CSS_SELECTOR, ".pager [data-act=more]").is_displayed()
    cls, shifts = d.execute_script("return [window.__cls, window.__shifts]")
    print(f"\nCLS after jumping to the bottom at {width}x{height}: {cls} ({len(shifts)} shifts)")
    assert cls == 0, f"cumulative layout shift {cls}: {shifts}"
    SHOTS.mkdir(parents=True, exist_ok=True)
    d.save_screenshot(str(SHOTS / f"bottom-{'phone' if width < 500 else 'desktop'}.png"))
    assert console_errors(d) == []
