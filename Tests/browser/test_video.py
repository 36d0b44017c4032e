"""Videos (issue 51): a file plays in `<video controls playsinline preload="none">` with the picture as its
poster, on the item page and in the viewer; a YouTube item loads nothing from another host until its play
button is clicked (Resource Timing), then the privacy-enhanced player; cards of videos show a play mark;
axe finds nothing serious.
"""

from __future__ import annotations

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By

from conftest import build_and_serve, console_errors, wait_for, wait_until
from test_infinite_scroll import open_page
from test_theme import audit, open_viewer

BASE = "/gallery/"
CONFIG = """\
title: Videos
baseURL: /
output: public
pageSize: 12
source:
  url: data/page-{{page}}.json
  items: /items
item:
  id: "{{id}}"
  title: "{{title}}"
  image: "{{image}}"
  width: "400"
  height: "300"
  video: "{{video}}"
"""
PLAYER = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"
# every host the page has fetched from (its own document included)
HOSTS = """return [location.host].concat(performance.getEntriesByType('resource').map(function (e) {
    return new URL(e.name).host; })).filter(function (h, i, all) { return all.indexOf(h) === i; })"""


@pytest.fixture(scope="module")
def video_site(tmp_path_factory):
    pic = "images/1.svg"
    items = [{"id": "1", "title": "A file", "image": pic, "video": "https://example.org/clips/1.mp4"},
             {"id": "2", "title": "A tube", "image": pic, "video": "https://www.youtube.com/watch?v=dQw4w9WgXcQ"},
             {"id": "3", "title": "A photo", "image": pic, "video": ""},
             {"id": "4", "title": "A bare file", "image": "", "video": "https://example.org/clips/4.webm"},
             {"id": "5", "title": "A bare tube", "image": "", "video": "https://youtu.be/dQw4w9WgXcQ"}]
    yield from build_and_serve(tmp_path_factory, "scrollery-video", CONFIG, items)


def test_a_video_file_plays_in_a_video_element(video_site, browser):
    d = browser(1280, 900)
    d.get(video_site.origin + f"{BASE}items/1/")
    wait_for(d, "return document.readyState == 'complete'", 10)
    v = d.find_element(By.CSS_SELECTOR, "video.item-video")
    assert v.get_attribute("preload") == "none" and v.get_attribute("controls") is not None
    assert v.get_attribute("playsinline") is not None
    assert v.get_attribute("poster").endswith("/images/1.svg")
    assert d.find_element(By.CSS_SELECTOR, "video.item-video source").get_attribute("src") \
        == "https://example.org/clips/1.mp4"
    assert d.execute_script(HOSTS) == [d.execute_script("return location.host")]
    result, bad = audit(d)
    assert bad == [], Axe(d).report(bad)


def test_a_youtube_item_loads_nothing_from_youtube_before_the_click(video_site, browser):
    d = browser(1280, 900)
    d.get(video_site.origin + f"{BASE}items/2/")
    wait_for(d, "return document.readyState == 'complete'", 10)
    here = d.execute_script("return location.host")
    assert d.execute_script(HOSTS) == [here], "a request to another host before the click"
    assert d.find_elements(By.TAG_NAME, "iframe") == []
    result, bad = audit(d)
    assert bad == [], Axe(d).report(bad)
    d.find_element(By.CSS_SELECTOR, "a.video-play").click()
    frame = wait_for(d, "return document.querySelector('iframe.video-frame')", 5, "the player after the click")
    assert frame.get_attribute("src") == PLAYER
    assert frame.get_attribute("title")


