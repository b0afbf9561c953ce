import 'antd-mobile/es/global';
import './app/antd-render';
import './app/theme.css';
import './app/components.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { i18nReady } from './i18n/i18n';

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
