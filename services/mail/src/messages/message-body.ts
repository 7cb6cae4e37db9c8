import sanitizeHtml from 'sanitize-html';

export interface RenderedBody {
  /** Sanitised HTML for the sandboxed frame, or the plain text as it came. */
  body: string;
  bodyFormat: 'html' | 'text';
  /** Remote images left out (their `src` removed) because the user has not asked for them. */
  remoteImagesBlocked: number;
}

const SAFE_STYLE_VALUE = [/^(?!.*(?:url\s*\(|expression\s*\(|javascript:|@import)).*$/i];
const STYLE_PROPERTIES = [
  'color', 'background-color', 'font', 'font-family', 'font-size', 'font-style', 'font-weight', 'line-height',
  'text-align', 'text-decoration', 'text-transform', 'vertical-align', 'white-space', 'letter-spacing',
  'margin', 'margin-top', 'margin-right', 'margin-bottom', 'margin-left',
  'padding', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left',
  'border', 'border-top', 'border-right', 'border-bottom', 'border-left', 'border-color', 'border-style',
  'border-width', 'border-radius', 'border-collapse', 'width', 'max-width', 'min-width', 'height', 'display',
];

const isRemote = (src: string) => /^(https?:)?\/\//i.test(src.trim());

/**
 * An HTML mail made safe to show: no scripts, no event handlers, no forms, frames or embedded objects, no
 * `javascript:` links, no styles that load anything, and remote images (tracking pixels) left out until the user
 * asks for them (`showImages`). Links open outside the frame.
 */
export function sanitizeMailHtml(html: string, showImages: boolean): { html: string; remoteImagesBlocked: number } {
  let remoteImagesBlocked = 0;
  const clean = sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'center', 'font'],
    allowedAttributes: {
      a: ['href', 'name', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      font: ['color', 'size', 'face'],
      table: ['width', 'border', 'cellpadding', 'cellspacing', 'align', 'bgcolor'],
      td: ['width', 'height', 'colspan', 'rowspan', 'align', 'valign', 'bgcolor'],
      th: ['width', 'height', 'colspan', 'rowspan', 'align', 'valign', 'bgcolor'],
      tr: ['align', 'valign', 'bgcolor'],
      '*': ['style', 'dir', 'align', 'lang'],
    },
    allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((p) => [p, SAFE_STYLE_VALUE])) },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
      img: (tagName, attribs) => {
        const src = attribs.src ?? '';
        if (/^data:image\/(png|gif|jpe?g|webp);/i.test(src)) return { tagName, attribs };
        const { src: _dropped, ...rest } = attribs;
        if (src && isRemote(src) && !showImages) remoteImagesBlocked += 1;
        if (src && isRemote(src) && showImages) return { tagName, attribs: { ...rest, src } };
        return { tagName, attribs: rest };
      },
    },
  });
  return { html: clean, remoteImagesBlocked };
}

/** The body the detail view shows: the HTML part sanitised, else the plain text. */
export function renderBody(parts: { html?: string; text?: string }, showImages: boolean): RenderedBody {
  if (parts.html?.trim()) {
    const { html, remoteImagesBlocked } = sanitizeMailHtml(parts.html, showImages);
    return { body: html, bodyFormat: 'html', remoteImagesBlocked };
  }
  return { body: parts.text ?? '', bodyFormat: 'text', remoteImagesBlocked: 0 };
}
