import { describe, expect, it } from 'vitest';
import { frameSources, hostAllowed, webViewDecision, webViewHost, webViewSettings } from './web-view';

const HOSTS = ['lotus-yoga.example', '*.maps.example'];

describe('webViewDecision', () => {
  it.each([
    ['https://lotus-yoga.example/timetable.pdf', 'frame'],
    ['https://LOTUS-YOGA.example/', 'frame'],
    ['https://lotus-yoga.example:443/a', 'frame'],
    ['https://a.maps.example/place?q=1', 'frame'],
    ['https://a.b.maps.example/', 'frame'],
    // exact entries do not cover subdomains, wildcard entries do not cover the bare domain
    ['https://www.lotus-yoga.example/', 'ask'],
    ['https://maps.example/', 'ask'],
    // a look-alike that only ends with the allowed name
    ['https://evil-lotus-yoga.example/', 'ask'],
    ['https://lotus-yoga.example.evil.test/', 'ask'],
    ['https://xmaps.example/', 'ask'],
    // only https on its own port is framed
    ['http://lotus-yoga.example/', 'ask'],
    ['https://lotus-yoga.example:8443/', 'ask'],
    ['https://elsewhere.test/', 'ask'],
    // never opened
    ['javascript:alert(1)', 'refuse'],
    [' JavaScript:alert(1)', 'refuse'],
    ['data:text/html,<script>alert(1)</script>', 'refuse'],
    ['file:///etc/passwd', 'refuse'],
    ['https://user:pass@lotus-yoga.example/', 'refuse'],
    ['https://user@lotus-yoga.example/', 'refuse'],
    ['/relative/path', 'refuse'],
    ['', 'refuse'],
    [null, 'refuse'],
  ])('%s → %s', (url, kind) => {
    expect(webViewDecision(url, HOSTS).kind).toBe(kind);
  });

  it('frames nothing when the list is empty', () => {
    expect(webViewDecision('https://lotus-yoga.example/', []).kind).toBe('ask');
  });

  it('answers the parsed address, not the raw text', () => {
    expect(webViewDecision('https://lotus-yoga.example/a b', HOSTS)).toEqual({
      kind: 'frame',
      url: 'https://lotus-yoga.example/a%20b',
    });
  });
});

describe('the allow-list', () => {
  it('takes host names only, lower-cased', () => {
    expect(webViewHost.parse(' Lotus-Yoga.Example ')).toBe('lotus-yoga.example');
    expect(webViewHost.parse('*.maps.example')).toBe('*.maps.example');
    for (const bad of [
      'https://a.example',
      'a.example/path',
      'a.example:443',
      'localhost',
      '*.com.',
      'a..b',
      '*',
      'a.*.b',
    ]) {
      expect(webViewHost.safeParse(bad).success, bad).toBe(false);
    }
    expect(webViewSettings.safeParse({ hosts: ['a.example', 'a.example'] }).success).toBe(false);
  });

  it('matches hosts by the documented rule', () => {
    expect(hostAllowed('maps.example', ['*.maps.example'])).toBe(false);
    expect(hostAllowed('x.maps.example', ['*.maps.example'])).toBe(true);
  });

  it('becomes the CSP frame-src sources', () => {
    expect(frameSources(HOSTS)).toEqual(['https://lotus-yoga.example', 'https://*.maps.example']);
    expect(frameSources([])).toEqual(["'none'"]);
  });
});
