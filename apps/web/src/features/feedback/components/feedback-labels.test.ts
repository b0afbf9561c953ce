import { describe, expect, it } from 'vitest';
import { helpLink } from '@/shared/feedback/need-help-link';
import { categoryFor, feedbackLinks, subjectOf, weekdayIn } from './feedback-labels';

describe('what a message is about', () => {
  it('is read from the query, blank values dropped, and suggests its category', () => {
    expect(subjectOf(new URLSearchParams('order_no=2026112200001&reservation_id='))).toEqual({
      order_no: '2026112200001',
    });
    expect(subjectOf(new URLSearchParams('reservation_id=r1'))).toEqual({ reservation_id: 'r1' });
    expect(categoryFor({ order_no: 'N1' })).toBe('orders_shop');
    expect(categoryFor({ reservation_id: 'r1' })).toBe('classes');
    expect(categoryFor({})).toBeUndefined();
  });

  it('is carried from an order or a class to Help & contact and on to Write to us', () => {
    expect(helpLink({ order_no: 'N1' })).toBe('/pages/service-center/service-center?order_no=N1');
    expect(helpLink({ reservation_id: undefined })).toBe('/pages/service-center/service-center');
    const subject = subjectOf(new URLSearchParams(helpLink({ reservation_id: 'r 1' }).split('?')[1]));
    expect(feedbackLinks.write(subject)).toBe('/pages/service-center/write?reservation_id=r+1');
    expect(feedbackLinks.write()).toBe('/pages/service-center/write');
    expect(feedbackLinks.thread('f1')).toBe('/pages/service-center/thread?_id=f1');
  });
});

describe('today in the studio', () => {
  it('is the weekday in the studio’s timezone, not the phone’s', () => {
    // Sunday 23:30 in London is already Monday in Shanghai.
    const at = new Date('2026-11-22T23:30:00Z');
    expect(weekdayIn(at, 'Europe/London')).toBe('sun');
    expect(weekdayIn(at, 'Asia/Shanghai')).toBe('mon');
  });
});
