import type { AdminAnnouncement } from '@studio/contract/notifications';

/** For the tests: an announcement in two languages, scheduled for 09:30 on 1 May 2030 in Shanghai, to two courses' members. */
export const SCHEDULED_NOTICE: AdminAnnouncement = {
  _id: 'n1',
  title: { en: 'Closed on Monday', 'zh-Hans': '周一闭馆' },
  content: { en: '<p>We are closed.</p>', 'zh-Hans': '<p>闭馆一天。</p>' },
  audience: 'course',
  course_ids: ['c1', 'c2'],
  course_days: 14,
  pinned: true,
  image: '',
  link: '/pages/course/list',
  publish_at: '2030-05-01T01:30:00.000Z',
  withdrawn_at: null,
  status: 'scheduled',
  read_count: 0,
  audience_count: 12,
  created_at: '2030-04-01T00:00:00.000Z',
  updated_at: '2030-04-01T00:00:00.000Z',
};
