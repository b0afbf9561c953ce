import { inZone } from '@studio/contract/format';
import { LOCALES, type Locale } from '@studio/contract/locale';
import type { LocalizedText } from '@studio/contract/localized-text';
import {
  type AdminAnnouncement,
  ANNOUNCEMENT_COURSE_DAYS,
  type AnnouncementAudience,
  type AnnouncementSaveInput,
} from '@studio/contract/notifications';
import dayjs, { type Dayjs } from 'dayjs';
import { localizedValue } from '@/shared/forms/localized-fields';
import { studioInstant } from '../schedule/studio-time';

/** The announcement editor's form values and their conversion from and to the contract. */

/**
 * When it appears: now, at a time (`publish_at`), or — for one already published — when it did
 * (an edit of its text does not publish it again).
 */
export type PublishWhen = 'now' | 'later' | 'keep';

export interface NoticeFields {
  title: LocalizedText;
  /** Rich text (HTML) per language, as the RichTextEditor gives it ('' when empty). */
  content: LocalizedText;
  audience: AnnouncementAudience;
  course_ids: string[];
  course_days?: number | null;
  pinned: boolean;
  when: PublishWhen;
  /** The studio's wall-clock time as picked (the picker runs in the browser's zone). */
  publish_at?: Dayjs | null;
  image?: string | null;
  link?: string;
}

export const NEW_NOTICE: NoticeFields = {
  title: {},
  content: {},
  audience: 'all',
  course_ids: [],
  course_days: ANNOUNCEMENT_COURSE_DAYS.default,
  pinned: false,
  when: 'now',
  publish_at: null,
  image: null,
  link: '',
};

/** The languages whose title or content is filled: the ones members read in their own language. */
export function filledLocales(fields: Pick<NoticeFields, 'title' | 'content'>): Locale[] {
  return LOCALES.filter((l) => Boolean(fields.title?.[l]?.trim() || fields.content?.[l]?.trim()));
}

/** The form's values of a stored announcement, its publish time as the studio's wall clock. */
export function fieldsOf(notice: AdminAnnouncement, tz: string | undefined): NoticeFields {
  const scheduled = notice.status === 'scheduled';
  return {
    title: notice.title,
    content: notice.content,
    audience: notice.audience,
    course_ids: notice.course_ids,
    course_days: notice.course_days || ANNOUNCEMENT_COURSE_DAYS.default,
    pinned: notice.pinned,
    when: scheduled ? 'later' : 'keep',
    publish_at: scheduled ? dayjs(inZone(notice.publish_at, tz).format('YYYY-MM-DDTHH:mm')) : null,
    image: notice.image || null,
    link: notice.link,
  };
}

/**
 * What admin/notice.save takes: only the filled languages, the courses and days only for a course
 * audience, the picked time read in the studio's zone, '' for no image or link.
 */
export function inputOf(
  fields: NoticeFields,
  existing: Pick<AdminAnnouncement, '_id' | 'publish_at' | 'created_at'> | undefined,
  tz: string | undefined,
): AnnouncementSaveInput {
  const publishAt =
    fields.when === 'later' && fields.publish_at
      ? studioInstant(fields.publish_at.format('YYYY-MM-DD'), fields.publish_at.format('HH:mm'), tz).toISOString()
      : !existing
        ? undefined
        : fields.when === 'keep'
          ? existing.publish_at
          : // A scheduled one published now: an edit without a time keeps its time, a past time means
            // "now" on the server's clock. Its creation is past on that clock, whatever this browser's says.
            existing.created_at;
  return {
    ...(existing ? { _id: existing._id } : {}),
    title: localizedValue(fields.title),
    content: localizedValue(fields.content),
    audience: fields.audience,
    ...(fields.audience === 'course'
      ? { course_ids: fields.course_ids, course_days: fields.course_days ?? ANNOUNCEMENT_COURSE_DAYS.default }
      : {}),
    pinned: fields.pinned,
    ...(publishAt ? { publish_at: publishAt } : {}),
    image: fields.image ?? '',
    link: fields.link?.trim() ?? '',
  };
}
