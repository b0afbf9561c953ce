import { describe, expect, it } from 'vitest';
import { toastName } from './goods-detail-page';

describe('the add-to-cart toast', () => {
  it('cuts the name at 20 characters (spec 9), counting Chinese characters as one each', () => {
    expect(toastName('Cork Yoga Mat')).toBe('Cork Yoga Mat');
    expect(toastName('Intro offer: 3 classes in 14 days')).toBe('Intro offer: 3 class…');
    expect(toastName('新人体验：十四天内任选三节课程的超值体验卡')).toBe('新人体验：十四天内任选三节课程的超值体验…');
  });
});
