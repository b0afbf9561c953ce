import { describe, expect, it } from 'vitest';
import { noticeLink, noticePageRoute, noticeUrl } from './notice-links';

describe('noticeLink', () => {
  it.each([
    [
      { session_id: 's1', reservation_id: 'r1' },
      { kind: 'session', to: '/pages/course/detail?_id=s1' },
    ],
    [
      { order_no: 'N100', amount: 1250 },
      { kind: 'order', to: '/pages/user/order/info?order_no=N100' },
    ],
    [
      { order_no: 'N100', refund_id: 'f1', amount: 500 },
      { kind: 'refund', to: '/pages/user/order/info?order_no=N100' },
    ],
    [
      { package_id: 'p1', name: 'Ten classes' },
      { kind: 'package', to: '/pages/course/purchased' },
    ],
    [
      { coupon_id: 'c1', name: '£5 off' },
      { kind: 'coupon', to: '/pages/coupon/list?tab=usable' },
    ],
    // The most specific thing wins over the order that brought it.
    [
      { order_no: 'N100', package_id: 'p1' },
      { kind: 'package', to: '/pages/course/purchased' },
    ],
    // The studio's reply opens the conversation.
    [
      { feedback_id: 'f1', excerpt: 'Your mat is at the desk' },
      { kind: 'feedback', to: '/pages/service-center/thread?_id=f1' },
    ],
    [{ link: '/pages/course/detail?_id=s9' }, { kind: 'link', to: '/pages/course/detail?_id=s9' }],
    [{ link: 'https://example.com/retreat' }, { kind: 'link', to: 'https://example.com/retreat', external: true }],
  ])('%j opens %j', (data, target) => {
    expect(noticeLink(data)).toEqual(target);
  });

  it.each([
    [{}],
    [{ points: 40, balance: 120 }],
    [{ session_id: '' }],
    [{ link: 'javascript:alert(1)' }],
    [{ link: '//evil.example' }],
  ])('%j opens nothing beyond the notice', (data) => {
    expect(noticeLink(data)).toBeNull();
  });
});

describe('noticeUrl', () => {
  it('is the app route under the hash router, an https page as is, or the notice’s own page', () => {
    expect(noticeUrl('https://studio.example/', 'n1', { session_id: 's 1' })).toBe(
      'https://studio.example/#/pages/course/detail?_id=s+1',
    );
    expect(noticeUrl('https://studio.example', 'n1', { link: 'https://example.com/x' })).toBe('https://example.com/x');
    expect(noticeUrl('https://studio.example', 'n1', { points: 3 })).toBe(
      `https://studio.example/#${noticePageRoute('n1')}`,
    );
    expect(noticePageRoute('n1')).toBe('/pages/notice/detail?_id=n1');
  });
});
