import { describe, expect, it } from 'vitest';
import { noticeTarget, withAppLinks } from './notice-target';

describe('noticeTarget', () => {
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
    [{ link: '/pages/course/detail?_id=s9' }, { kind: 'link', to: '/pages/course/detail?_id=s9' }],
    [{ link: 'https://example.com/retreat' }, { kind: 'link', to: 'https://example.com/retreat', external: true }],
  ])('%j opens %j', (data, target) => {
    expect(noticeTarget({ data })).toEqual(target);
  });

  it.each([
    [{}],
    [{ points: 40, balance: 120, ref: 'N100' }],
    [{ session_id: '' }],
    // Only app routes and https: never another scheme, nor a protocol-relative host.
    [{ link: 'javascript:alert(1)' }],
    [{ link: 'http://example.com' }],
    [{ link: '//evil.example/pages' }],
  ])('%j opens nothing', (data) => {
    expect(noticeTarget({ data })).toBeNull();
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
