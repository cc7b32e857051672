import { lazyModule } from '../../core/lazy-module.js';

const loadSanitizer = lazyModule<typeof import('sanitize-html')>('sanitize-html');

/** Rich text from the announcement editors (staff, site owners): formatting, links and images only; no scripts, no handlers. */
export function sanitizeRichText(html: string): string {
  const sanitizeHtml = loadSanitizer();
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'span',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'del',
      'h1',
      'h2',
      'h3',
      'h4',
      'blockquote',
      'ul',
      'ol',
      'li',
      'a',
      'img',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'hr',
      'pre',
      'code',
    ],
    allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], '*': ['style'] },
    allowedStyles: {
      '*': {
        color: [/^#[0-9a-f]{3,6}$/i, /^rgb\(\d{1,3}, ?\d{1,3}, ?\d{1,3}\)$/],
        'text-align': [/^(left|right|center|justify)$/],
        'font-size': [/^\d{1,2}px$/],
      },
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
  });
}
