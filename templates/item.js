/*! Scrollery item page: ← and → go to the rel=prev and rel=next links, unless a modifier is held or
 * focus is in a field; a double click on the picture, or +, loads viewer.js to zoom it. */
(function () {
  'use strict';
  var d = document, S = window.Scrollery || {}, pic = d.querySelector('.item-frame > picture > img');
  function zoom(f) { // by its plain name if the page's is gone
    var me = d.querySelector('script[data-viewer]');
    if (S.zoom || !me || !pic) return;
    S.zoom = f;
    (function load(u) {
      var s = d.head.appendChild(d.createElement('script'));
      s.onerror = function () { if (!/\/viewer\.js$/.test(u)) load(new URL('viewer.js', u).href); };
      s.src = u;
    })(new URL(me.getAttribute('data-viewer'), me.src).href);
  }
  d.addEventListener('dblclick', function (e) {
    if (e.target === pic) zoom(function (z) { z.toggle(e.clientX, e.clientY); });
  });
  /* YouTube, Vimeo: the (privacy-enhanced) player once clicked */
  d.addEventListener('click', function (e) {
    var a = e.target.closest && e.target.closest('a[data-embed]');
    if (!a || e.button || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    var f = d.createElement('iframe');
    f.className = 'video-frame'; f.src = a.getAttribute('data-embed'); f.title = a.textContent.trim();
    f.allow = 'autoplay; fullscreen; picture-in-picture'; f.allowFullscreen = true;
    a.replaceWith(f);
    f.focus();
  });
  d.addEventListener('keydown', function (e) {
    var t = e.target, k = e.key, rtl = d.documentElement.dir === 'rtl',
      rel = { ArrowLeft: rtl ? 'next' : 'prev', ArrowRight: rtl ? 'prev' : 'next' }[k];
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey ||
        (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)))) return;
    if (k === '+' || k === '=') zoom(function (z) { z.step(1); });
    var a = !e.shiftKey && rel && d.querySelector('.item-nav a[rel=' + rel + ']');
    if (a) { e.preventDefault(); location.href = a.href; }
  });
})();
