// Toasts and dialogs load on first use (shared/ui/feedback.ts). A test that ends while one is still
// loading would have vitest import it after the test environment is gone (an unhandled error that
// fails the run, more likely when files run two at a time). Loaded here before any test, they are
// already in the module cache when a page first shows one.
await import('antd-mobile/es/components/toast');
await import('antd-mobile/es/components/dialog');

export {};

// Pages load on first use as well (app/routes*.ts): the first test to open one waits for vitest to
// transform it, which takes longer than Testing Library's default 1 s when the machine is busy (seen:
// the profile page in app.test.tsx while browser journeys ran beside it).
const { configure } = await import('@testing-library/react');
configure({ asyncUtilTimeout: 5000 });
