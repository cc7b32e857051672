/**
 * Announcement HTML. The server runs every announcement through sanitize-html when it is saved
 * (content module: formatting, links and images only; no scripts, no event handlers, no
 * javascript: URLs), so this one field may be rendered as HTML. Never use this for anything
 * a member typed or for any other field.
 */
export function SanitizedAnnouncementHtml({ html }: { html: string }) {
  // Server-sanitised announcement body (see above): the only dangerouslySetInnerHTML in the app.
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
