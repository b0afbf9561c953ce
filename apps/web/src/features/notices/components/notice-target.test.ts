import { NOTICE_ROUTES } from '@studio/contract/notice-links';
import { describe, expect, it } from 'vitest';
import { classLinks } from '@/shared/classes/links';
import { paths } from '@/shared/navigation/paths';
import { noticeTarget, withAppLinks } from './notice-target';

describe('noticeTarget', () => {
  // The mapping itself is the contract's (notice-links.test.ts); here, that its routes are the app's.
  it('opens the app’s own pages', () => {
    expect(NOTICE_ROUTES).toEqual({
      session: paths.courseDetail,
      order: paths.orderInfo,
      package: paths.coursePurchased,
      coupon: paths.couponList,
      feedback: paths.feedbackThread,
      notice: paths.noticeDetail,
    });
    expect(noticeTarget({ data: { session_id: 's1', reservation_id: 'r1' } })).toEqual({
      kind: 'session',
      to: classLinks.session('s1'),
    });
    expect(noticeTarget({ data: { points: 40, balance: 120 } })).toBeNull();
  });
});

describe('withAppLinks', () => {
  it('turns app routes into the hash router’s links and opens other links in a new tab', () => {
    const html = withAppLinks(
      '<p>See <a href="/pages/course/detail?_id=s1">the class</a> and <a href="https://example.com">our site</a>.</p>',
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const [inApp, outside] = Array.from(doc.querySelectorAll('a'));
    expect(inApp?.getAttribute('href')).toBe('#/pages/course/detail?_id=s1');
    expect(inApp?.hasAttribute('target')).toBe(false);
    expect(outside?.getAttribute('target')).toBe('_blank');
    expect(outside?.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
