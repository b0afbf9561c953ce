import { MutationObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/i18n/i18n';
import { resetConnectionForTest } from '@/shared/offline/connection';
import { queryClient } from './query-client';

afterEach(async () => {
  await i18n.changeLanguage('en');
  queryClient.clear();
  resetConnectionForTest();
});

describe('queryClient', () => {
  it('marks every cached answer stale when the language changes (they hold the studio’s texts in the old one)', async () => {
    queryClient.setQueryData(['client/course.pub_getSchedule', {}], { rows: [{ course_name: 'Vinyasa Flow' }] });
    expect(queryClient.getQueryState(['client/course.pub_getSchedule', {}])?.isInvalidated).toBe(false);
    await i18n.changeLanguage('zh-Hans');
    expect(queryClient.getQueryState(['client/course.pub_getSchedule', {}])?.isInvalidated).toBe(true);
  });
});

describe('queryClient offline', () => {
  it('marks every cached answer stale when the app is back online (what shows may be the saved copy)', () => {
    queryClient.setQueryData(['client/course.getMyPackages', {}], { rows: [] });
    window.dispatchEvent(new Event('offline'));
    expect(queryClient.getQueryState(['client/course.getMyPackages', {}])?.isInvalidated).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(queryClient.getQueryState(['client/course.getMyPackages', {}])?.isInvalidated).toBe(true);
  });

  it('never pauses a write offline: it runs, and fails, at once', async () => {
    window.dispatchEvent(new Event('offline'));
    const write = new MutationObserver(queryClient, { mutationFn: () => Promise.reject(new Error('no network')) });
    await expect(write.mutate()).rejects.toThrow('no network');
    expect(write.getCurrentResult()).toMatchObject({ isPaused: false, isError: true });
  });
});
