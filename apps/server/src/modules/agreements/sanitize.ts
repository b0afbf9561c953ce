import sanitizeHtml from 'sanitize-html';

/**
 * What an agreement's HTML may hold: paragraphs, headings, lists, emphasis, quotes, rules and links
 * (https, http, mailto, tel). No scripts, styles, event handlers, images, frames or forms: a text
 * staff wrote is shown to every member, so nothing in it may run or load anything.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'blockquote',
    'hr',
    'a',
  ],
  // target and rel are set by transformTags below, whatever staff wrote.
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A link leaves the app in a new tab and tells the other site nothing.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

/** The HTML of an agreement as it is stored and shown (see OPTIONS). */
export function sanitizeAgreementHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
