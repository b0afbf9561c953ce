import type { Locale } from '@studio/contract/locale';
import { oneLine, type RenderedEmail, renderEmail, type StudioBrand } from '../../platform/email-layout';

/*
 * A notice as an e-mail: the studio's layout (platform/email-layout.ts, Handlebars), the notice's
 * title, text and link, and the footer that says why it came and how to stop it. Security mail
 * (codes) has the same layout without unsubscribe: renderSecurityEmail, used by account.
 */
export { type RenderedEmail, renderSecurityEmail, type StudioBrand } from '../../platform/email-layout';

export interface NoticeEmailInput {
  studio: StudioBrand;
  locale: Locale;
  title: string;
  body: string;
  /** Where the button leads (absolute http(s); otherwise the mail has no button). */
  actionUrl: string;
  actionLabel: string;
  /** The signed one-click link that turns this category off (RFC 8058 carries it in a header too). */
  unsubscribeUrl?: string;
  /** An extra line in the footer. */
  footerNote?: string;
}

const WHY: Record<Locale, (studio: string) => string> = {
  en: (studio) =>
    `You receive this e-mail because you are a member of ${studio} and have these notices on in your notification settings.`,
  'zh-Hans': (studio) => `你收到这封邮件，是因为你是${studio}的会员，并在通知设置中开启了这类通知。`,
  'zh-Hant': (studio) => `你收到這封郵件，是因為你是${studio}的會員，並在通知設定中開啟了這類通知。`,
};

const UNSUBSCRIBE: Record<Locale, string> = {
  en: 'Unsubscribe from these e-mails',
  'zh-Hans': '退订这类邮件',
  'zh-Hant': '取消訂閱這類郵件',
};

export function renderNoticeEmail(input: NoticeEmailInput): RenderedEmail {
  return renderEmail({
    studio: input.studio,
    locale: input.locale,
    title: input.title,
    body: input.body,
    action: { url: input.actionUrl, label: input.actionLabel },
    why: WHY[input.locale](oneLine(input.studio.name)),
    ...(input.footerNote ? { footerNote: input.footerNote } : {}),
    ...(input.unsubscribeUrl ? { unsubscribe: { url: input.unsubscribeUrl, label: UNSUBSCRIBE[input.locale] } } : {}),
  });
}
