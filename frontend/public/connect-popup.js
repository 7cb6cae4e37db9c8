/* The page a provider's consent redirect lands on in a connect popup (calendar's /api/calendar/oauth/callback) loads
   this file instead of an inline script, so the app's Content-Security-Policy needs no 'unsafe-inline' script. It tells
   the opener how it went (data-connected), wires the Close button and closes the popup after data-close-after-ms. */
(function () {
  var script = document.currentScript;
  var connected = script && script.getAttribute('data-connected') === 'true';
  var delay = Number(script && script.getAttribute('data-close-after-ms')) || 4000;
  try {
    if (window.opener) window.opener.postMessage({ type: 'calendar-connection', connected: connected }, window.location.origin);
  } catch (e) {
    /* the opener went away */
  }
  var close = document.getElementById('close-window');
  if (close) close.addEventListener('click', function () { window.close(); });
  setTimeout(function () { window.close(); }, delay);
})();
