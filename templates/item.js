/*! Scrollery item page: the ← and → keys go to the previous and next item (the page's rel=prev and
 * rel=next links), unless a modifier is held or focus is in a field. Without it the links still work. */
(function () {
  'use strict';
  document.addEventListener('keydown', function (e) {
    var t = e.target, rtl = document.documentElement.dir === 'rtl',
      rel = { ArrowLeft: rtl ? 'next' : 'prev', ArrowRight: rtl ? 'prev' : 'next' }[e.key];
    if (!rel || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey ||
        (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)))) return;
    var a = document.querySelector('.item-nav a[rel=' + rel + ']');
    if (a) { e.preventDefault(); location.href = a.href; }
  });
})();
