/*! Scrollery viewer: loaded by scrollery.js the first time a card's picture is opened. A modal
 * <dialog> that goes through the whole gallery: past the last card it loads the next listing page with
 * the scroll's own loader (Scrollery.next), before the first the page above (Scrollery.prev). While a
 * photo is shown the address is its item page (pushState), so back closes the viewer and reload lands
 * on that page. Keys: ← → Esc (mirrored right to left), i (the information panel), + - 0 (zoom; zoomed,
 * the arrows pan), p (the slideshow); swipe, pinch, double-tap; buttons. Focus stays inside and returns
 * to the card. item.js loads this file for its zoom alone (Scrollery.zoom), on an item page's picture. */
(function () {
  'use strict';
  var d = document, w = window, S = w.Scrollery, root = d.documentElement, rtl = root.dir === 'rtl';
  if (!S || !d.createElement('dialog').showModal) return;
  var feed = d.querySelector('.feed'), card = null, busy = false;
  var t = S.t, max = Math.max, min = Math.min;

  /* Zoom and pan `img` in `box`, which clips it: a transform (translate, scale), the picture held at its
     fitted size. Double click or tap: fitted or full size (a pixel of the largest variant a pixel of
     the screen); wheel, pinch: about their point; + - 0: steps; a drag, or the arrows once zoomed: pan,
     to the picture's edges. Past the pixels of the variant shown, the srcset's next larger one, once (by
     `sizes`: the browser shows the old one until it has it). `wheel`: the wheel zooms unzoomed too (else
     with Ctrl: a trackpad's pinch); `swipe(left)`: a move of 40 px, unzoomed. Z.on: there is a picture. */
  function zoomer(img, box, wheel, swipe) {
    var z = 1, x = 0, y = 0, fw, fh, asked = 0, P = {}, n = 0, pinch = 0, sx, sy, last = 0, Z = { on: 1 };
    var dpr = function () { return w.devicePixelRatio || 1; };
    var srcs = function () { return img.parentNode.querySelectorAll(':scope > source, :scope > img'); };
    function list() { // the srcset's [url, width]s, narrowest first
      var l = [];
      [].forEach.call(srcs(), function (s) {
        (s.getAttribute('srcset') || '').split(',').forEach(function (c) {
          c = c.trim().split(/\s+/);
          if (/^\d+w$/.test(c[1])) l.push([new URL(c[0], d.baseURI).href, parseInt(c[1], 10)]);
        });
      });
      return l.sort(function (a, b) { return a[1] - b[1]; });
    }
    function full() {
      var l = list(), f = (l.length ? l[l.length - 1][1] : img.naturalWidth) / fw / dpr();
      return f > 1.1 ? f : 2;
    }
    function render() {
      var W = fw * z / 2, H = fh * z / 2, ox = img.offsetLeft + fw / 2, oy = img.offsetTop + fh / 2, l = list(),
        need = fw * z * dpr(), have = 0, best = 0,
        fit = function (v, a, b) { return z > 1 ? min(max(v, min(a, b)), max(a, b)) : 0; };
      x = fit(x, box.clientWidth - ox - W, W - ox);
      y = fit(y, box.clientHeight - oy - H, H - oy);
      img.style.transform = z > 1 ? 'translate(' + x + 'px,' + y + 'px) scale(' + z + ')' : '';
      if (z === 1) img.style.width = img.style.height = '';
      box.classList.toggle('is-zoomed', z > 1);
      l.forEach(function (c) { if (c[0] === img.currentSrc) have = c[1]; });
      l.some(function (c) { best = c[1]; return best >= need; });
      if (have && need > have && best > max(have, asked)) {
        asked = best;
        [].forEach.call(srcs(), function (s) { s.sizes = best / dpr() + 'px'; });
      }
    }
    function set(k, px, py) { // scale k (0: full size) about the point px, py (none: the middle)
      if (!Z.on) return;
      if (z === 1) {
        var r = img.getBoundingClientRect();
        img.style.width = (fw = r.width) + 'px'; img.style.height = (fh = r.height) + 'px';
      }
      k = min(max(k || full(), 1), max(4, 2 * full()));
      var b = box.getBoundingClientRect(),
        qx = (px == null ? b.width / 2 : px - b.left) - img.offsetLeft - fw / 2,
        qy = (py == null ? b.height / 2 : py - b.top) - img.offsetTop - fh / 2;
      x = qx - (qx - x) * k / z; y = qy - (qy - y) * k / z; z = k;
      render();
    }
    Z.step = function (s) { set(z * Math.pow(1.5, s)); };
    Z.toggle = function (px, py) { set(z > 1 ? 1 : 0, px, py); };
    Z.reset = function () { z = 1; asked = 0; render(); };
    Z.key = function (e) { // + - 0, and the arrows once zoomed: whether it took the key
      var k = e.key, s = box.clientWidth / 8,
        a = { ArrowLeft: [s, 0], ArrowRight: [-s, 0], ArrowUp: [0, s], ArrowDown: [0, -s] }[k];
      if (!Z.on) return;
      if (k === '+' || k === '=') Z.step(1);
      else if (k === '-') Z.step(-1);
      else if (k === '0') set(1);
      else if (a && z > 1) { x += a[0]; y += a[1]; render(); }
      else return;
      e.preventDefault();
      return true;
    };
    function pts() { // the first two pointers' middle and distance
      var a = [], k;
      for (k in P) a.push(P[k]);
      return [(a[0][0] + a[1][0]) / 2, (a[0][1] + a[1][1]) / 2, Math.hypot(a[0][0] - a[1][0], a[0][1] - a[1][1]) || 1];
    }
    function on(type, f, o) { box.addEventListener(type, f, o); }
    on('pointerdown', function (e) {
      if (e.button || e.target.closest('a, button, video')) return;
      P[e.pointerId] = [e.clientX, e.clientY];
      try { box.setPointerCapture(e.pointerId); } catch (err) { /* a synthetic event */ }
      if (++n === 1) { sx = e.clientX; sy = e.clientY; }
      if (n === 2) pinch = [pts()[2], z];
    });
    on('pointermove', function (e) {
      var p = P[e.pointerId], dx, dy, m;
      if (!p) return;
      dx = e.clientX - p[0]; dy = e.clientY - p[1]; p[0] = e.clientX; p[1] = e.clientY;
      if (n > 1) { m = pts(); set(pinch[1] * m[2] / pinch[0], m[0], m[1]); }
      else if (z > 1) { x += dx; y += dy; render(); }
    });
    function up(e) {
      if (!P[e.pointerId]) return;
      delete P[e.pointerId];
      if (--n || pinch || e.type === 'pointercancel') { if (!n) pinch = 0; return; }
      var dx = e.clientX - sx, dy = e.clientY - sy;
      if (Math.abs(dx) < 10 && Math.abs(dy) < 10) { // a tap; two in 350 ms a double one
        if (e.timeStamp - last < 350) { last = 0; Z.toggle(e.clientX, e.clientY); } else last = e.timeStamp;
      } else if (z === 1 && swipe && Math.abs(dx) >= 40) swipe(dx < 0);
    }
    on('pointerup', up);
    on('pointercancel', up);
    on('wheel', function (e) {
      if (!Z.on || !(wheel || z > 1 || e.ctrlKey)) return;
      e.preventDefault();
      set(z * Math.pow(2, -e.deltaY * (e.deltaMode ? 33 : 1) / 300), e.clientX, e.clientY);
    }, { passive: false });
    img.draggable = false;
    return Z;
  }

  if (!feed) { // an item page's picture, for item.js (Scrollery.zoom: its callback)
    var pic = d.querySelector('.item-frame > picture > img'), Z;
    if (pic && S.zoom) {
      S.zoom(Z = zoomer(pic, pic.parentNode.parentNode));
      d.addEventListener('keydown', function (e) {
        var f = e.target;
        if (!(e.altKey || e.ctrlKey || e.metaKey || f.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(f.tagName))) Z.key(e);
      }, true);
    }
    return;
  }

  var box = d.createElement('dialog');
  box.className = 'viewer';
  box.setAttribute('aria-modal', 'true');
  box.setAttribute('aria-labelledby', 'viewer-title');
  var btn = function (c, a, k, s) {
    return '<button type="button" class="viewer-btn viewer-' + c + '" ' + a + ' aria-label="' + t(k) + '">' + s + '</button>';
  };
  box.innerHTML =
    '<div class="viewer-stage"><img class="viewer-img" alt="" decoding="async"></div>' +
    '<div class="viewer-info" id="viewer-info"><p class="viewer-count" id="viewer-count" aria-live="polite"></p>' +
    '<h2 class="viewer-title" id="viewer-title"></h2><p class="viewer-date"></p><p class="viewer-text"></p>' +
    '<dl class="viewer-fields fields" hidden></dl>' +
    '<p class="viewer-links"><a class="viewer-page"></a> <a class="viewer-source" rel="noopener">' + t('original') +
    ' <span aria-hidden="true">↗</span></a> <a class="viewer-download" download rel="noopener">' + t('download') +
    '</a></p></div>' +
    btn('prev', 'data-go="-1"', 'viewerPrevious', '←') + btn('next', 'data-go="1"', 'viewerNext', '→') +
    btn('close', 'data-go="0"', 'viewerClose', '✕') +
    btn('about', 'aria-controls="viewer-info" aria-expanded="true"', 'viewerInfo', 'i') +
    btn('in', 'data-zoom="1"', 'viewerZoomIn', '+') + btn('out', 'data-zoom="-1"', 'viewerZoomOut', '−') +
    btn('show', 'aria-pressed="false"', 'viewerSlideshow', '');
  d.body.appendChild(box);
  var $ = function (c) { return box.querySelector('.viewer-' + c); };
  var img = $('img'), count = $('count'), info = $('info'), stage = $('stage'), sb = $('show');
  var Z = zoomer(img, stage, true, function (left) { go(left !== rtl ? 1 : -1); });
  /* the slideshow (its button, p): the next photo every data-slideshow s (theme.slideshow.interval), until
     the end, a key, pointer or wheel, or the page hidden */
  var playing = false, tick = 0, every = 1000 * (parseFloat(feed.getAttribute('data-slideshow')) || 5);
  var reduce = w.matchMedia && w.matchMedia('(prefers-reduced-motion: reduce)').matches;
  function play(on) {
    playing = on;
    sb.setAttribute('aria-pressed', on);
    later();
  }
  function later() {
    clearTimeout(tick);
    if (!playing || !card) return;
    if (!beside(card, 1)) S.next(); // the next page, early (fill preloads the next picture)
    tick = setTimeout(function () {
      if (beside(card, 1) || d.querySelector('.pager a[rel=next]')) go(1); else play(false); // the end
    }, every);
  }
  img.addEventListener('load', function () { // fades in, but with reduced motion
    if (playing && !reduce && img.animate) img.animate({ opacity: [0, 1] }, 300);
  });
  d.addEventListener('visibilitychange', function () { if (d.hidden) play(false); });
  box.addEventListener('pointerdown', function (e) { if (!e.target.closest('.viewer-show')) play(false); }, true);
  box.addEventListener('wheel', function () { play(false); }, true);
  /* the information panel (the i button or key): shown or hidden until the reader says otherwise */
  var about = function () { info.hidden = !info.hidden; $('about').setAttribute('aria-expanded', !info.hidden); };
  var text = function (c, sel) { var e = c.querySelector(sel); return e ? e.textContent : ''; };

  /* the card beside c in the feed (skipping page breaks and section headings), or null */
  function beside(c, dir) {
    do c = dir > 0 ? c.nextElementSibling : c.previousElementSibling; while (c && !c.matches('.card:not([hidden])'));
    return c;
  }

  function total() {
    var last = feed.lastElementChild, pager = d.querySelector('.pager');
    while (last && !last.matches('.card')) last = last.previousElementSibling;
    return pager && !pager.querySelector('a[rel=next]') && last ? last.getAttribute('aria-posinset') : t('many');
  }

  function fill(c) {
    card = c;
    var i = c.querySelector('img'), a = c.querySelector('.card-title a'), s = c.querySelector('.card-source');
    Z.reset();
    img.removeAttribute('srcset');
    if (i) {
      if (i.getAttribute('srcset')) { img.srcset = i.getAttribute('srcset'); img.sizes = '100vw'; }
      img.src = i.currentSrc || i.src;
      img.alt = i.alt;
    }
    img.hidden = !i;
    /* a video: a file in <video preload="none">; YouTube or Vimeo behind a play button, loaded once pressed */
    var vt = c.getAttribute('data-video-type'), em = c.getAttribute('data-embed'), v;
    Z.on = !!i && !vt && !em;
    [].forEach.call(stage.querySelectorAll('.viewer-video, .viewer-play, .viewer-frame'), function (e) { e.remove(); });
    if (vt) {
      v = stage.appendChild(d.createElement('video'));
      v.className = 'viewer-video'; v.controls = v.playsInline = true; v.preload = 'none'; if (i) v.poster = img.src;
      v.appendChild(d.createElement('source')).type = vt;
      v.firstChild.src = c.getAttribute('data-video');
    } else if (em) {
      v = stage.appendChild(d.createElement('button'));
      v.type = 'button'; v.className = 'viewer-play'; v.setAttribute('data-embed', em);
      v.setAttribute('aria-label', t('playVideo'));
    }
    $('title').textContent = text(c, '.card-title');
    $('date').textContent = text(c, '.card-date');
    $('text').textContent = text(c, '.card-excerpt');
    var fields = c.querySelectorAll('.card-fields > dt, .card-fields > dd'), list = $('fields');
    list.textContent = '';
    list.hidden = !fields.length;
    Array.prototype.forEach.call(fields, function (f) { // every item.fields, the card's hidden ones too
      var copy = f.cloneNode(true);
      copy.hidden = false;
      list.appendChild(copy);
    });
    $('page').href = a.href;
    $('page').textContent = t('openPage');
    $('source').hidden = !s;
    var dl = c.getAttribute('data-download'); // item.download, an http(s) URL the build checked
    $('download').hidden = !dl;
    if (dl) $('download').href = dl;
    if (s) $('source').href = s.href;
    count.textContent = t('photoOf', { n: c.getAttribute('aria-posinset'), total: total() });
    $('prev').disabled = !beside(c, -1) && !d.querySelector('.feed-prev [data-act=prev]');
    $('next').disabled = !beside(c, 1) && !d.querySelector('.pager a[rel=next]');
    [beside(c, -1), beside(c, 1)].forEach(function (n) { // preload the neighbours' pictures
      var p = n && n.querySelector('img');
      if (p) { var im = new Image(); if (p.getAttribute('srcset')) { im.sizes = '100vw'; im.srcset = p.getAttribute('srcset'); } im.src = p.currentSrc || p.src; }
    });
    try { history.replaceState({ viewer: 1 }, '', a.href); } catch (err) { /* rate limited */ }
    d.dispatchEvent(new CustomEvent('scrollery:view', { detail: c })); // favorites.js puts the card's heart here
    later();
  }

  function show(c) {
    if (!box.open) {
      history.pushState({ viewer: 1 }, '', c.querySelector('.card-title a').href);
      root.classList.add('viewer-open');
      S.open = true;
      box.showModal();
      $('close').focus();
    }
    fill(c);
  }

  function go(dir) {
    if (busy || !card) return;
    var n = beside(card, dir);
    if (n) return fill(n);
    var load = dir > 0 ? S.next : S.prev;
    busy = true;
    count.textContent = t('loading');
    load().then(function (ok) {
      busy = false;
      n = ok && beside(card, dir);
      if (n) fill(n); else fill(card);
    });
  }

  /* however it closes (Esc, the button, back), the viewer leaves its history entry and puts focus
     back on the card, scrolled into view */
  box.addEventListener('close', function () {
    root.classList.remove('viewer-open');
    S.open = false;
    play(false);
    if (card) { card.scrollIntoView({ block: 'nearest' }); card.focus({ preventScroll: true }); }
    if (history.state && history.state.viewer) history.back();
  });
  w.addEventListener('popstate', function () { if (box.open) box.close(); });
  box.addEventListener('click', function (e) {
    if (e.target.closest('.viewer-about')) return about();
    var p = e.target.closest('.viewer-play');
    if (p) {
      var f = d.createElement('iframe');
      f.className = 'viewer-frame'; f.src = p.getAttribute('data-embed'); f.title = t('playVideo');
      f.allow = 'autoplay; fullscreen; picture-in-picture'; f.allowFullscreen = true;
      return p.replaceWith(f);
    }
    if (e.target.closest('.viewer-show')) return play(!playing);
    var zb = e.target.closest('[data-zoom]');
    if (zb) return Z.step(+zb.getAttribute('data-zoom'));
    var b = e.target.closest('[data-go]');
    if (b) { var n = +b.getAttribute('data-go'); if (n) go(n); else box.close(); }
  });
  box.addEventListener('keydown', function (e) {
    var k = e.key, mod = e.altKey || e.ctrlKey || e.metaKey;
    if ((k === 'p' || k === 'P') && !mod) return play(!playing);
    if (!(e.target === sb && (k === 'Enter' || k === ' '))) play(false); // a key pauses, but the button's own
    if (k === 'Tab') { // focus goes round inside, never out to the page or the browser
      var f = [].filter.call(box.querySelectorAll('a[href], button'), function (b) {
        return !b.disabled && !b.hidden && b.offsetParent;
      }), i = f.indexOf(d.activeElement);
      if (e.shiftKey ? i <= 0 : i === f.length - 1) { e.preventDefault(); f[e.shiftKey ? f.length - 1 : 0].focus(); }
      return;
    }
    if (mod || Z.key(e)) return;
    if (k === 'i' || k === 'I') about();
    if (k === 'ArrowRight' || k === 'ArrowLeft') { e.preventDefault(); go((k === 'ArrowRight') !== rtl ? 1 : -1); }
  });
  S.show = show;
  if (S.card) show(S.card);
})();
