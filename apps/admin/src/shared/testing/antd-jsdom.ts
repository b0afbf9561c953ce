import { configure } from '@testing-library/react';

/**
 * What antd needs from a browser that jsdom lacks, for page tests: media queries (antd's responsive
 * pieces ask) and element sizes (tables, tabs and text areas watch them). Also gives Testing
 * Library's waits 5 s: antd's first render of a form or table takes more than 1 s on a busy machine.
 */
export function prepareAntdInJsdom(): void {
  configure({ asyncUtilTimeout: 5000 });
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
