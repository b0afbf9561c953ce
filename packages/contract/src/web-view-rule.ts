/*
 * The web-view page (spec `web-view/web-view?url=`): a studio link (website, map, timetable PDF, a
 * receipt) opens inside the app, under its bar, only when it is https and its host is on the studio's
 * allow-list; the page's Content-Security-Policy `frame-src` names the same hosts. Everything else is
 * asked about and opened in a new tab, and some addresses are never opened at all.
 *
 * The host rule: an entry `example.com` allows exactly that host; an entry `*.example.com` allows its
 * subdomains (`a.example.com`, `a.b.example.com`) but not `example.com` itself, as CSP host sources
 * read them. The port must be https's own (443, written or not), again as CSP reads a source without one.
 */

// Without zod: the member app's web-view page loads this file alone.

/** Whether `host` (lower case) is on the allow-list by the rule above. */
export function hostAllowed(host: string, hosts: readonly string[]): boolean {
  const name = host.toLowerCase();
  return hosts.some((entry) =>
    entry.startsWith('*.') ? name.endsWith(entry.slice(1)) && name.length > entry.length - 1 : name === entry,
  );
}

/**
 * What the web-view page does with an address: `frame` it (https, default port, no credentials, an
 * allowed host), `ask` before opening it in a new tab (any other http(s) address), or `refuse` it
 * (anything that is not http(s) — javascript:, data:, file: — a user name or password in the URL, or
 * no URL at all).
 */
export type WebViewDecision = { kind: 'frame' | 'ask'; url: string } | { kind: 'refuse' };

export function webViewDecision(raw: string | null | undefined, hosts: readonly string[]): WebViewDecision {
  if (!raw) return { kind: 'refuse' };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { kind: 'refuse' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'refuse' };
  if (url.username || url.password) return { kind: 'refuse' };
  const framable = url.protocol === 'https:' && url.port === '' && hostAllowed(url.hostname, hosts);
  return { kind: framable ? 'frame' : 'ask', url: url.href };
}

/** The CSP `frame-src` sources of the allow-list ('none' when it is empty). */
export function frameSources(hosts: readonly string[]): string[] {
  return hosts.length ? hosts.map((h) => `https://${h}`) : ["'none'"];
}
