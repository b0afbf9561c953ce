import './antd-render';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from '@/i18n/i18n';
import { App } from './app';
import { afterLoadAndIdle } from './updates/after-load';
import { reloadOnPreloadError } from './updates/reload-once';

/**
 * The app itself, imported by main.tsx once the frame is on screen. Its first commit replaces the
 * frame main.tsx painted with the same markup, now live.
 */
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// A page chunk of an older build that is gone after a deploy: reload once into the new one.
reloadOnPreloadError();

// A saved language other than English: its catalogue arrives before the first render, so no page
// flashes in English first.
// The first render is a transition: React renders it in slices and gives the browser the main
// thread between them, instead of one long task that holds taps and paints back.
void i18nReady.then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});

// The service worker and the version check, once the page has loaded and the browser is idle: the
// first load's own files and calls go first (Lighthouse). The dev server's app has neither.
if (import.meta.env.PROD) afterLoadAndIdle(() => void import('./updates/updates').then((m) => m.startAppUpdates()));
