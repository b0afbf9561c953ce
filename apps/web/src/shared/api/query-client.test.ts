import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/i18n/i18n';
import { queryClient } from './query-client';

afterEach(async () => {
  await i18n.changeLanguage('en');
  queryClient.clear();
});

describe('queryClient', () => {
  it('marks every cached answer stale when the language changes (they hold the studio’s texts in the old one)', async () => {
    queryClient.setQueryData(['client/course.pub_getSchedule', {}], { rows: [{ course_name: 'Vinyasa Flow' }] });
    expect(queryClient.getQueryState(['client/course.pub_getSchedule', {}])?.isInvalidated).toBe(false);
    await i18n.changeLanguage('zh-Hans');
    expect(queryClient.getQueryState(['client/course.pub_getSchedule', {}])?.isInvalidated).toBe(true);
  });
});
