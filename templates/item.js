/*! Scrollery item page: the ← and → keys go to the previous and next item (the page's rel=prev and
 * rel=next links), unless a modifier is held or focus is in a field. Without it the links still work. */
(function () {
  'use strict';
  /* a YouTube or Vimeo video: its player (the privacy-enhanced one the build named) only once clicked */
  document.addEventListener('click', function (e) {
    var a = e.target.closest && e.target.closest('a[data-embed]');
    if (!a || e.button || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    var f = document.createElement('iframe');
    f.className = 'video-frame';
    f.src = a.getAttribute('data-embed');
    f.title = a.textContent.trim();
    f.allow = 'autoplay; fullscreen; picture-in-picture';
    f.allowFullscreen = true;
    a.replaceWith(f);
    f.focus();
  });
  document.addEventListener('keydown', function (e) {
    var t = e.target, rtl = document.documentElement.dir === 'rtl',
      rel = { ArrowLeft: rtl ? 'next' : 'prev', ArrowRight: rtl ? 'prev' : 'next' }[e.key];
    if (!rel || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey ||
        (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)))) return;
    var a = document.querySelector('.item-nav a[rel=' + rel + ']');
    if (a) { e.preventDefault(); location.href = a.href; }
  });
})();
