import { paths } from './paths';

/** The web-view page for a studio link: shown inside the app when its host is allowed, else asked about (contract web-view-rule.ts). */
export function webViewLink(url: string): string {
  return `${paths.webView}?url=${encodeURIComponent(url)}`;
}
