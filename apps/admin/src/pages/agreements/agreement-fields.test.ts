import { describe, expect, it } from 'vitest';
import { fieldsOf, textsOf } from './agreement-fields';

const row = (version: number, published: boolean, title: string) => ({
  _id: `v${version}`,
  kind: 'privacy_policy' as const,
  version,
  texts: { en: { title, content: `<p>${title}</p>` } },
  published_at: published ? '2026-11-20T10:00:00.000Z' : null,
  updated_at: '2026-11-20T10:00:00.000Z',
  updated_by: 'admin',
});

describe('agreement fields', () => {
  it('start from the draft, else the current version, else empty', () => {
    expect(fieldsOf([row(3, false, 'Draft'), row(2, true, 'Current')]).en.title).toBe('Draft');
    expect(fieldsOf([row(2, true, 'Current'), row(1, true, 'Old')]).en.title).toBe('Current');
    expect(fieldsOf([])['zh-Hans']).toEqual({ title: '', content: '' });
  });

  it('send the languages written, and name a half-written one', () => {
    const { texts, incomplete } = textsOf({
      en: { title: ' Privacy ', content: '<p>x</p>' },
      'zh-Hans': { title: '隐私政策', content: '' },
      'zh-Hant': { title: '', content: '' },
    });
    expect(texts).toEqual({ en: { title: 'Privacy', content: '<p>x</p>' } });
    expect(incomplete).toEqual([{ locale: 'zh-Hans', field: 'content' }]);
  });
});
