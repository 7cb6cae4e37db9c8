/**
 * The message body in its sandboxed frame. The server has already sanitised the HTML (no scripts, no event handlers,
 * remote images left out until asked for); the frame adds its own lines: no allow-scripts in the sandbox, and a
 * Content-Security-Policy that blocks every remote load (scripts, frames, pixels) until the user chooses 'Show images'.
 */

export function emailContentSecurityPolicy(showImages: boolean): string {
  const remote = showImages ? ' https: http:' : '';
  return [
    "default-src 'none'",
    `img-src data: cid:${remote}`,
    `style-src 'unsafe-inline'${remote}`,
    `font-src data:${remote}`,
  ].join('; ');
}

/** The frame's whole document: policy first, links open in a new tab, readable defaults the message may override. */
export function emailDocument(body: string, { showImages }: { showImages: boolean }): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${emailContentSecurityPolicy(showImages)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<base target="_blank">',
    '<style>',
    'html,body{margin:0;background:#fff;color:#1f2328}',
    'body{padding:16px;font:15px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;',
    'overflow-wrap:anywhere}',
    'img{max-width:100%;height:auto}table{max-width:100%}pre{white-space:pre-wrap}',
    '</style></head><body>',
    body,
    '</body></html>',
  ].join('');
}
