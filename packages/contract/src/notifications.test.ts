import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOCALES } from './locale';
import {
  NOTICE_CATEGORY_OF,
  NOTICE_DERIVED_PARAMS,
  NOTICE_TEXTS,
  NOTICE_TYPES,
  type NoticeType,
  noticeCategoryOf,
  noticeEvents,
} from './notifications';

/** The fields a notice type's data may hold (every member of a union). */
function fieldsOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).flatMap(fieldsOf);
  throw new Error('a notice schema is an object or a union of objects');
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

describe('notice types', () => {
  it('every type has texts in every language and a tab', () => {
    expect(Object.keys(NOTICE_TEXTS).sort()).toEqual([...NOTICE_TYPES].sort());
    expect(Object.keys(NOTICE_CATEGORY_OF).sort()).toEqual([...NOTICE_TYPES].sort());
    for (const type of NOTICE_TYPES) {
      for (const locale of LOCALES) {
        expect(NOTICE_TEXTS[type].title[locale].trim(), `${type} title ${locale}`).not.toBe('');
        expect(NOTICE_TEXTS[type].body[locale].trim(), `${type} body ${locale}`).not.toBe('');
      }
    }
  });

  it("every placeholder is a field of the type's data or a derived param, the same in every language", () => {
    for (const type of NOTICE_TYPES) {
      const known = new Set([...fieldsOf(noticeEvents[type]), ...Object.keys(NOTICE_DERIVED_PARAMS)]);
      for (const part of ['title', 'body'] as const) {
        const inEnglish = placeholders(NOTICE_TEXTS[type][part].en);
        for (const locale of LOCALES) {
          const used = placeholders(NOTICE_TEXTS[type][part][locale]);
          expect(used, `${type} ${part} ${locale}`).toEqual(inEnglish);
          for (const name of used) expect(known.has(name), `${type} ${part}: {${name}}`).toBe(true);
        }
      }
    }
  });

  it('a derived param is only used where the field it comes from is in the data', () => {
    for (const type of NOTICE_TYPES) {
      const fields = new Set(fieldsOf(noticeEvents[type]));
      const used = new Set(placeholders(NOTICE_TEXTS[type].title.en + NOTICE_TEXTS[type].body.en));
      for (const [param, from] of Object.entries(NOTICE_DERIVED_PARAMS)) {
        if (!used.has(param) || fields.has(param)) continue;
        // {credits} reads `remaining`, or `class_count` when a package was just issued.
        const sources = param === 'credits' ? ['remaining', 'class_count'] : [from];
        expect(
          sources.some((f) => fields.has(f)),
          `${type}: {${param}} needs ${sources.join(' or ')}`,
        ).toBe(true);
      }
    }
  });

  it('every notice names what it is about, for the link', () => {
    const about = [
      'session_id',
      'reservation_id',
      'entry_id',
      'order_no',
      'refund_id',
      'package_id',
      'coupon_id',
      'feedback_id',
      // Or the page itself (an invitation reward opens My invitation): notice-links follows a link first.
      'link',
    ];
    for (const type of NOTICE_TYPES) {
      expect(
        fieldsOf(noticeEvents[type]).some((f) => about.includes(f)),
        type,
      ).toBe(true);
    }
  });

  it('class and package notices go to Classes, orders, refunds, points and coupons to Orders, the studio’s replies to Studio', () => {
    const classes: NoticeType[] = [
      'waitlistPromoted',
      'waitlistSkipped',
      'reservationAdded',
      'reservationCancelled',
      'sessionCancelled',
      'classReminder',
      'waitlistDropped',
      'packageIssued',
      'packageExpiring',
      'packageUsedUp',
    ];
    for (const type of NOTICE_TYPES) {
      const expected = classes.includes(type) ? 'classes' : type === 'feedbackReplied' ? 'studio' : 'orders';
      expect(noticeCategoryOf(type), type).toBe(expected);
    }
    expect(noticeCategoryOf('announcement')).toBe('studio');
    expect(noticeCategoryOf('toString')).toBe('studio');
  });
});
