import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { fieldsOf, inputOf, NEW_NOTICE, type NoticeFields } from './notice-fields';
import { SCHEDULED_NOTICE } from './notice-fixture';

const stored = SCHEDULED_NOTICE;

describe('the announcement form sends', () => {
  it('the filled languages only, and no course fields for an audience other than courses', () => {
    const fields: NoticeFields = {
      ...NEW_NOTICE,
      title: { en: 'Closed on Monday', 'zh-Hans': '周一闭馆', 'zh-Hant': '  ' },
      content: { en: '<p>We are closed.</p>', 'zh-Hans': '<p>闭馆一天。</p>', 'zh-Hant': '' },
      audience: 'members',
      // Left from choosing "booked on courses" first: not what a members' announcement means.
      course_ids: ['c1'],
      course_days: 3,
      link: '  https://example.com/timetable ',
    };
    expect(inputOf(fields, undefined, 'Europe/London')).toEqual({
      title: { en: 'Closed on Monday', 'zh-Hans': '周一闭馆' },
      content: { en: '<p>We are closed.</p>', 'zh-Hans': '<p>闭馆一天。</p>' },
      audience: 'members',
      pinned: false,
      image: '',
      link: 'https://example.com/timetable',
    });
  });

  it('the courses and days for members booked on courses', () => {
    const input = inputOf(
      {
        ...NEW_NOTICE,
        title: { en: 'T' },
        content: { en: 'C' },
        audience: 'course',
        course_ids: ['c1', 'c2'],
        course_days: 10,
      },
      undefined,
      undefined,
    );
    expect(input).toMatchObject({ audience: 'course', course_ids: ['c1', 'c2'], course_days: 10 });
  });

  it('the picked time as the studio’s wall clock, whatever the browser’s zone', () => {
    const picked = dayjs('2030-05-01T09:30');
    const input = inputOf(
      { ...NEW_NOTICE, title: { en: 'T' }, content: { en: 'C' }, when: 'later', publish_at: picked },
      undefined,
      'Asia/Shanghai',
    );
    expect(input.publish_at).toBe('2030-05-01T01:30:00.000Z');
    expect(inputOf({ ...NEW_NOTICE, when: 'now', publish_at: picked }, undefined, 'Asia/Shanghai')).not.toHaveProperty(
      'publish_at',
    );
  });

  it('a past time for a scheduled one published now (the server reads it as now; none would keep its time)', () => {
    const fields: NoticeFields = { ...fieldsOf(stored, 'Asia/Shanghai'), when: 'now' };
    expect(inputOf(fields, stored, 'Asia/Shanghai').publish_at).toBe(stored.created_at);
  });

  it('an edited announcement’s id, and a published one’s own time', () => {
    const published = { ...stored, status: 'published' as const };
    const fields = fieldsOf(published, 'Asia/Shanghai');
    expect(fields.when).toBe('keep');
    expect(inputOf(fields, published, 'Asia/Shanghai')).toMatchObject({ _id: 'n1', publish_at: stored.publish_at });
  });
});

describe('an announcement opened for editing', () => {
  it('shows a scheduled one’s time on the studio’s clock and sends it back unchanged', () => {
    const fields = fieldsOf(stored, 'Asia/Shanghai');
    expect(fields.when).toBe('later');
    expect(fields.publish_at?.format('YYYY-MM-DD HH:mm')).toBe('2030-05-01 09:30');
    expect(fields.image).toBeNull();
    expect(inputOf(fields, stored, 'Asia/Shanghai')).toEqual({
      _id: 'n1',
      title: stored.title,
      content: stored.content,
      audience: 'course',
      course_ids: ['c1', 'c2'],
      course_days: 14,
      pinned: true,
      publish_at: stored.publish_at,
      image: '',
      link: '/pages/course/list',
    });
  });
});
