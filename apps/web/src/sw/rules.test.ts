import { describe, expect, it } from 'vitest';
import { clickTargetOf, isAppNavigation, pushNoticeOf } from './rules';

describe('isAppNavigation', () => {
  it.each([
    ['/', true],
    ['/index.html', true],
    ['/pages/course/detail', true],
    ['/api/router', false],
    ['/api/docs', false],
    ['/admin', false],
    ['/admin/members/42', false],
    ['/uploads/2026-11/a.png', false],
    ['/ws', false],
    ['/unsubscribe', false],
    ['/unsubscribe/abc', false],
    ['/healthz', false],
    ['/manifest.webmanifest', false],
    ['/icons/icon-192.png', false],
    ['/version.json', false],
    ['/demo/logo.svg', false],
    // A path that only starts like a server path is the app's.
    ['/apis', true],
  ])('%s → %s', (path, expected) => {
    expect(isAppNavigation(path)).toBe(expected);
  });
});

describe('pushNoticeOf', () => {
  it('reads the server’s payload', () => {
    expect(pushNoticeOf({ title: 'Seat', body: 'Yin on Thu', url: '/pages/course/detail?_id=1', tag: 's-1' })).toEqual({
      title: 'Seat',
      body: 'Yin on Thu',
      url: '/pages/course/detail?_id=1',
      tag: 's-1',
    });
  });

  it('fills what is missing and refuses what is not a notice', () => {
    expect(pushNoticeOf({ title: 'Hi' })).toEqual({ title: 'Hi', body: '', url: '/' });
    expect(pushNoticeOf({ title: '' })).toBeNull();
    expect(pushNoticeOf('text')).toBeNull();
    expect(pushNoticeOf(null)).toBeNull();
  });
});

describe('clickTargetOf', () => {
  const scope = 'https://studio.example/';
  it.each([
    ['/pages/course/detail?_id=abc', 'https://studio.example/#/pages/course/detail?_id=abc'],
    ['#/pages/notice/list', 'https://studio.example/#/pages/notice/list'],
    ['/#/pages/notice/list', 'https://studio.example/#/pages/notice/list'],
    ['/', 'https://studio.example/'],
    ['https://studio.example/#/pages/index/mys', 'https://studio.example/#/pages/index/mys'],
    ['https://partner.example/offer', 'https://partner.example/offer'],
    ['http://partner.example/offer', 'https://studio.example/'],
    ['javascript:alert(1)', 'https://studio.example/'],
    ['//partner.example/x', 'https://partner.example/x'],
  ])('%s → %s', (url, expected) => {
    expect(clickTargetOf(url, scope)).toBe(expected);
  });
});
