/* Sections: each heading's button hides or shows its section's cards, also those the scroll adds later;
 * the picker regroups the cards (their data-date) without a reload, with headings that read as the
 * build's, and remembers the choice. Without it the build's headings and the archive still work. */
(function () {
  'use strict';
  var d = document, feed = d.querySelector('.feed'), shut = {};
  if (!feed || !feed.addEventListener) return;
  var t = window.Scrollery.t;
  var picker = d.querySelector('.section-picker'), select = picker && picker.querySelector('select');
  var built = picker && picker.getAttribute('data-by'), by = built;
  var key = 'scrollery-sections:' + (picker && picker.getAttribute('data-site'));
  // the build's words and patterns for headings, in the site's language; a picker without them (a theme's
  // own partial) stays invisible and regroups nothing
  var L;
  try { L = JSON.parse(picker.getAttribute('data-labels')); } catch (e) {}
  if (select && !(L && L.months)) { picker.style.visibility = 'hidden'; select = null; }
  d.documentElement.classList.add('sections-js');

  function fill(p, v) {
    return p.replace(/\{(\w+)\}/g, function (m, k) { return k in v ? v[k] : m; });
  }
  function two(n) { return (n < 10 ? '0' : '') + n; }

  /* [key, heading] of a day's section, as the build's: in UTC (a date is the day it names); ISO weeks */
  function section(s) {
    var t = new Date(s), y = t.getUTCFullYear(), m = t.getUTCMonth(), wd = (t.getUTCDay() + 6) % 7, n = t.getUTCDate();
    if (!s || isNaN(y)) return ['', L.undated];
    var v = { year: y, month: L.months[m], monthAlone: L.monthsAlone[m], monthNumber: m + 1, monthNumber2: two(m + 1),
      day: n, day2: two(n), weekday: L.weekdays[wd] };
    if (by === 'day') return [s, fill(L.day, v)];
    if (by === 'month') return [s.slice(0, 7), fill(L.month, v)];
    if (by === 'year') return [s.slice(0, 4), fill(L.year, v)];
    t.setUTCDate(n + 3 - wd);
    var j = new Date(+t);
    j.setUTCMonth(0, 1);
    v.week = Math.floor((t - j) / 6048e5) + 1;
    v.year = t.getUTCFullYear();
    return [v.week + 'W' + v.year, fill(L.week, v)];
  }

  function heading(id, text) {
    var h = d.createElement('article');
    h.className = 'feed-section js-section';
    h.tabIndex = -1;
    h.setAttribute('data-section', id);
    h.setAttribute('aria-labelledby', 'section-' + id);
    h.innerHTML = '<h2 class="feed-section-title" id="section-' + id + '"></h2><button class="feed-section-toggle" ' +
      'type="button" data-section="' + id + '"><span class="sr-only"></span></button>';
    h.firstChild.textContent = text;
    h.lastChild.firstChild.textContent = t('cardsOf') + ' ' + text;
    return h;
  }

  /* the build's headings for its grouping, else ours (kept across passes) where a card's section differs
   * from the one before; a collapsed section's cards hidden. Again whenever cards are added. */
  function pass() {
    var old = {}, list = [].slice.call(feed.children), last, cur, prev;
    list.forEach(function (n) {
      if (!n.classList.contains('js-section')) return;
      if (n.tagName === 'I') n.remove(); else old[n.getAttribute('data-section')] = n;
    });
    list.forEach(function (n) {
      var c = n.classList, k, h;
      if (c.contains('js-section')) return;
      if (c.contains('feed-section') || c.contains('section-break')) {
        n.hidden = by !== built;
        if ((h = n.querySelector('button'))) h.setAttribute('aria-expanded', !shut[h.getAttribute('data-section')]);
        return;
      }
      if (c.contains('card')) {
        if (by === built) cur = n.getAttribute('data-section');
        else if (by !== 'none' && (k = section(n.getAttribute('data-date')))[0] !== last) {
          last = k[0];
          cur = by + '-' + n.getAttribute('data-position');
          h = old[cur] || heading(cur, k[1]);
          delete old[cur];
          if (n.previousElementSibling !== h) feed.insertBefore(h, n);
          // the row above ends, as in the build (not after a page break)
          if (prev && !prev.classList.contains('feed-break')) {
            feed.insertBefore(d.createElement('i'), h).className = 'section-break js-section';
          }
          h.lastChild.setAttribute('aria-expanded', !shut[cur]);
        }
        if (n.hidden !== !!shut[cur]) n.hidden = !!shut[cur];
      }
      prev = n;
    });
    for (var id in old) old[id].remove();
    mo.takeRecords();
  }
  var mo = new MutationObserver(pass);
  mo.observe(feed, { childList: true });

  feed.addEventListener('click', function (e) {
    var b = e.target.closest('.feed-section-toggle'), h = b && b.parentNode;
    if (!b) return;
    var s = b.getAttribute('data-section'), stuck = h.getBoundingClientRect().top < 1;
    shut[s] = !shut[s];
    pass();
    // a heading stuck at the top stays where the reader is
    if (stuck) h.scrollIntoView();
  });

  /* the picker; the choice is kept in localStorage when it can be */
  function stored(v) {
    try { return v ? localStorage.setItem(key, v) : localStorage.getItem(key); } catch (err) { return null; }
  }
  if (select) {
    var s = stored();
    if ([].some.call(select.options, function (o) { return o.value === s; })) by = s;
    select.value = by;
    select.addEventListener('change', function () {
      // the first card in view stays where it is
      var a = [].find.call(feed.querySelectorAll('.card'), function (c) { return c.getBoundingClientRect().bottom > 0; });
      var y = a && a.getBoundingClientRect().top;
      by = select.value;
      stored(by);
      pass();
      if (a && !a.hidden) scrollBy(0, a.getBoundingClientRect().top - y);
    });
  }
  pass();
})();
