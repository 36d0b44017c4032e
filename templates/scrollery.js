/*! Scrollery: a chain of static pages linked by <a rel="next"> as an accessible
 * infinite scroll; without it the links still work. Uses .feed, its articles,
 * .pager, .feed-prev, #footer; loads viewer.js when a card's picture is opened. */
(function () {
  'use strict';
  var d = document, w = window, root = d.documentElement;
  var T = JSON.parse((d.getElementById('scrollery-strings') || {}).textContent || '{}');
  var t = function (k, v) { return (T[k] || k).replace(/\{(\w+)\}/g, function (m, n) { return v && n in v ? v[n] : m; }); };
  var V = w.Scrollery = { T: T, t: t };
  if (!('IntersectionObserver' in w) || !w.fetch || !w.DOMParser || !w.URL) return;

  var reduce = !!(w.matchMedia && w.matchMedia('(prefers-reduced-motion: reduce)').matches);
  var conn = navigator.connection;
  var each = function (list, fn) { Array.prototype.forEach.call(list, fn); };
  var abs = function (u) { return new URL(u, location.href).href.split('#')[0]; };
  var el = function (tag, cls, html) {
    var e = d.createElement(tag); e.className = cls; if (html) e.innerHTML = html; return e;
  };
  var button = function (act, text) {
    return '<button type="button" class="button" data-act="' + act + '">' + text + '</button>';
  };

  /* a card's top in view, without its transform */
  var top = function (c) {
    var t = getComputedStyle(c).transform;
    return c.getBoundingClientRect().top - (t === 'none' ? 0 : new DOMMatrix(t).m42);
  };

  /* images fade in once loaded (or failed) */
  var loaded = function (e) { if (e.target.tagName === 'IMG') e.target.classList.add('is-loaded'); };
  d.addEventListener('load', loaded, true);
  d.addEventListener('error', loaded, true);

  /* cards animate in when visible */
  var cardIO = !reduce && new IntersectionObserver(function (entries) {
    entries.forEach(function (e) {
      if (e.isIntersecting) { e.target.classList.add('is-visible'); cardIO.unobserve(e.target); }
    });
  }, { rootMargin: '0px 0px -40px 0px' });

  function prep(list, initial) {
    each(list, function (c) {
      each(c.querySelectorAll('img'), function (img) { if (img.complete) img.classList.add('is-loaded'); });
      if (!cardIO || (initial && c.getBoundingClientRect().top < innerHeight)) c.classList.add('is-visible');
      else cardIO.observe(c);
    });
  }

  root.classList.add('js');
  each(d.querySelectorAll('main img'), function (img) { if (img.complete) img.classList.add('is-loaded'); });
  prep(d.querySelectorAll('.card'), true);

  var feed = d.querySelector('.feed'), pager = d.querySelector('.pager');
  if (!feed || !pager) return;
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';

  var live = el('div', 'sr-only');
  live.setAttribute('aria-live', 'polite');
  d.body.appendChild(live);

  var cards = function () { return feed.querySelectorAll(':scope > .card'); };
  var first = cards()[0];
  var here = abs((first && first.getAttribute('data-page-url')) || location.href);
  each(cards(), function (c) { c.setAttribute('data-page-url', here); });
  var pages = [here];
  var autoLeft = parseInt(feed.getAttribute('data-auto-pages'), 10);
  if (isNaN(autoLeft)) autoLeft = 5;
  var manual = reduce || !!(conn && conn.saveData) || autoLeft <= 0;
  var busyNext = false, busyPrev = false, restoring = false;

  var busy = function () { feed.setAttribute('aria-busy', String(busyNext || busyPrev)); };
  var link = function (scope, rel) { var a = scope && scope.querySelector('a[rel=' + rel + ']'); return a && abs(a.href); };

  /* fetch a page (retrying after 1, 2, 4 s), take its cards */
  function get(url, n) {
    return fetch(url, { credentials: 'same-origin' }).then(function (r) {
      if (!r.ok) throw new Error('HTTP ' + r.status);
      return r.text();
    }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, 'text/html');
      var f = doc.querySelector('.feed');
      if (!f) throw new Error('no feed');
      return { cards: Array.prototype.slice.call(f.querySelectorAll(':scope > *')),
               pager: doc.querySelector('.pager'), num: f.getAttribute('data-page') };
    }).catch(function (err) {
      if (n >= 3) throw err;
      return new Promise(function (ok) { setTimeout(ok, 1000 << n); })
        .then(function () { return get(url, n + 1); });
    });
  }

  function insert(p, url, before) {
    var frag = d.createDocumentFragment();
    p.cards.forEach(function (c) { c.setAttribute('data-page-url', url); frag.appendChild(c); });
    // a page's last row ends with the page: no card shown moves
    frag.insertBefore(el('i', 'feed-break'), before ? null : frag.firstChild);
    feed.insertBefore(frag, before);
    prep(p.cards);
    var pos = function (c) { return c ? c.getAttribute('data-position') : '?'; };
    live.textContent = t('pageLoaded', { n: p.num, first: pos(p.cards[0]), last: pos(p.cards[p.cards.length - 1]) }) +
      (before || link(p.pager, 'next') ? '' : ' ' + t('endOfGallery'));
  }

  /* pager states: '', 'loading', 'error', 'more' */
  function state(kind) {
    var c = pager.querySelector('.pager-js') || pager.appendChild(el('div', 'pager-js'));
    c.innerHTML = kind === 'loading' ? '<p class="pager-loading" role="status">' + t('loading') + '</p>'
      : kind === 'error' ? '<p class="pager-error" role="alert">' + t('loadMoreFailed') + ' ' + button('retry', t('retry')) + '</p>'
      : kind === 'more' ? button('more', t('loadMore')) : '';
  }

  var pagerIO = new IntersectionObserver(function (entries) {
    entries.forEach(function (e) {
      if (e.isIntersecting && e.target === pager && !manual && autoLeft > 0 && !restoring) next(0);
    });
  }, { rootMargin: '0px 0px 800px 0px' });

  function idle() {
    pagerIO.disconnect();
    if (!link(pager, 'next')) state('');
    else if (manual || autoLeft <= 0) state('more');
    else { state(''); pagerIO.observe(pager); }
  }

  /* mode 0: automatic, 1: asked for (focus to the new cards), 2: restoring */
  function next(mode) {
    var url = link(pager, 'next');
    if (busyNext || !url) return Promise.resolve(false);
    if (pages.indexOf(url) >= 0) { state(''); return Promise.resolve(false); }
    busyNext = true; busy(); state('loading');
    return get(url, 0).then(function (p) {
      busyNext = false;
      pages.push(url);
      insert(p, url, null);
      var old = pager;
      pager = p.pager || el('nav', 'pager');
      old.parentNode.replaceChild(pager, old);
      if (mode === 0) autoLeft--;
      busy(); idle();
      if (mode === 1 && p.cards[0]) p.cards[0].focus();
      return true;
    }, function () {
      busyNext = false; busy(); pagerIO.disconnect(); state('error');
      return false;
    });
  }

  /* "Load previous" on a page > 1; the card in view stays still */
  var prevURL = link(pager, 'prev'), prevBox = d.querySelector('.feed-prev');
  function prev(restore) {
    if (busyPrev || !prevURL) return Promise.resolve(false);
    var url = prevURL, anchor = topCard(), y = anchor && top(anchor);
    busyPrev = true; busy();
    prevBox.innerHTML = '<p class="pager-loading" role="status">' + t('loading') + '</p>';
    return get(url, 0).then(function (p) {
      pages.unshift(url);
      insert(p, url, feed.firstElementChild);
      prevURL = link(p.pager, 'prev');
      // at the start the box stays, with the same height: no shift
      prevBox.innerHTML = prevURL ? button('prev', t('loadPrevious')) : '<p class="feed-end">' + t('galleryStart') + '</p>';
      var last = p.cards[p.cards.length - 1];
      if (last && !restore) last.focus({ preventScroll: true });
      return true;
    }, function () {
      prevBox.innerHTML = '<p class="pager-error" role="alert">' + t('loadPreviousFailed') + ' ' + button('prev', t('retry')) + '</p>';
      return false;
    }).then(function (ok) {
      busyPrev = false; busy();
      if (anchor) w.scrollBy(0, top(anchor) - y);
      return ok;
    });
  }
  if (prevURL) { // the page's box (no shift), or a new one
    prevBox = prevBox || feed.parentNode.insertBefore(el('div', 'feed-prev'), feed);
    prevBox.innerHTML = button('prev', t('loadPrevious'));
  }

  d.addEventListener('click', function (e) {
    var b = e.target.closest && e.target.closest('[data-act]');
    if (!b) return;
    var act = b.getAttribute('data-act');
    if (act === 'prev') prev(); else next(1);
  });

  /* focus on the footer: stop loading by itself */
  var foot = d.getElementById('footer');
  if (foot) foot.addEventListener('focusin', function () { if (!manual) { manual = true; if (!busyNext) idle(); } });

  /* a card's picture, or Enter on a card, opens viewer.js (once; if gone, by its plain name) */
  V.next = function () { return next(2); }; V.prev = function () { return prev(1); };
  var me = d.currentScript, src = me && new URL(me.getAttribute('data-viewer') || 'viewer.js', me.src);
  function load(u) {
    V.js = d.head.appendChild(d.createElement('script'));
    V.js.onerror = function () { if (u == src) load(new URL('viewer.js', u)); };
    V.js.src = u;
  }
  function view(c) {
    V.card = c;
    if (V.show) V.show(c);
    else if (!V.js) load(src);
  }
  feed.addEventListener('click', function (e) {
    var f = e.target.closest('.frame');
    if (f && src && !(e.ctrlKey || e.metaKey || e.shiftKey || e.altKey)) { e.preventDefault(); view(f.parentNode); }
  });

  /* Page Down / Page Up move between cards */
  feed.addEventListener('keydown', function (e) {
    var c = e.target.closest('article');
    if (!c || c.parentNode !== feed) return;
    if (e.key === 'Enter' && e.target === c && src) return view(c);
    if (e.key !== 'PageDown' && e.key !== 'PageUp') return;
    var n = c, k = e.key === 'PageDown' ? 'next' : 'previous';
    do n = n[k + 'ElementSibling']; while (n && !n.getClientRects().length);
    if (n) { e.preventDefault(); n.focus(); }
  });

  /* the URL follows the page in view */
  function topCard() {
    var list = cards(), lo = 0, hi = list.length - 1;
    if (hi < 0) return null;
    while (lo < hi) { // first card whose bottom is in view
      var mid = (lo + hi) >> 1;
      if (top(list[mid]) + list[mid].offsetHeight > 1) hi = mid; else lo = mid + 1;
    }
    return list[lo];
  }
  var timer;
  function sync() {
    var c = topCard();
    if (!c || restoring || V.open) return;
    try {
      history.replaceState({ pages: pages.slice(), anchor: +c.getAttribute('data-position'),
        y: Math.round(top(c)) }, '', c.getAttribute('data-page-url') || here);
    } catch (err) { /* rate limited: next scroll */ }
  }
  w.addEventListener('scroll', function () { clearTimeout(timer); timer = setTimeout(sync, 150); }, { passive: true });

  /* back or reload: the same pages, the same card in view */
  var st = history.state, todo = 0, above = 0;
  if (st && st.pages && st.anchor) {
    var i = st.pages.indexOf(here);
    if (i >= 0) { todo = st.pages.length - 1 - i; above = i; }
    restoring = true;
  }
  (function step() {
    if (todo-- > 0) return next(2).then(function (ok) { if (!ok) todo = 0; step(); });
    if (above-- > 0) return prev(1).then(function (ok) { if (!ok) above = 0; step(); });
    if (restoring) {
      restoring = false;
      var c = feed.querySelector('.card[data-position="' + st.anchor + '"]');
      if (c) w.scrollTo(0, top(c) + w.pageYOffset - (st.y || 0));
      prep(cards(), true); // shown at once
    }
    idle();
  })();
})();
