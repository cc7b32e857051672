/**
 * The editor's preview of rich text the owner has not saved yet. What the storefront shows is
 * sanitised by the server on save (catalog's description rules); until then the text may be
 * anything typed into the editor's source view, so the preview keeps only an allow-list of
 * tags and attributes (the same ones the server keeps) with http(s) or site-relative addresses.
 * DOMParser builds an inert document: nothing in it loads or runs while it is cleaned.
 */
const TAGS = new Set([
  'address',
  'article',
  'aside',
  'footer',
  'header',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hgroup',
  'main',
  'nav',
  'section',
  'blockquote',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'hr',
  'li',
  'main',
  'ol',
  'p',
  'pre',
  'ul',
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'br',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'i',
  'kbd',
  'mark',
  'q',
  'rb',
  'rp',
  'rt',
  'rtc',
  'ruby',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
  'caption',
  'col',
  'colgroup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'img',
  'font',
]);
const ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
};
/** Elements whose content goes with them (the server's sanitiser drops these with their text). */
const DROP_WITH_CONTENT = new Set(['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe']);

function safeAddress(value: string): boolean {
  const v = value.trim();
  return /^https?:\/\//i.test(v) || (v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\'));
}

function clean(node: Element): void {
  for (const child of [...node.children]) {
    const tag = child.tagName.toLowerCase();
    if (DROP_WITH_CONTENT.has(tag)) {
      child.remove();
      continue;
    }
    clean(child);
    if (!TAGS.has(tag)) {
      child.replaceWith(...child.childNodes);
      continue;
    }
    const allowed = ATTRIBUTES[tag] ?? [];
    for (const attr of [...child.attributes]) {
      const name = attr.name.toLowerCase();
      const keep =
        name === 'align' ||
        (allowed.includes(name) && (name !== 'href' && name !== 'src' ? true : safeAddress(attr.value)));
      if (!keep) child.removeAttribute(attr.name);
    }
  }
}

export function previewSafeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body);
  return doc.body.innerHTML;
}
