/*! Scrollery viewer: loaded by scrollery.js the first time a card's picture is opened. A modal
 * <dialog> that goes through the whole gallery: past the last card it loads the next listing page with
 * the scroll's own loader (Scrollery.next), before the first the page above (Scrollery.prev). While a
 * photo is shown the address is its item page (pushState), so back closes the viewer and reload lands
 * on that page. Keys: ← → Esc (mirrored right to left), i (the information panel); swipe; buttons. Focus stays inside and returns to the card. */
(function () {
  'use strict';
  var d = document, w = window, S = w.Scrollery, root = d.documentElement, rtl = root.dir === 'rtl';
  if (!S || !d.createElement('dialog').showModal) return;
  var feed = d.querySelector('.feed'), card = null, busy = false, x0 = null;
  var t = S.t;

  var box = d.createElement('dialog');
  box.className = 'viewer';
  box.setAttribute('aria-modal', 'true');
  box.setAttribute('aria-labelledby', 'viewer-title');
  box.innerHTML =
    '<div class="viewer-stage"><img class="viewer-img" alt="" decoding="async"></div>' +
    '<div class="viewer-info" id="viewer-info"><p class="viewer-count" id="viewer-count" aria-live="polite"></p>' +
    '<h2 class="viewer-title" id="viewer-title"></h2><p class="viewer-date"></p><p class="viewer-text"></p>' +
    '<dl class="viewer-fields fields" hidden></dl>' +
    '<p class="viewer-links"><a class="viewer-page"></a> <a class="viewer-source" rel="noopener">' + t('original') +
    ' <span aria-hidden="true">↗</span></a> <a class="viewer-download" download rel="noopener">' + t('download') +
    '</a></p></div>' +
    '<button type="button" class="viewer-btn viewer-prev" data-go="-1" aria-label="' + t('viewerPrevious') + '">←</button>' +
    '<button type="button" class="viewer-btn viewer-next" data-go="1" aria-label="' + t('viewerNext') + '">→</button>' +
    '<button type="button" class="viewer-btn viewer-close" data-go="0" aria-label="' + t('viewerClose') + '">✕</button>' +
    '<button type="button" class="viewer-btn viewer-about" aria-controls="viewer-info" aria-expanded="true" aria-label="' +
    t('viewerInfo') + '">i</button>';
  d.body.appendChild(box);
  var $ = function (c) { return box.querySelector('.viewer-' + c); };
  var img = $('img'), count = $('count'), info = $('info');
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
    img.removeAttribute('srcset');
    if (i) {
      if (i.getAttribute('srcset')) { img.srcset = i.getAttribute('srcset'); img.sizes = '100vw'; }
      img.src = i.currentSrc || i.src;
      img.alt = i.alt;
    }
    img.hidden = !i;
    /* a video: a file in <video preload="none">; YouTube or Vimeo behind a play button, loaded once pressed */
    var stage = $('stage'), vt = c.getAttribute('data-video-type'), em = c.getAttribute('data-embed'), v;
    [].forEach.call(stage.querySelectorAll('.viewer-video, .viewer-play, .viewer-frame'), function (e) { e.remove(); });
    if (vt) {
      v = stage.appendChild(d.createElement('video'));
      v.className = 'viewer-video'; v.controls = v.playsInline = true; v.preload = 'none'; v.poster = img.src;
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
    var b = e.target.closest('[data-go]');
    if (b) { var n = +b.getAttribute('data-go'); if (n) go(n); else box.close(); }
  });
  box.addEventListener('keydown', function (e) {
    if (e.key === 'Tab') { // focus goes round inside, never out to the page or the browser
      var f = [].filter.call(box.querySelectorAll('a[href], button'), function (b) {
        return !b.disabled && !b.hidden && b.offsetParent;
      }), i = f.indexOf(d.activeElement);
      if (e.shiftKey ? i <= 0 : i === f.length - 1) { e.preventDefault(); f[e.shiftKey ? f.length - 1 : 0].focus(); }
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'i' || e.key === 'I') about();
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') { e.preventDefault(); go((e.key === 'ArrowRight') !== rtl ? 1 : -1); }
  });
  /* swipe: a horizontal move of 40 px or more on the picture */
  var stage = $('stage');
  stage.addEventListener('pointerdown', function (e) { x0 = e.clientX; });
  stage.addEventListener('pointerup', function (e) {
    if (x0 !== null && Math.abs(e.clientX - x0) >= 40) go((e.clientX < x0) !== rtl ? 1 : -1);
    x0 = null;
  });
  stage.addEventListener('pointercancel', function () { x0 = null; });

  S.show = show;
  if (S.card) show(S.card);
})();
