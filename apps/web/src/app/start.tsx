import './antd-render';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from '@/i18n/i18n';
import { App } from './app';

/**
 * The app itself, imported by main.tsx once the frame is on screen. Its first commit replaces the
 * frame main.tsx painted with the same markup, now live.
 */
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

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
