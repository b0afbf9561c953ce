// Toasts and dialogs load on first use (shared/ui/feedback.ts). A test that ends while one is still
// loading would have vitest import it after the test environment is gone (an unhandled error that
// fails the run, more likely when files run two at a time). Loaded here before any test, they are
// already in the module cache when a page first shows one.
await import('antd-mobile/es/components/toast');
await import('antd-mobile/es/components/dialog');

export {};
