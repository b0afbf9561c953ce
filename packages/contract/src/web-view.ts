import { z } from 'zod';

export { frameSources, hostAllowed, type WebViewDecision, webViewDecision } from './web-view-rule';

/* The studio's allow-list of hosts the web-view page may frame; the rule itself is in web-view-rule.ts. */

/** At most this many hosts on the allow-list. */
export const WEB_VIEW_MAX_HOSTS = 20;

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST_ENTRY = new RegExp(`^(?:\\*\\.)?${LABEL}(?:\\.${LABEL})+$`);

/** One allow-list entry: a host name of two labels or more, optionally `*.` before it; lower case, no scheme, port or path. */
export const webViewHost = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .refine((v) => HOST_ENTRY.test(v), 'host');

/** The studio's web-view settings (admin/merchant.save `web_view`; kept in the studio's settings). */
export const webViewSettings = z.object({
  hosts: z
    .array(webViewHost)
    .max(WEB_VIEW_MAX_HOSTS)
    .refine((v) => new Set(v).size === v.length, 'unique'),
});
export type WebViewSettings = z.infer<typeof webViewSettings>;

export const DEFAULT_WEB_VIEW: WebViewSettings = { hosts: [] };
