import { LOCALES } from '@studio/contract/locale';
import { cleanup, render } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { setLocale } from '@/i18n/i18n';
import { afterFirstPaint, pathOfHash, shellFrame } from './shell';
import { TabLayout } from './tab-layout';
import { visibleTabs } from './tabs';

afterEach(cleanup);
afterAll(() => setLocale('en'));

describe('the frame painted before the app', () => {
  // React's first commit replaces the frame: any difference would show as a flash or a shift.
  describe.each(LOCALES)('in %s', (locale) => {
    it.each(visibleTabs.map((tab) => [tab.key, tab] as const))(
      'is the markup TabLayout renders on %s',
      async (_, tab) => {
        await setLocale(locale);
        const { container } = render(
          <TabLayout tab={tab} heading={tab.titleHeading && i18n.t(tab.titleKey)}>
            {null}
          </TabLayout>,
        );
        const live = container.firstElementChild as HTMLElement;
        const frame = shellFrame(document, tab.path, locale) as HTMLElement;
        expect(frame).not.toBeNull();
        // Equal nodes: same elements, attributes (in any order) and texts.
        expect(live.isEqualNode(frame), `live:  ${live.outerHTML}\nframe: ${frame.outerHTML}`).toBe(true);
        expect(frame.querySelector('[aria-current="page"]')?.textContent).toBe(i18n.t(tab.titleKey));
      },
    );
  });

  describe('while the page says the studio is in test mode', () => {
    beforeEach(() => {
      document.documentElement.dataset.testMode = 'true';
    });
    afterEach(() => {
      delete document.documentElement.dataset.testMode;
    });

    it.each(LOCALES)(
      'starts with the Test mode band, the markup TabLayout renders before the studio info arrives (%s)',
      async (locale) => {
        await setLocale(locale);
        const tab = visibleTabs[1]!;
        const { container } = render(
          <TabLayout tab={tab} heading={tab.titleHeading && i18n.t(tab.titleKey)}>
            {null}
          </TabLayout>,
        );
        const live = container.firstElementChild as HTMLElement;
        const frame = shellFrame(document, tab.path, locale) as HTMLElement;
        expect(live.isEqualNode(frame), `live:  ${live.outerHTML}\nframe: ${frame.outerHTML}`).toBe(true);
        const band = frame.firstElementChild as HTMLElement;
        expect(band.matches('aside.test-mode-band')).toBe(true);
        expect(band.getAttribute('aria-label')).toBe(i18n.t('common.testMode.label'));
        expect(band.textContent).toBe(i18n.t('common.testMode.band'));
      },
    );
  });

  it('has no band when the page does not say the studio is in test mode', () => {
    expect(shellFrame(document, '/pages/index/category', 'en')?.querySelector('.test-mode-band')).toBeNull();
  });

  it('shows the page heading of tab pages that have one, in the given language', () => {
    expect(shellFrame(document, '/pages/index/category', 'zh-Hans')?.querySelector('h1')?.textContent).toBe('约课');
    expect(shellFrame(document, '/pages/index/mys', 'zh-Hant')?.querySelector('h1')?.textContent).toBe('我的');
    expect(shellFrame(document, '/', 'en')?.querySelector('h1')).toBeNull();
    expect(shellFrame(document, '/pages/index/index', 'en')?.querySelector('[aria-current="page"]')?.textContent).toBe(
      'Home',
    );
  });

  it('is not painted on other pages', () => {
    expect(shellFrame(document, '/pages/login/index', 'en')).toBeNull();
    expect(shellFrame(document, '/pages/course/detail', 'en')).toBeNull();
  });

  it('reads the route from the location hash', () => {
    expect(pathOfHash('')).toBe('/');
    expect(pathOfHash('#/')).toBe('/');
    expect(pathOfHash('#/pages/index/category?date=2026-11-27')).toBe('/pages/index/category');
  });
});

describe('afterFirstPaint', () => {
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    static last: FakeObserver | null = null;
    disconnected = false;
    constructor(readonly callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
      FakeObserver.last = this;
    }
    observe() {}
    disconnect() {
      this.disconnected = true;
    }
    paint(name: string) {
      this.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
    }
  }

  it('starts the app at the first contentful paint, once', () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const start = vi.fn();
    afterFirstPaint(start, 300);
    FakeObserver.last?.paint('first-paint');
    expect(start).not.toHaveBeenCalled();
    FakeObserver.last?.paint('first-contentful-paint');
    expect(start).toHaveBeenCalledTimes(1);
    expect(FakeObserver.last?.disconnected).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(start).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('starts it anyway when nothing is painted in time (a background tab), or paints are not observable', () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const start = vi.fn();
    afterFirstPaint(start, 300);
    vi.advanceTimersByTime(299);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
    FakeObserver.last?.paint('first-contentful-paint');
    expect(start).toHaveBeenCalledTimes(1);

    vi.stubGlobal('PerformanceObserver', undefined);
    const unobserved = vi.fn();
    afterFirstPaint(unobserved, 300);
    vi.advanceTimersByTime(0);
    expect(unobserved).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
});
