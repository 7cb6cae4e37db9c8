/**
 * The small page Google's redirect lands on in the connect popup: it says what happened, and the app's
 * /connect-popup.js (a file, as the gateway's Content-Security-Policy allows no inline script) tells the opener and
 * closes the popup.
 */
export function callbackPage(connected: boolean, detail: string): { contentType: string; base64: string } {
  const title = connected ? 'Google Calendar connected' : 'Google Calendar not connected';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;display:flex;align-items:center;justify-content:center;min-height:100vh;margin:0;background:#f5f7fb;color:#1a2233}main{text-align:center;padding:24px}button{margin-top:16px;padding:8px 20px;border-radius:8px;border:0;background:#1976d2;color:#fff;font-size:15px;cursor:pointer}</style>
</head>
<body><main><h1>${title}</h1><p>${escapeHtml(detail)}</p><button type="button" id="close-window">Close window</button></main>
<script src="/connect-popup.js" data-connected="${connected}" data-close-after-ms="${connected ? 600 : 4000}"></script>
</body></html>`;
  return { contentType: 'text/html; charset=utf-8', base64: Buffer.from(html, 'utf8').toString('base64') };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
