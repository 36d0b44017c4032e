/*! Scrollery favorites: the heart buttons of cards (those the scroll adds too), item pages and the
 * viewer, kept in localStorage under one key per site; the favorites page (favorites/): newest first,
 * remove and undo, export and import a file, a share link (#share=…). Whatever is read back, imported or
 * shared is untrusted: checked field by field, and put in the page as text and attributes only. */
(function () {
  'use strict';
  var d = document, w = window, me = d.currentScript;
  if (!me || !w.JSON || !w.TextEncoder || ![].some) return;
  var base = new URL('../', me.src).pathname, KEY = 'scrollery:favorites:v1:' + base, MAX = 1000, LINK = 4000;
  var OFF = 'Favorites can’t be kept: this browser does not let the site store data (private browsing or blocked storage).';
  var FULL = 'Favorites can’t be kept: the browser’s storage for this site is full.';
  var BAD = 'Nothing was imported: ';
  var list = [], broken = '', undo = null, uid = 0;
  var each = function (l, f) { Array.prototype.forEach.call(l, f); };
  var el = function (tag, cls, text) {
    var e = d.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e;
  };

  /* ---- checks ---- */
  var str = function (v, max) { return typeof v === 'string' && v.length > 0 && v.length <= max; };
  var dim = function (n) { return n === Math.floor(n) && n > 0 && n <= 1e5; };
  /* a path of this site (no //host, no .., no quotes or spaces), or else, if `web`, an http(s) URL */
  function safe(u, web) {
    return str(u, 2048) && !/[\s"'<>\\`]/.test(u) && (web && /^https?:\/\/[^/]/i.test(u) ||
      u.indexOf(base) === 0 && !/^\/\/|\/\.\.?(\/|$)/.test(u));
  }
  function img(i) {
    if (!i || typeof i !== 'object' || Array.isArray(i)) return null;
    var o = {};
    if (i.na === true) o.na = true; else if (safe(i.src, 1)) o.src = i.src; else return null;
    if (i.srcset != null) {
      if (!str(i.srcset, 4096) || !i.srcset.split(',').every(function (c) {
        var m = /^\s*(\S+) \d{1,5}[wx]\s*$/.exec(c); return m && safe(m[1], 1);
      })) return null;
      o.srcset = i.srcset;
    }
    if (i.alt != null) { if (!str(i.alt, 500)) return null; o.alt = i.alt; }
    if (i.w != null || i.h != null) { if (!dim(i.w) || !dim(i.h)) return null; o.w = i.w; o.h = i.h; }
    if (i.bg != null) {
      if (!(str(i.bg, 3000) && /^(#[0-9a-f]{3,8}|rgba?\([\d., ]{5,40}\)|data:image\/(png|jpeg|webp|gif);base64,[\w+/]+=*)$/i.test(i.bg))) return null;
      o.bg = i.bg;
    }
    return o;
  }
  /* a favorite as stored: { id, title, url, img?, date?, added } */
  function clean(e) {
    if (!e || typeof e !== 'object' || !str(e.id, 200) || !str(e.title, 500) || !safe(e.url) ||
        !(e.added >= 0 && e.added <= 1e14)) return null;
    var o = { id: e.id, title: e.title, url: e.url, added: Math.floor(e.added) };
    if (e.date != null) { if (!str(e.date, 100)) return null; o.date = e.date; }
    if (e.img != null && !(o.img = img(e.img))) return null;
    return o;
  }
  var find = function (l, id) { return l.filter(function (e) { return e.id === id; })[0]; };
  var newest = function () { return read().slice().sort(function (a, b) { return b.added - a.added; }); };

  /* ---- storage: one key; no storage, or a full one, is a message, never an exception ---- */
  function read() {
    var v;
    try { v = w.localStorage.getItem(KEY); broken = ''; } catch (err) { broken = OFF; return (list = []); }
    try { v = JSON.parse(v || '[]'); } catch (err) { v = []; }
    list = [];
    (Array.isArray(v) ? v : []).forEach(function (e) { if ((e = clean(e)) && !find(list, e.id)) list.push(e); });
    return list;
  }
  function write(next) {
    if (next.length > MAX) return say('You have ' + MAX + ' favorites, the most this page keeps: remove some first.'), false;
    try { w.localStorage.setItem(KEY, JSON.stringify(next)); } catch (err) {
      say(err && (err.name === 'QuotaExceededError' || err.code === 22) ? FULL : OFF);
      read(); return false;
    }
    list = next;
    return true;
  }
  function merge(items) { // adds those not kept yet; returns how many were added, or -1
    read();
    var add = items.filter(function (e) { return !find(list, e.id); });
    return write(add.concat(list)) ? add.length : -1;
  }

  /* ---- the status: the page's own, or a box at the bottom of the window ---- */
  var status = d.querySelector('.favorites-status');
  if (!status) {
    status = d.body.appendChild(el('div', 'fav-toast'));
    status.setAttribute('role', 'status');
  }
  function say(text, act, label) {
    status.textContent = '';
    if (!text) return;
    status.appendChild(el('span', '', text + ' '));
    if (act || status.className === 'fav-toast') {
      var b = status.appendChild(el('button', 'button', label || 'Dismiss'));
      b.type = 'button'; b.setAttribute('data-fav-act', act || 'dismiss');
      return b;
    }
  }

  /* ---- hearts: a card's, an item page's, the viewer's ---- */
  function mark() {
    each(d.querySelectorAll('button[data-fav]'), function (b) {
      b.hidden = false;
      b.setAttribute('aria-pressed', String(!!find(list, b.getAttribute('data-fav'))));
    });
  }
  /* what a card or an item page shows, as a favorite */
  function capture(b) {
    var s = b.favCard || b.closest('article'), q = function (c) { return s.querySelector(c); };
    var t = q('.card-title, .item-title'), f = q('.frame'), m = f && f.querySelector('img'), tm = q('time');
    var e = { id: b.getAttribute('data-fav'), title: t ? t.textContent.trim() : '', url: b.getAttribute('data-fav-url'),
      added: Date.now() };
    if (tm && tm.textContent.trim()) e.date = tm.textContent.trim();
    if (f) {
      var i = e.img = {}, a = f.querySelector('.frame-alt');
      if (m) {
        i.src = m.getAttribute('src');
        if (m.getAttribute('srcset')) i.srcset = m.getAttribute('srcset');
        if (m.alt) i.alt = m.alt;
        if (m.getAttribute('width')) { i.w = +m.getAttribute('width'); i.h = +m.getAttribute('height'); }
      } else { i.na = true; if (a && a.textContent) i.alt = a.textContent; }
      var bg = f.style.backgroundColor || (/^url\("(.*)"\)$/.exec(f.style.backgroundImage) || [])[1];
      if (bg) i.bg = bg;
    }
    return clean(e);
  }
  function toggle(b) {
    var id = b.getAttribute('data-fav'), e;
    read();
    if (broken) return say(broken), mark();
    if (find(list, id)) write(list.filter(function (x) { return x.id !== id; }));
    else if ((e = capture(b))) write([e].concat(list));
    else say('This photo can’t be kept as a favorite.');
    mark();
  }

  /* the viewer (viewer.js) tells which card it shows: its heart is that card's */
  d.addEventListener('scrollery:view', function (ev) {
    var c = ev.detail, h = c && c.querySelector('button[data-fav]'), t = d.querySelector('.viewer-title');
    if (!h || !t) return;
    var b = t.parentNode.querySelector('button[data-fav]');
    if (!b) { b = h.cloneNode(true); b.className += ' fav--viewer'; t.parentNode.insertBefore(b, t.nextSibling); }
    b.setAttribute('data-fav', h.getAttribute('data-fav'));
    b.setAttribute('data-fav-url', h.getAttribute('data-fav-url'));
    b.firstChild.textContent = h.textContent;
    b.favCard = c;
    mark();
  });

  /* ---- the favorites page ---- */
  var app = d.querySelector('.favorites-app'), grid = app && app.querySelector('.favorites-list');
  var $ = function (c) { return d.querySelector('.favorites-' + c); };
  var page = base + 'favorites/';

  function card(e, own) {
    var a = el('article', 'card is-visible'), body = el('div', 'card-body'), h = el('h2', 'card-title'),
      l = h.appendChild(el('a', '', e.title)), i = e.img;
    h.id = 'fav-' + (++uid);
    a.setAttribute('aria-labelledby', h.id);
    l.href = e.url;
    if (i) {
      var f = a.appendChild(el('div', 'frame' + (i.w ? ' frame--sized' : '') + (i.na ? ' frame--unavailable' : '')));
      if (i.w) { a.style.setProperty('--w', i.w); a.style.setProperty('--h', i.h); f.style.aspectRatio = i.w + ' / ' + i.h; }
      if (i.bg) f.style.background = i.bg.charAt(0) === 'd' ? 'center / cover no-repeat url("' + i.bg + '")' : i.bg;
      if (i.na) {
        var p = f.appendChild(el('p', 'frame-unavailable'));
        p.setAttribute('role', 'img');
        p.setAttribute('aria-label', (i.alt || e.title) + '. Image unavailable');
        p.appendChild(el('span', 'frame-alt', i.alt || e.title));
        p.appendChild(el('span', 'frame-note', 'Image unavailable'));
      } else {
        var m = f.appendChild(el('img'));
        if (i.srcset) { m.srcset = i.srcset; m.sizes = '(max-width: 36rem) 100vw, (max-width: 60rem) 50vw, 26rem'; }
        m.src = i.src; m.alt = i.alt || '';
        if (i.w) { m.width = i.w; m.height = i.h; }
        m.loading = 'lazy'; m.decoding = 'async';
      }
    }
    a.appendChild(body).appendChild(h);
    if (e.date) body.appendChild(el('time', 'card-date', e.date));
    if (own) {
      var r = body.appendChild(el('button', 'button fav-remove', 'Remove'));
      r.type = 'button'; r.setAttribute('data-fav-act', 'remove'); r.setAttribute('data-id', e.id);
      r.appendChild(el('span', 'sr-only', ' from favorites: ' + e.title));
    }
    return a;
  }

  /* a share link: [id, title, path, src, w, h, date] each, paths relative to the site, base64url JSON */
  var short = function (u) { return u && u.indexOf(base) === 0 ? u.slice(base.length) : u; };
  var long = function (u) { return typeof u === 'string' && !/^https?:/i.test(u) ? base + u : u; };
  function encode(s) {
    var b = new TextEncoder().encode(s), t = '';
    for (var k = 0; k < b.length; k++) t += String.fromCharCode(b[k]);
    return btoa(t).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }
  function shared() { // null: no link; []: a bad link
    var m = /^#share=([\w-]{1,8000})$/.exec(location.hash), out = [], v;
    if (location.hash.indexOf('#share=')) return null;
    try {
      var t = atob(m[1].replace(/-/g, '+').replace(/_/g, '/')), b = new Uint8Array(t.length);
      for (var k = 0; k < t.length; k++) b[k] = t.charCodeAt(k);
      v = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(b));
    } catch (err) { return out; }
    if (!Array.isArray(v) || v.length > MAX) return out;
    var now = Date.now();
    for (var n = 0; n < v.length; n++) {
      var x = v[n], e = Array.isArray(x) && clean({ id: x[0], title: x[1], url: long(x[2]), added: now - n, date: x[6] == null ? undefined : x[6],
        img: x[3] == null ? undefined : x[3] === 0 ? { na: true } : { src: long(x[3]), w: x[4] == null ? undefined : x[4], h: x[5] == null ? undefined : x[5] } });
      if (!e || find(out, e.id)) return [];
      out.push(e);
    }
    return out;
  }
  function share() {
    var rows = [], size = 0, link = $('link'), input = link.querySelector('input'), all = newest();
    for (var k = 0; k < all.length; k++) {
      var e = all[k], i = e.img || {}, r = [e.id, e.title, short(e.url), i.na ? 0 : short(i.src), i.w, i.h, e.date];
      while (r[r.length - 1] == null) r.pop();
      size += new TextEncoder().encode(JSON.stringify(r)).length + 1;
      if (size * 4 / 3 > LINK) break;
      rows.push(r);
    }
    if (!rows.length) return say(all.length ? 'Your favorites are too long for a link: export a file instead.' : 'No favorites to share yet.');
    input.value = location.origin + page + '#share=' + encode(JSON.stringify(rows));
    link.hidden = false;
    input.select();
    var text = 'Share link ready, ' + rows.length + (rows.length < all.length ? ' of your ' + all.length +
      ' favorites, the newest (a link holds about ' + LINK + ' characters: export a file to share them all).' : ' favorites.');
    say(text);
    if (navigator.clipboard) navigator.clipboard.writeText(input.value).then(function () { say(text + ' Copied.'); }, function () {});
  }

  function render() {
    var s = shared(), items = s || newest();
    $('title').textContent = s ? 'Shared favorites' : 'Favorites';
    $('shared').hidden = !s || !s.length;
    $('tools').hidden = !!s;
    $('link').hidden = true;
    grid.textContent = '';
    items.forEach(function (e) { grid.appendChild(card(e, !s)); });
    var n = items.length, count = n === 1 ? '1 favorite' : n + ' favorites';
    $('intro').textContent = s ? (n ? count + ' shared with you by link. They are not in your favorites until you add them.'
      : 'This share link is damaged, or not a link to favorites of this gallery.')
      : n ? count + ', newest first, kept in this browser on this device.'
      : 'No favorites yet: press the heart on a photo to keep it here.';
    if (broken && !s) say(broken);
  }

  function act(b) {
    var a = b.getAttribute('data-fav-act'), id = b.getAttribute('data-id'), e, n;
    if (a === 'dismiss') say('');
    else if (a === 'share') share();
    else if (a === 'export') {
      var l = el('a');
      l.href = URL.createObjectURL(new Blob([JSON.stringify({ format: 'scrollery-favorites', version: 1, site: base,
        items: read() }, null, 1)], { type: 'application/json' }));
      l.download = 'favorites.json';
      d.body.appendChild(l).click();
      l.remove();
      setTimeout(function () { URL.revokeObjectURL(l.href); }, 1e4);
      say('Exported ' + list.length + ' favorites to favorites.json.');
    } else if (a === 'remove' && (e = find(read(), id))) {
      if (write(list.filter(function (x) { return x !== e; }))) {
        undo = e; render();
        say('Removed “' + e.title + '”.', 'undo', 'Undo').focus();
      }
    } else if (a === 'undo' && undo) {
      e = undo; undo = null;
      if (merge([e]) >= 0) {
        render(); say('Restored “' + e.title + '”.');
        each(grid.querySelectorAll('[data-id]'), function (r) { if (r.getAttribute('data-id') === e.id) r.focus(); });
      }
    } else if (a === 'adopt') {
      var s = shared() || [];
      if ((n = merge(s)) >= 0) {
        history.replaceState(null, '', page); render();
        say('Added ' + n + ' of the ' + s.length + ' shared favorites' + (n < s.length ? ' (the others were yours already).' : '.'));
      }
    }
  }

  function load(input) {
    var file = input.files && input.files[0];
    if (!file) return;
    if (file.size > 1 << 20) return say(BAD + 'the file is larger than 1 MB.');
    file.text().then(function (t) {
      input.value = '';
      var v, items = [];
      try { v = JSON.parse(t); } catch (err) { return say(BAD + 'the file is not JSON.'); }
      if (!v || v.format !== 'scrollery-favorites' || v.version !== 1 || !Array.isArray(v.items) || v.items.length > MAX)
        return say(BAD + 'the file is not an export of favorites.');
      for (var k = 0; k < v.items.length; k++) {
        var e = clean(v.items[k]);
        if (!e || find(items, e.id)) return say(BAD + 'entry ' + (k + 1) + ' of the file is not a favorite of this gallery.');
        items.push(e);
      }
      var n = merge(items);
      if (n >= 0) { render(); say('Imported ' + n + ' favorites' + (n < items.length ? ' (' + (items.length - n) + ' were here already).' : '.')); }
    }, function () { say(BAD + 'the file could not be read.'); });
  }

  d.addEventListener('click', function (ev) {
    var b = ev.target.closest && ev.target.closest('button[data-fav], button[data-fav-act]');
    if (b) b.hasAttribute('data-fav') ? toggle(b) : act(b);
  });
  /* another tab changed the favorites */
  w.addEventListener('storage', function (ev) {
    if (ev.key !== KEY && ev.key !== null) return;
    read(); mark();
    if (app) render();
  });

  read();
  mark();
  var feed = d.querySelector('.feed[role=feed]'); // the cards the infinite scroll adds get their hearts
  if (feed && w.MutationObserver) new MutationObserver(mark).observe(feed, { childList: true });
  if (app) {
    d.querySelector('.favorites-nojs').hidden = true;
    app.hidden = false;
    app.querySelector('input[type=file]').addEventListener('change', function (ev) { load(ev.target); });
    w.addEventListener('hashchange', render);
    render();
  }
})();
