import sanitizeHtml from 'sanitize-html';

/*
 * An announcement's content is rich text staff write per language. What is kept: paragraphs, line
 * breaks, headings, emphasis, lists, quotes and links to an https URL or an app route (a relative
 * url); every other tag is dropped with its attributes (script and style with their text, onclick,
 * style...), and so is a link's href of any other scheme (javascript:, data:, http:, //host).
 */
const CONTENT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'a'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: {
    // Every link opens without handing the app to the page it opens; an outside one in a new tab.
    a: (tagName, { href, ...rest }) => {
      const external = /^https:/i.test(href ?? '');
      const { target: _target, rel: _rel, ...kept } = rest;
      return {
        tagName,
        attribs: {
          ...kept,
          ...(href === undefined ? {} : { href }),
          rel: 'noopener noreferrer',
          ...(external ? { target: '_blank' } : {}),
        },
      };
    },
  },
};

/** Rich text as an announcement may hold it. */
export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, CONTENT_OPTIONS).trim();
}

/** What a sanitised HTML escapes in text and attributes, back to the characters. */
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * Sanitised content as plain text: tags dropped (a block's end is a space, so paragraphs do not run
 * together), entities read, whitespace collapsed. Only for sanitizeContent's output, whose `<` and
 * `>` outside tags are always escaped.
 */
export function plainText(html: string): string {
  return html
    .replace(/<\/(p|h[2-4]|li|blockquote)>|<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

export const PREVIEW_LENGTH = 200;

/** The list's preview of an announcement: its plain text, cut at a word near PREVIEW_LENGTH characters. */
export function plainPreview(html: string): string {
  const chars = Array.from(plainText(html)); // by code point: an emoji is never cut in half
  if (chars.length <= PREVIEW_LENGTH) return chars.join('');
  const cut = chars.slice(0, PREVIEW_LENGTH).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > PREVIEW_LENGTH * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
