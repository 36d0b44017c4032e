/*! Scrollery favorites: the heart buttons of cards (those the scroll adds too), item pages and the
 * viewer, kept in localStorage under one key per site, in step with other tabs. A full or blocked storage
 * is a message, never an exception. What is read back is untrusted: checked field by field (`clean`).
 * The favorites page's own script, favorites-page.js, uses what this one offers as Scrollery.favorites. */
(function () {
  'use strict';
  var d = document, w = window, me = d.currentScript;
  if (!me || !w.JSON || !w.TextEncoder || ![].some) return;
  var base = new URL('../', me.src).pathname, KEY = 'scrollery:favorites:v1:' + base, MAX = 1000, LINK = 4000;
  var t = w.Scrollery.t;
  var OFF = t('favOff'), FULL = t('favFull');
  var list = [], broken = '';
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
    if (next.length > MAX) return say(t('favMax', { n: MAX })), false;
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
      var b = status.appendChild(el('button', 'button', label || t('dismiss')));
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
  /* what a card or an item page shows, as a favorite (long texts cut, a picture that fails the checks left out) */
  function capture(b) {
    var s = b.favCard || b.closest('article'), q = function (c) { return s.querySelector(c); };
    var t = q('.card-title, .item-title'), f = q('.frame'), m = f && f.querySelector('img'), tm = q('time');
    var cut = function (x, n) { return x.textContent.trim().slice(0, n); };
    var e = { id: b.getAttribute('data-fav'), title: t ? cut(t, 500) : '', url: b.getAttribute('data-fav-url'),
      added: Date.now() };
    if (tm && cut(tm, 100)) e.date = cut(tm, 100);
    if (f) {
      var i = e.img = {}, a = f.querySelector('.frame-alt');
      if (m) {
        i.src = m.getAttribute('src');
        if (m.getAttribute('srcset')) i.srcset = m.getAttribute('srcset');
        if (m.alt) i.alt = m.alt.slice(0, 500);
        if (m.getAttribute('width')) { i.w = +m.getAttribute('width'); i.h = +m.getAttribute('height'); }
      } else { i.na = true; if (a && cut(a, 500)) i.alt = cut(a, 500); }
      var bg = f.style.backgroundColor || (/^url\("(.*)"\)$/.exec(f.style.backgroundImage) || [])[1];
      if (bg) i.bg = bg;
      if (!img(i)) delete e.img;
    }
    return clean(e);
  }
  function toggle(b) {
    var id = b.getAttribute('data-fav'), e;
    read();
    if (broken) return say(broken), mark();
    if (find(list, id)) write(list.filter(function (x) { return x.id !== id; }));
    else if ((e = capture(b))) write([e].concat(list));
    else say(t('favCannotKeep'));
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

  d.addEventListener('click', function (ev) {
    var b = ev.target.closest && ev.target.closest('button[data-fav], button[data-fav-act=dismiss]');
    if (b) b.hasAttribute('data-fav') ? toggle(b) : say('');
  });
  var F = (w.Scrollery = w.Scrollery || {}).favorites = { base: base, max: MAX, clean: clean, find: find, read: read,
    write: write, merge: merge, say: say, el: el, changed: null,
    broken: function () { return broken; } };
  /* another tab changed the favorites */
  w.addEventListener('storage', function (ev) {
    if (ev.key !== KEY && ev.key !== null) return;
    read(); mark();
    if (F.changed) F.changed();
  });

  read();
  mark();
  var feed = d.querySelector('.feed[role=feed]'); // the cards the infinite scroll adds get their hearts
  if (feed && w.MutationObserver) new MutationObserver(mark).observe(feed, { childList: true });
})();
