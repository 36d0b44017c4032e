/*! Scrollery search page (search/): reads the index the build wrote (search/index.json, then only the
 * shards a query needs), ranks the items (title matches first, then BM25, then the gallery's order) and
 * draws their cards. The query and filters live in the address (?q=…&tag=…). A result's picture opens
 * the gallery's viewer (viewer.js), which walks the results and shows more at their end. Folding and
 * terms are those of the build (SearchText.swift): keep the two in step. Index data is put in the page
 * as text and attributes only. */
(function () {
  'use strict';
  var d = document, w = window;
  var app = d.querySelector('.search');
  if (!app || !w.fetch || !w.URLSearchParams) return;
  var T = w.Scrollery.T, t = w.Scrollery.t;
  var tn = function (k, n, v) { // a count's word, its form by CLDR's rules
    var c = new Intl.PluralRules(T['@lang']).select(+n);
    v = v || {}; if (v.n == null) v.n = n;
    return t(T[k + '.' + c] ? k + '.' + c : k + '.other', v);
  };
  var form = app.querySelector('.search-form'), box = form.querySelector('input[name=q]');
  var status = app.querySelector('.search-status'), list = app.querySelector('.search-results');
  var more = app.querySelector('.search-more');
  var selects = Array.prototype.slice.call(form.querySelectorAll('select[data-filter]'));
  var rootURL = new URL(app.getAttribute('data-index'), location.href);
  var me = d.currentScript, viewerURL = me && new URL(me.getAttribute('data-viewer') || 'viewer.js', me.src);
  var MAX_QUERY = 200, MAX_TERMS = 10, FIRST = 12, SHOW = 48, WIDE_TERMS = 50, WIDE_SHARDS = 3;
  var FIELD_BYTES = 16384, TERM_SCALARS = 32, FIELD_TERMS = 2000;

  /* ---------- folding and terms: the same steps as SearchText.swift ---------- */
  var SPELLED = { '\u00df': 'ss', '\u0131': 'i', '\u03c2': '\u03c3', '\u00f8': 'o', '\u0111': 'd', '\u0142': 'l',
    '\u0127': 'h', '\u00e6': 'ae', '\u0153': 'oe' };
  var SPELLED_RE = /[\u00df\u0131\u03c2\u00f8\u0111\u0142\u0127\u00e6\u0153]/g;
  var MARKS = /[\p{Mn}\p{Me}]/gu, WORD = /^[\p{L}\p{N}\p{Mc}]$/u, ASCII = /^[\x00-\x7f]*$/;
  function cutBytes(s, n) {
    var bytes = 0, out = 0;
    for (var ch of s) {
      var c = ch.codePointAt(0), b = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
      if (bytes + b > n) return s.slice(0, out);
      bytes += b; out += ch.length;
    }
    return s;
  }
  function fold(s) {
    s = cutBytes(s, FIELD_BYTES);
    if (ASCII.test(s)) return s.toLowerCase();
    return s.normalize('NFKD').toLowerCase().replace(MARKS, '').replace(SPELLED_RE, function (c) { return SPELLED[c]; });
  }
  function bigramScript(c) {
    return (c >= 0x0e00 && c <= 0x0eff) || (c >= 0x1000 && c <= 0x109f) || (c >= 0x1780 && c <= 0x17ff) ||
      (c >= 0x3005 && c <= 0x3007) || (c >= 0x3040 && c <= 0x30ff) || (c >= 0x31f0 && c <= 0x31ff) ||
      (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff) ||
      (c >= 0x20000 && c <= 0x3ffff);
  }
  function kind(ch) { // 0 separator, 1 word, 2 bigram
    var c = ch.codePointAt(0);
    if (c < 0x80) return /[0-9a-zA-Z]/.test(ch) ? 1 : 0;
    if (!WORD.test(ch)) return 0;
    return bigramScript(c) ? 2 : 1;
  }
  function termsOfFolded(s) {
    var terms = [], word = '', length = 0, prev = null, run = 0;
    function endWord() { if (word) terms.push(word); word = ''; length = 0; }
    for (var ch of s) {
      if (terms.length >= FIELD_TERMS) break;
      var k = kind(ch);
      if (k === 1) {
        if (prev !== null && run === 1) terms.push(prev);
        prev = null; run = 0;
        if (length < TERM_SCALARS) word += ch;
        length++;
      } else if (k === 2) {
        endWord();
        if (prev !== null) terms.push(prev + ch);
        prev = ch; run++;
      } else {
        endWord();
        if (prev !== null && run === 1) terms.push(prev);
        prev = null; run = 0;
      }
    }
    endWord();
    if (prev !== null && run === 1 && terms.length < FIELD_TERMS) terms.push(prev);
    return terms.slice(0, FIELD_TERMS);
  }
  function terms(s) { return termsOfFolded(fold(s)); }
  w.ScrollerySearch = { fold: fold, terms: terms };

  /* ---------- the index: the root, then shards fetched once each ---------- */
  var fetched = new Map();
  function get(rel) {
    var url = new URL(rel, rootURL).href;
    if (!fetched.has(url)) {
      fetched.set(url, fetch(url).then(function (r) {
        if (!r.ok) throw new Error(url + ': ' + r.status);
        return r.json();
      }).catch(function (e) { fetched.delete(url); throw e; }));
    }
    return fetched.get(url);
  }
  // Code point order, the order of the index's UTF-8 bytes (not JavaScript's UTF-16 order).
  function cmp(a, b) {
    var i = 0, j = 0;
    while (i < a.length && j < b.length) {
      var x = a.codePointAt(i), y = b.codePointAt(j);
      if (x !== y) return x < y ? -1 : 1;
      i += x > 0xffff ? 2 : 1; j += y > 0xffff ? 2 : 1;
    }
    return i < a.length ? 1 : j < b.length ? -1 : 0;
  }
  // The entry of a sorted list of [first, last, file] whose range holds key, or null.
  function covering(ranges, key) {
    var lo = 0, hi = ranges.length - 1;
    while (lo <= hi) {
      var mid = (lo + hi) >> 1, r = ranges[mid];
      if (cmp(key, r[0]) < 0) hi = mid - 1;
      else if (cmp(key, r[1]) > 0) lo = mid + 1;
      else return r;
    }
    return null;
  }
  // A shard carries the cards of its terms' first results ([ordinal, card]): kept here by ordinal, so the
  // first cards of a one-word query need no file of cards.
  var shardMaps = new WeakMap(), carried = new Map();
  function termMap(shard) {
    var m = shardMaps.get(shard);
    if (!m) {
      m = new Map(); shard.terms.forEach(function (t) { m.set(t[0], t); }); shardMaps.set(shard, m);
      (Array.isArray(shard.cards) ? shard.cards : []).forEach(function (c) {
        if (Array.isArray(c) && typeof c[0] === 'number' && c[1] && typeof c[1] === 'object') carried.set(c[0], c[1]);
      });
    }
    return m;
  }
  // A term's postings as {ord: [title, body, length]}, or an empty map.
  function decode(list) {
    var out = new Map(), ord = 0;
    for (var k = 0; k + 3 < list.length; k += 4) { ord += list[k]; out.set(ord, [list[k + 1], list[k + 2], list[k + 3]]); }
    return out;
  }
  // A term's entry: its postings, how many items it has (n) and, for a common term, whose shard holds only
  // its best postings, the pages that hold them all by range of ordinals ([first, last, file]).
  function entry(root, term) {
    var r = covering(root.shards, term);
    if (!r) return Promise.resolve({ post: new Map(), n: 0, pages: null });
    return get(r[2]).then(function (s) {
      var t = termMap(s).get(term);
      if (!t) return { post: new Map(), n: 0, pages: null };
      return { list: t[1], post: null, n: t.length > 2 ? t[2] : t[1].length / 4, pages: t[3] || null };
    });
  }
  // An entry's postings, decoded when first needed (a query typed past is dropped before it decodes any).
  function posts(e) {
    if (!e.post) { e.post = decode(e.list); e.list = null; }
    return e.post;
  }
  function exact(root, term) { return entry(root, term).then(function (e) { return [e]; }); }
  // Adds a split term's postings from the pages that hold any of ords (sorted), or from all of them.
  function fill(e, ords) {
    if (!e.pages || e.all) return Promise.resolve();
    var want = e.pages.filter(function (p) {
      if (!ords) return true;
      var lo = 0, hi = ords.length;
      while (lo < hi) { var mid = (lo + hi) >> 1; if (ords[mid] < p[0]) lo = mid + 1; else hi = mid; }
      return lo < ords.length && ords[lo] <= p[1];
    });
    e.all = !ords;
    return Promise.all(want.map(function (p) { return get(p[2]); })).then(function (lists) {
      var post = posts(e);
      lists.forEach(function (l) { decode(l).forEach(function (v, ord) { post.set(ord, v); }); });
    });
  }
  // The terms a typed prefix stands for: from the prefix table for one or two letters, else from the
  // shards that hold its range (at most WIDE_SHARDS of them, the WIDE_TERMS with most items).
  function expand(root, p) {
    var short = Array.from(p).length <= 2, table = short ? covering(root.prefixes, p) : null;
    var fromTable = table ? get(table[2]).then(function (t) {
      for (var k = 0; k < t.prefixes.length; k++) if (t.prefixes[k][0] === p) return t.prefixes[k][1];
      return null;
    }) : Promise.resolve(null);
    return fromTable.then(function (listed) {
      if (listed) return listed.indexOf(p) < 0 ? [p].concat(listed) : listed;
      var shards = root.shards.filter(function (r) {
        return cmp(r[1], p) >= 0 && (cmp(r[0], p) <= 0 || r[0].indexOf(p) === 0);
      }).slice(0, WIDE_SHARDS);
      return Promise.all(shards.map(function (r) { return get(r[2]); })).then(function (loaded) {
        var found = [];
        loaded.forEach(function (s) {
          s.terms.forEach(function (t) { if (t[0].indexOf(p) === 0) found.push([t[0], t.length > 2 ? t[2] : t[1].length / 4]); });
        });
        found.sort(function (a, b) { return b[1] - a[1] || cmp(a[0], b[0]); });
        // The word as typed is always looked up, however many commoner words start with it.
        return [p].concat(found.slice(0, WIDE_TERMS).map(function (t) { return t[0]; })
          .filter(function (t) { return t !== p; }));
      });
    });
  }
  // An entry's BM25 of one posting ([title, body, length]): the build's SearchPostingPages.BM25.
  function scorer(root, e) {
    if (!e.score) {
      var n = root.items, df = e.n, idf = Math.log(1 + (n - df + 0.5) / (df + 0.5)), avg = root.avgLength || 1;
      e.score = function (v) { var tf = 2 * v[0] + v[1]; return idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * v[2] / avg)); };
    }
    return e.score;
  }
  // A posting's match: [in title, score].
  function match(score, v) { return [v[0] > 0 ? 1 : 0, score(v)]; }
  // Whether match a ranks before b (a title match, then a higher score); any match before none.
  function better(a, b) { return !b || a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]); }
  function bm25(root, e) {
    var score = scorer(root, e), out = new Map();
    posts(e).forEach(function (v, ord) { out.set(ord, match(score, v)); });
    return out;
  }
  // A query word's entries: its own, or for the word typed as a prefix, those of the terms it starts.
  function matches(root, term, isPrefix) {
    if (!isPrefix) return exact(root, term);
    return expand(root, term).then(function (list) {
      return Promise.all(list.map(function (t) { return entry(root, t); }));
    });
  }
  // A word's matches as {ord: [in title, score]}: the best of its entries'.
  function scores(root, es) {
    var out = new Map();
    es.forEach(function (e) {
      bm25(root, e).forEach(function (v, ord) {
        var had = out.get(ord);
        if (better(v, had)) out.set(ord, v);
      });
    });
    return out;
  }
  // A word's match of one item, [in title, score] (the best of its entries'), or undefined.
  function scoreOf(root, es, ord) {
    var best;
    es.forEach(function (e) {
      var v = posts(e).get(ord);
      if (!v) return;
      var s = match(scorer(root, e), v);
      if (better(s, best)) best = s;
    });
    return best;
  }
  function size(es) { return es.reduce(function (a, e) { return a + e.n; }, 0); }

  /* ---------- a query: parse, match, rank ---------- */
  function query() {
    var q = box.value.slice(0, MAX_QUERY), ts = terms(q), uniq = [];
    ts.forEach(function (t) { if (uniq.indexOf(t) < 0) uniq.push(t); });
    uniq = uniq.slice(0, MAX_TERMS);
    var last = ts.length ? ts[ts.length - 1] : null;
    var filters = selects.filter(function (s) { return s.value; }).map(function (s) { return '!' + s.name + ':' + s.value; });
    // The last word is matched as a prefix while it is typed, unless it is a pair of characters of a script
    // without spaces: a whole term (a bigram), which no longer term starts.
    var chars = last === null ? [] : Array.from(last);
    var whole = chars.length === 2 && chars.every(function (c) { return kind(c) === 2; });
    return { q: q, terms: uniq, prefix: last !== null && !whole && !/\s$/.test(q) ? last : null, filters: filters };
  }
  // The ranked ordinals, how many match (count; known exactly when sure) and whether the list is whole.
  // The fewest-items word is read whole and the others only in the pages that hold its items, so every
  // match is found; one word alone, unless all is asked, ranks only its best postings: its first results
  // are exact, the rest are read when the visitor scrolls past them. A query typed past (mine is no longer
  // seq) stops where it is and gives null: its work would only hold up the newer one's.
  function run(root, parsed, all, mine) {
    function stale() { return mine !== seq; }
    var jobs = parsed.terms.map(function (t) { return matches(root, t, t === parsed.prefix); })
      .concat(parsed.filters.map(function (f) { return exact(root, f); }));
    return Promise.all(jobs).then(function (groups) {
      if (stale()) return null;
      if (!groups.length) return { ords: [], count: 0, sure: true, whole: true };
      var order = groups.map(function (_, k) { return k; }).sort(function (a, b) { return size(groups[a]) - size(groups[b]); });
      var first = groups[order[0]], alone = groups.length === 1 && !all;
      var filled = alone ? Promise.resolve() : Promise.all(first.map(function (e) { return fill(e, null); })).then(function () {
        if (stale()) return;
        var ords = [];
        first.forEach(function (e) { posts(e).forEach(function (_, o) { ords.push(o); }); });
        ords.sort(function (a, b) { return a - b; });
        return Promise.all(order.slice(1).map(function (k) {
          return Promise.all(groups[k].map(function (e) { return fill(e, ords); }));
        }));
      });
      return filled.then(function () {
        if (stale()) return null;
        // The fewest-items word's matches, each looked up in the other words (scored only where found).
        var out = [], words = parsed.terms.length, lead = order[0];
        scores(root, first).forEach(function (had, ord) {
          var inTitle = 0, score = 0;
          for (var k = 0; k < groups.length; k++) {
            var v = k === lead ? had : scoreOf(root, groups[k], ord);
            if (!v) return;
            if (k < words) { inTitle += v[0]; score += v[1]; }
          }
          out.push([ord, inTitle, score]);
        });
        out.sort(function (a, b) { return b[1] - a[1] || b[2] - a[2] || a[0] - b[0]; });
        var ords = out.map(function (r) { return r[0]; }), split = first.filter(function (e) { return e.pages && !e.all; });
        if (!split.length) return { ords: ords, count: ords.length, sure: true, whole: true };
        // Past the fewest best postings of its split terms, a word's order is not known yet.
        var known = Math.min.apply(null, split.map(function (e) { return posts(e).size; }));
        return { ords: ords.slice(0, known), count: Math.max(ords.length, Math.max.apply(null, first.map(function (e) { return e.n; }))),
          sure: first.length === 1, whole: false };
      });
    });
  }

  /* ---------- cards: the classes of the theme's card ---------- */
  function el(tag, cls, text) {
    var e = d.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }
  var uid = 0;
  function card(c, rank) {
    var a = el('article', 'card is-visible'), body = el('div', 'card-body'), h = el('h2', 'card-title'),
      l = h.appendChild(el('a', '', c.t)), i = c.i;
    h.id = 'result-' + (++uid);
    a.setAttribute('aria-labelledby', h.id);
    a.setAttribute('aria-posinset', rank);
    a.tabIndex = 0;
    l.href = c.u;
    if (i) {
      var sized = i.w && i.h, f = a.appendChild(el('div', 'frame' + (sized ? ' frame--sized' : '') + (i.x ? ' frame--unavailable' : '')));
      if (sized) { a.style.setProperty('--w', i.w); a.style.setProperty('--h', i.h); }
      if (i.st) f.setAttribute('style', i.st);
      if (i.x) {
        var p = f.appendChild(el('p', 'frame-unavailable'));
        p.setAttribute('role', 'img');
        p.setAttribute('aria-label', (i.a || c.t) + '. ' + t('imageUnavailable'));
        p.appendChild(el('span', 'frame-alt', i.a || c.t));
        p.appendChild(el('span', 'frame-note', t('imageUnavailable')));
      } else if (i.s) {
        var m = f.appendChild(el('img'));
        if (i.ss) { m.srcset = i.ss; m.sizes = '(max-width: 36rem) 100vw, (max-width: 60rem) 50vw, 26rem'; }
        m.src = i.s; m.alt = i.a || '';
        if (sized) { m.width = +i.w; m.height = +i.h; }
        m.loading = 'lazy'; m.decoding = 'async';
      }
    }
    a.appendChild(body).appendChild(h);
    if (c.d) body.appendChild(el('time', 'card-date', c.d));
    return a;
  }

  /* ---------- the page: facets, the address, results as you type ---------- */
  // current: the ranked results known so far; partial: the query whose results past them are not read yet.
  var current = [], partial = null, shown = 0, seq = 0, rootPromise = get(rootURL.href), timer = 0;
  function fillFacets(root, params) {
    selects.forEach(function (s) {
      var f = (root.filters || []).filter(function (x) { return x.name === s.name; })[0], want = params.get(s.name);
      if (f) f.values.forEach(function (v) {
        // [value, count] or, for the date of a site with sections, [key, count, heading].
        var o = el('option', '', (v[2] || v[0]) + ' (' + v[1] + ')'); o.value = v[0]; s.appendChild(o);
      });
      if (want) {
        if (!Array.prototype.some.call(s.options, function (o) { return o.value === want; })) {
          var o = el('option', '', want); o.value = want; s.appendChild(o);
        }
        s.value = want;
      }
    });
  }
  function address(parsed) {
    var params = new URLSearchParams();
    if (parsed.q) params.set('q', parsed.q);
    selects.forEach(function (s) { if (s.value) params.set(s.name, s.value); });
    var s = params.toString(), url = location.pathname + (s ? '?' + s : '');
    if (url !== location.pathname + location.search) history.replaceState(null, '', url);
  }
  // The first cards of a query are few, so they come at once, from its shards (one word) or from a few
  // files of cards; more follow as the visitor scrolls.
  function showMore(root, mine, replace) {
    var want = shown + (replace ? FIRST : SHOW);
    if (partial && want > current.length) {
      var parsed = partial;
      return run(root, parsed, true, mine).then(function (r) {
        if (mine !== seq) return;
        current = r.ords; partial = null;
        return showMore(root, mine, replace).then(function () { if (mine === seq) announce(r); });
      });
    }
    var batch = current.slice(shown, want), per = root.docs.per, from = shown;
    shown += batch.length;
    return Promise.all(batch.map(function (ord) {
      var file = root.docs.files[Math.floor(ord / per)];
      if (carried.has(ord)) return carried.get(ord);
      return file ? get(file).then(function (docs) { return docs[ord % per]; }) : null;
    })).then(function (cards) {
      if (mine !== seq) return;
      var made = [];
      cards.forEach(function (c, k) { if (c) made.push(card(c, from + k + 1)); });
      // A new query's cards replace the old only now, so the list does not flash empty as one types.
      if (replace) list.replaceChildren.apply(list, made);
      else made.forEach(function (c) { list.appendChild(c); });
      more.hidden = shown >= current.length && !partial;
    });
  }
  function say(text) { status.textContent = text; }
  function announce(r) {
    var n = r.count;
    // Thousands grouped by hand: a first toLocaleString loads the locale's data, 20 ms before the page paints.
    var grouped = String(n).replace(/\B(?=(\d{3})+$)/g, ',');
    say(n === 0 ? t('noResults') : tn(r.sure ? 'results' : 'resultsAtLeast', n, { n: grouped }));
  }
  function search() {
    var mine = ++seq, parsed = query();
    address(parsed);
    rootPromise.then(function (root) {
      if (!parsed.terms.length && !parsed.filters.length) {
        current = []; partial = null; shown = 0; list.textContent = ''; more.hidden = true;
        say(''); return;
      }
      return run(root, parsed, false, mine).then(function (r) {
        if (mine !== seq) return;
        current = r.ords; partial = r.whole ? null : parsed; shown = 0;
        return showMore(root, mine, true).then(function () {
          if (mine !== seq) return;
          announce(r);
        });
      });
    }).catch(function () {
      if (mine === seq) say(t('searchUnavailable'));
    });
  }
  /* the gallery's viewer: past the last result shown it shows more; there is nothing before the first */
  var S = w.Scrollery = w.Scrollery || {};
  S.next = function () {
    if (shown >= current.length && !partial) return Promise.resolve(false);
    var mine = seq;
    return rootPromise.then(function (root) { return showMore(root, mine, false); })
      .then(function () { return true; }, function () { return false; });
  };
  S.prev = function () { return Promise.resolve(false); };
  list.addEventListener('click', function (e) {
    var f = e.target.closest('.frame');
    if (!f || !viewerURL || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    S.card = f.parentNode;
    if (S.show) S.show(S.card);
    else if (!S.js) load(viewerURL);
  });
  /* by its fingerprint, else (a page older than the site's last deploy) by its plain name */
  function load(u) {
    S.js = d.head.appendChild(d.createElement('script'));
    S.js.onerror = function () { if (u == viewerURL) load(new URL('viewer.js', u)); };
    S.js.src = u.href;
  }
  // Each keystroke searches at once (a burst of input events, as a paste makes, once): the shards a
  // word needs are asked for while the next letter is typed, and a newer query drops an older one's cards.
  function soon() { clearTimeout(timer); timer = setTimeout(search, 0); }
  box.addEventListener('input', soon);
  selects.forEach(function (s) { s.addEventListener('change', search); });
  form.addEventListener('submit', function (ev) { ev.preventDefault(); clearTimeout(timer); search(); });
  // Infinite scroll: more results as the button nears the view (the button stays for keyboards and
  // browsers without IntersectionObserver); looked at again after each batch, which may not fill the view.
  var loading = false, watch = w.IntersectionObserver ? new IntersectionObserver(function (es) {
    if (es[0].isIntersecting) showNext();
  }, { rootMargin: '600px' }) : null;
  function showNext() {
    if (loading || shown >= current.length) return;
    loading = true;
    rootPromise.then(function (root) { return showMore(root, seq, false); }).then(done, done);
  }
  function done() {
    loading = false;
    if (watch) { watch.unobserve(more); watch.observe(more); }
  }
  if (watch) watch.observe(more);
  more.addEventListener('click', showNext);
  var params = new URLSearchParams(location.search);
  box.value = (params.get('q') || '').slice(0, MAX_QUERY);
  // The fonts of the gallery's scripts (the root's glyphs: a character of each script of its titles) are
  // found while the page is idle: a browser looks for a script's font the first time it lays out its text,
  // which would otherwise be while it draws the first results, and holds their frame back.
  function findFonts(glyphs) {
    if (typeof glyphs !== 'string' || !glyphs) return;
    var sample = el('span', 'card-title search-glyphs', glyphs.slice(0, 256));
    sample.setAttribute('aria-hidden', 'true');
    list.parentNode.appendChild(sample);
    void sample.offsetWidth;
    sample.remove();
  }
  rootPromise.then(function (root) {
    fillFacets(root, params); search();
    (w.requestIdleCallback || setTimeout)(function () { findFonts(root.glyphs); });
  })
    .catch(function () { say(t('searchUnavailable')); });
  app.setAttribute('data-ready', '');
})();