def test_cards_show_a_play_mark_and_the_viewer_plays_both_kinds(video_site, browser):
    d = browser(1280, 900)
    open_page(d, video_site.origin + BASE)
    marks = d.execute_script("return [].map.call(document.querySelectorAll('.card'), function (c) {"
                             " return !!c.querySelector('.play-mark'); })")
    assert marks == [True, True, False, True, True]
    open_viewer(d, 2)
    here = d.execute_script("return location.host")
    wait_for(d, "return !!document.querySelector('.viewer-play')", 5, "the viewer's play button")
    assert d.find_element(By.CSS_SELECTOR, ".viewer-play").get_attribute("aria-label") == "Play the video"
    assert d.execute_script(HOSTS) == [here], "the viewer fetched from another host before the click"
    result, bad = audit(d)
    assert bad == [], Axe(d).report(bad)
    d.find_element(By.CSS_SELECTOR, ".viewer-prev").click()  # to the file
    v = wait_for(d, "return document.querySelector('.viewer-video')", 5, "the viewer's <video>")
    assert v.get_attribute("preload") == "none" and v.get_attribute("poster").endswith("/images/1.svg")
    assert d.find_elements(By.CSS_SELECTOR, ".viewer-play") == []
    d.find_element(By.CSS_SELECTOR, ".viewer-next").click()  # back to the YouTube one
    wait_for(d, "return !!document.querySelector('.viewer-play') && !document.querySelector('.viewer-video')", 5)
    d.find_element(By.CSS_SELECTOR, ".viewer-play").click()
    frame = wait_for(d, "return document.querySelector('iframe.viewer-frame')", 5, "the player in the viewer")
    assert frame.get_attribute("src") == PLAYER
    d.find_element(By.CSS_SELECTOR, ".viewer-next").click()  # a photo: no player left behind
    wait_until(lambda: not d.find_elements(By.CSS_SELECTOR, ".viewer-frame, .viewer-play, .viewer-video"), 5,
               "the player gone on the next photo")
    assert console_errors(d, ignore=("youtube-nocookie",)) == []


def test_a_video_without_a_picture_plays_from_a_neutral_frame(video_site, browser):
    d = browser(1280, 900)
    open_page(d, video_site.origin + BASE)
    frames = d.execute_script("return [4, 5].map(function (n) { var f = document.querySelector('#item-' + n + ' .frame');"
                              " return f && [!!f.querySelector('img'), !!f.querySelector('.play-mark'),"
                              " f.getBoundingClientRect().height > 0]; })")
    assert frames == [[False, True, True], [False, True, True]], "a play mark on a frame without a picture"
    open_viewer(d, 4)
    v = wait_for(d, "return document.querySelector('.viewer-video')", 5, "the viewer's <video>")
    assert not d.execute_script("return arguments[0].hasAttribute('poster')", v), "another item's picture as poster"
    assert d.execute_script("return document.querySelector('.viewer-img').hidden")
    assert d.find_element(By.CSS_SELECTOR, ".viewer-video source").get_attribute("src") \
        == "https://example.org/clips/4.webm"
    d.find_element(By.CSS_SELECTOR, ".viewer-next").click()
    wait_for(d, "return !!document.querySelector('.viewer-play') && !document.querySelector('.viewer-video')", 5)
    here = d.execute_script("return location.host")
    assert d.execute_script(HOSTS) == [here], "the viewer fetched from another host before the click"
    result, bad = audit(d)
    assert bad == [], Axe(d).report(bad)
    d.find_element(By.CSS_SELECTOR, ".viewer-play").click()
    frame = wait_for(d, "return document.querySelector('iframe.viewer-frame')", 5, "the player in the viewer")
    assert frame.get_attribute("src") == PLAYER
    # the item pages: the player in a frame of its own
    d.get(video_site.origin + f"{BASE}items/4/")
    wait_for(d, "return document.readyState == 'complete'", 10)
    v = d.find_element(By.CSS_SELECTOR, ".item-frame video.item-video")
    assert v.get_attribute("preload") == "none" and not d.execute_script("return arguments[0].hasAttribute('poster')", v)
    assert d.execute_script("return document.querySelector('.item-video').getBoundingClientRect().height") > 100
    result, bad = audit(d)
    assert bad == [], Axe(d).report(bad)
    d.get(video_site.origin + f"{BASE}items/5/")
    wait_for(d, "return document.readyState == 'complete'", 10)
    assert d.execute_script(HOSTS) == [d.execute_script("return location.host")]
    play = d.find_element(By.CSS_SELECTOR, ".item-frame a.video-play")
    assert play.size["height"] > 100
    result, bad = audit(d)
    assert bad == [], Axe(d).report(bad)
    play.click()
    frame = wait_for(d, "return document.querySelector('iframe.video-frame')", 5, "the player after the click")
    assert frame.get_attribute("src") == PLAYER
    assert console_errors(d, ignore=("youtube-nocookie",)) == []
