/*! Scrollery favorites page (favorites/): the favorites kept in this browser, newest first, with remove
 * and undo; export to a file and import one; a share link (#share=…) that shows the same list in another
 * browser, with a button to add it there. Needs favorites.js (loaded before it). Imported and shared data
 * is untrusted: checked by favorites.js's `clean`, put in the page as text and attributes only. */
(function () {
  'use strict';
  var d = document, w = window, F = w.Scrollery && w.Scrollery.favorites;
  var app = d.querySelector('.favorites-app'), grid = app && app.querySelector('.favorites-list');
  if (!F || !grid) return;
  var T = w.Scrollery.T, t = w.Scrollery.t, base = F.base, MAX = F.max, LINK = 4000, BAD = t('importBad') + ' ', undo = null, uid = 0;
  var clean = F.clean, find = F.find, read = F.read, write = F.write, merge = F.merge, say = F.say, el = F.el;
  var each = function (l, f) { Array.prototype.forEach.call(l, f); };
  var tn = function (k, n, v) { // a count's word, its form by CLDR's rules
    var c = new Intl.PluralRules(T['@lang']).select(+n);
    v = v || {}; if (v.n == null) v.n = n;
    return t(T[k + '.' + c] ? k + '.' + c : k + '.other', v);
  };
  var newest = function () { return read().slice().sort(function (a, b) { return b.added - a.added; }); };
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
        p.setAttribute('aria-label', (i.alt || e.title) + '. ' + t('imageUnavailable'));
        p.appendChild(el('span', 'frame-alt', i.alt || e.title));
        p.appendChild(el('span', 'frame-note', t('imageUnavailable')));
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
      var r = body.appendChild(el('button', 'button fav-remove', t('remove')));
      r.type = 'button'; r.setAttribute('data-fav-act', 'remove'); r.setAttribute('data-id', e.id);
      r.appendChild(el('span', 'sr-only', ' ' + t('fromFavorites') + ' ' + e.title));
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
    if (!rows.length) return say(all.length ? t('shareTooLong') : t('nothingToShare'));
    input.value = location.origin + page + '#share=' + encode(JSON.stringify(rows));
    link.hidden = false;
    input.select();
    var text = rows.length < all.length ? t('shareReadyPartial', { n: rows.length, total: all.length }) : tn('shareReady', rows.length);
    say(text);
    if (navigator.clipboard) navigator.clipboard.writeText(input.value).then(function () { say(text + ' ' + t('copied')); }, function () {});
  }

  function render() {
    var s = shared(), items = s || newest();
    $('title').textContent = s ? t('sharedFavorites') : t('favorites');
    $('shared').hidden = !s || !s.length;
    $('tools').hidden = !!s;
    $('link').hidden = true;
    grid.textContent = '';
    items.forEach(function (e) { grid.appendChild(card(e, !s)); });
    var n = items.length, count = tn('favoritesCount', n);
    $('intro').textContent = s ? (n ? t('introShared', { count: count }) : t('introDamaged'))
      : n ? t('introMine', { count: count }) : t('introEmpty');
    if (F.broken() && !s) say(F.broken());
  }

  function act(b) {
    var a = b.getAttribute('data-fav-act'), id = b.getAttribute('data-id'), e, n;
    if (a === 'share') share();
    else if (a === 'export') {
      var l = el('a');
      l.href = URL.createObjectURL(new Blob([JSON.stringify({ format: 'scrollery-favorites', version: 1, site: base,
        items: read() }, null, 1)], { type: 'application/json' }));
      l.download = 'favorites.json';
      d.body.appendChild(l).click();
      l.remove();
      setTimeout(function () { URL.revokeObjectURL(l.href); }, 1e4);
      say(tn('exported', read().length));
    } else if (a === 'remove' && (e = find(n = read(), id))) {
      if (write(n.filter(function (x) { return x !== e; }))) {
        undo = e; render();
        say(t('removed', { title: e.title }), 'undo', t('undo')).focus();
      }
    } else if (a === 'undo' && undo) {
      e = undo; undo = null;
      if (merge([e]) >= 0) {
        render(); say(t('restored', { title: e.title }));
        each(grid.querySelectorAll('[data-id]'), function (r) { if (r.getAttribute('data-id') === e.id) r.focus(); });
      }
    } else if (a === 'adopt') {
      var s = shared() || [];
      if ((n = merge(s)) >= 0) {
        history.replaceState(null, '', page); render();
        say(t(n < s.length ? 'addedSharedSome' : 'addedShared', { n: n, total: s.length }));
      }
    }
  }

  function load(input) {
    var file = input.files && input.files[0];
    if (!file) return;
    if (file.size > 1 << 20) return say(BAD + t('importTooLarge'));
    file.text().then(function (text) {
      input.value = '';
      var v, items = [];
      try { v = JSON.parse(text); } catch (err) { return say(BAD + t('importNotJSON')); }
      if (!v || v.format !== 'scrollery-favorites' || v.version !== 1 || !Array.isArray(v.items) || v.items.length > MAX)
        return say(BAD + t('importNotExport'));
      for (var k = 0; k < v.items.length; k++) {
        var e = clean(v.items[k]);
        if (!e || find(items, e.id)) return say(BAD + t('importBadEntry', { n: k + 1 }));
        items.push(e);
      }
      var n = merge(items);
      if (n >= 0) { render(); say(n < items.length ? tn('importedSome', n, { already: items.length - n }) : tn('imported', n)); }
    }, function () { say(BAD + t('importUnreadable')); });
  }

  d.addEventListener('click', function (ev) {
    var b = ev.target.closest && ev.target.closest('button[data-fav-act]');
    if (b) act(b);
  });
  app.querySelector('input[type=file]').addEventListener('change', function (ev) { load(ev.target); });
  w.addEventListener('hashchange', render);
  F.changed = render;
  d.querySelector('.favorites-nojs').hidden = true;
  app.hidden = false;
  render();
})();
