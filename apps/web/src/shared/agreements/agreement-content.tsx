import './agreements.css';

/**
 * An agreement's text as the studio wrote it. The HTML was sanitized by the server when it was
 * saved (modules/agreements/sanitize.ts: paragraphs, headings, lists, emphasis and links only, no
 * attribute but a link's address), so it is shown as it is.
 */
export function AgreementContent({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on save by the server (see above).
  return <div className="agreement-html" dangerouslySetInnerHTML={{ __html: html }} />;
}
