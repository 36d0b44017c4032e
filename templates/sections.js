/* Sections: the button of each heading hides or shows that section's cards (their hidden attribute);
 * the cards of a collapsed section that the infinite scroll adds later come hidden. Without it, the
 * headings and the archive still work. */
(function () {
  'use strict';
  var d = document, feed = d.querySelector('.feed'), shut = {};
  if (!feed || !feed.addEventListener) return;
  d.documentElement.classList.add('sections-js');

  function apply(n) {
    var s = n.getAttribute('data-section');
    if (n.classList.contains('feed-section')) n = n.querySelector('button');
    if (!n || !s) return;
    if (n.tagName === 'BUTTON') n.setAttribute('aria-expanded', String(!shut[s]));
    else n.hidden = !!shut[s];
  }

  feed.addEventListener('click', function (e) {
    var b = e.target.closest('.feed-section-toggle'), h = b && b.parentNode;
    if (!b) return;
    var s = b.getAttribute('data-section'), stuck = h.getBoundingClientRect().top < 1;
    shut[s] = !shut[s];
    feed.querySelectorAll('.card[data-section="' + s + '"], button[data-section="' + s + '"]').forEach(apply);
    // a heading stuck at the top stays where the reader is
    if (stuck) h.scrollIntoView();
  });

  new MutationObserver(function (list) {
    list.forEach(function (m) {
      m.addedNodes.forEach(function (n) { if (n.nodeType === 1 && n.hasAttribute('data-section')) apply(n); });
    });
  }).observe(feed, { childList: true });
})();
