import type { Locale } from '@studio/contract/locale';
import { ExclamationShieldOutline } from 'antd-mobile-icons';
import type { ReactElement } from 'react';
import { shellText } from '@/i18n/shell-texts';
import { servedInTestMode } from '@/shared/merchant/served-test-mode';
// The band's look comes with the frame's own styles: drawn before them, it would grow and shrink.
import '@/shared/merchant/test-mode-band.css';
import { type TabDef, tabOf, visibleTabs } from './tabs';

/*
 * The frame of a tab page (its heading and the tab bar), painted from plain DOM before the app's code
 * has run: on a phone network the app's 150 KB take seconds, the frame needs only the page and its
 * styles. It is the markup TabLayout renders (shell.test.tsx compares them in every language), so
 * React's first commit swaps it for the live one without a visible change.
 */

const SVG = 'http://www.w3.org/2000/svg';

/** Attribute names of the props the tab icons set where React writes them differently. */
const SVG_ATTRIBUTES: Record<string, string> = {
  className: 'class',
  xmlnsXlink: 'xmlns:xlink',
  strokeWidth: 'stroke-width',
  fillRule: 'fill-rule',
  clipRule: 'clip-rule',
  strokeLinecap: 'stroke-linecap',
  strokeLinejoin: 'stroke-linejoin',
};

/** An icon's SVG from its element tree (antd-mobile's icons are plain functions of their props). */
function svgNode(doc: Document, element: ReactElement): Element {
  const { children, style, ...props } = element.props as Record<string, unknown>;
  const node = doc.createElementNS(SVG, element.type as string);
  for (const [name, value] of Object.entries(props)) {
    if (value !== undefined && value !== null) node.setAttribute(SVG_ATTRIBUTES[name] ?? name, String(value));
  }
  if (style) Object.assign((node as SVGElement).style, style);
  for (const child of [children].flat()) if (child) node.append(svgNode(doc, child as ReactElement));
  return node;
}

function iconOf(doc: Document, icon: TabDef['icon']): Element {
  const render = icon as unknown as (props: { 'aria-hidden': 'true' }) => ReactElement;
  return svgNode(doc, render({ 'aria-hidden': 'true' }));
}

function el(doc: Document, tag: string, attributes: Record<string, string>, ...children: (Node | string)[]) {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** The route path of a hash-router location hash (`#/pages/index/category?x=1` → `/pages/index/category`). */
export function pathOfHash(hash: string): string {
  return hash.replace(/^#/, '').split('?')[0] || '/';
}

/** The frame of the tab page at `path` in `locale`; null when `path` is not a tab page. */
export function shellFrame(doc: Document, path: string, locale: Locale): HTMLElement | null {
  const tab = tabOf(path);
  if (!tab) return null;
  const text = (key: string) => shellText(locale, key);
  const heading = tab.titleHeading
    ? [el(doc, 'h1', { class: 'page-heading tab-page-heading' }, text(tab.titleKey))]
    : [];
  const items = visibleTabs.map((item) => {
    const active = item.key === tab.key;
    const link = el(
      doc,
      'a',
      { class: 'tab-link', href: `#${item.path}`, ...(active ? { 'aria-current': 'page' } : {}) },
      text(item.titleKey),
    );
    return el(
      doc,
      'div',
      { class: active ? 'adm-tab-bar-item adm-tab-bar-item-active' : 'adm-tab-bar-item' },
      el(
        doc,
        'div',
        { class: 'adm-badge-wrapper' },
        el(doc, 'div', { class: 'adm-tab-bar-item-icon' }, iconOf(doc, item.icon)),
      ),
      el(doc, 'div', { class: 'adm-tab-bar-item-title adm-tab-bar-item-title-with-icon' }, link),
    );
  });
  // The Test mode band (shared/merchant/test-mode-band.tsx) when the page says the studio is in test mode.
  const band = servedInTestMode(doc)
    ? [
        el(
          doc,
          'aside',
          { class: 'test-mode-band', 'aria-label': text('common.testMode.label') },
          iconOf(doc, ExclamationShieldOutline),
          el(doc, 'span', {}, text('common.testMode.band')),
        ),
      ]
    : [];
  return el(
    doc,
    'div',
    { class: 'tab-page' },
    ...band,
    el(doc, 'main', { class: 'tab-page-body' }, ...heading),
    el(
      doc,
      'nav',
      { class: 'tab-bar', 'aria-label': text('common.tabs.label') },
      el(
        doc,
        'div',
        { class: 'adm-tab-bar' },
        el(doc, 'div', { class: 'adm-tab-bar-wrap' }, ...items),
        el(doc, 'div', { class: 'adm-safe-area adm-safe-area-position-bottom' }),
      ),
    ),
  );
}

/**
 * Runs `start` once the page has painted its first content (the frame), so the app's code, already
 * downloading beside it, runs after the frame is on screen rather than before. At the latest after
 * `latestMs`: a page opened in a background tab is not painted until it is shown.
 */
export function afterFirstPaint(start: () => void, latestMs = 300): void {
  let started = false;
  let observer: PerformanceObserver | null = null;
  const once = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    start();
  };
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) once();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  setTimeout(once, observer ? latestMs : 0);
}
