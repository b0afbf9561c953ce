import { readFileSync } from 'node:fs';
import type { Locale } from '@studio/contract/locale';
import Handlebars from 'handlebars';

/*
 * The one layout of the studio's e-mails, rendered by Handlebars: it escapes every value put in
 * with {{ }} (the HTML part), and its templates are files a designer can read (email-layout.*.hbs
 * beside this one). The HTML is what mail clients render well: nested tables, inline styles, a
 * 600 px card, a button that is a coloured cell (Outlook draws no padding on links), no script,
 * no external CSS. The text part reads as a letter of its own.
 */

/** How the studio looks in its mail. */
export interface StudioBrand {
  name: string;
  /** An absolute http(s) URL of the logo; anything else shows no logo. */
  logoUrl: string | null;
  /** The button's colour, #rgb or #rrggbb (anything else falls back to BRAND_COLOUR). */
  colour: string;
  /** The studio's postal address, in the footer. */
  address: string;
}

export interface EmailLayoutInput {
  studio: StudioBrand;
  locale: Locale;
  title: string;
  /** Plain text: a blank line starts a paragraph, a newline breaks a line. */
  body: string;
  /** A code shown large (verification mail). */
  code?: { label: string; value: string };
  /** The button; dropped unless its URL is absolute http(s). */
  action?: { url: string; label: string };
  /** An extra line in the footer, above `why`. */
  footerNote?: string;
  /** Why the member gets this mail (footer). */
  why: string;
  /** The unsubscribe link of the footer; dropped unless its URL is absolute http(s). */
  unsubscribe?: { url: string; label: string };
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** The app's colours (apps/web/src/app/theme.css): the brand (buttons, icons), and the page background. */
export const BRAND_COLOUR = '#A57044';
export const PAGE_BACKGROUND = '#F7F3EE';
const FONTS =
  "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC',sans-serif";

// A private environment: no helper or partial registered elsewhere can change these templates.
const handlebars = Handlebars.create();
const template = (name: string, options: CompileOptions) =>
  handlebars.compile(readFileSync(new URL(`./email-layout.${name}.hbs`, import.meta.url), 'utf8'), {
    strict: true,
    ...options,
  });
type CompileOptions = Parameters<typeof Handlebars.compile>[1];
const htmlTemplate = template('html', {});
// The text part is not HTML: nothing to escape.
const textTemplate = template('text', { noEscape: true });

/** The URL as written when it is absolute http(s), else null (a relative or javascript: link never goes out). */
export function absoluteHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * The studio's logo in its e-mails: the app's 192 px icon, which studio/app-manifest.ts draws from
 * the logo as a PNG (mail apps do not show SVG) and serves to other origins.
 */
export function mailLogoUrl(base: string): string {
  return `${base}/icons/icon-192.png`;
}

/** How the studio signs its e-mails: its name and address (in the reader's language), logo and colour. */
export function studioBrand(base: string, studio: { name: string; address: string }): StudioBrand {
  return { name: studio.name, logoUrl: mailLogoUrl(base), colour: BRAND_COLOUR, address: studio.address };
}

function colourOf(value: string): string {
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : BRAND_COLOUR;
}

/** White text on dark colours, near-black on light ones (WCAG relative luminance). */
function textOn(colour: string): string {
  const hex = colour.length === 4 ? [...colour.slice(1)].map((c) => c + c).join('') : colour.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.4 ? '#111827' : '#ffffff';
}

function paragraphsOf(body: string): string[][] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) =>
      p
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    )
    .filter((lines) => lines.length > 0);
}

/** One line, for a header: no breaks, no runs of spaces. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function renderEmail(input: EmailLayoutInput): RenderedEmail {
  const colour = colourOf(input.studio.colour);
  const paragraphs = paragraphsOf(input.body);
  const actionUrl = absoluteHttpUrl(input.action?.url);
  const unsubscribeUrl = absoluteHttpUrl(input.unsubscribe?.url);
  const view = {
    lang: input.locale,
    title: oneLine(input.title),
    preheader: oneLine(paragraphs[0]?.join(' ') ?? '').slice(0, 140),
    studioName: oneLine(input.studio.name),
    logoUrl: absoluteHttpUrl(input.studio.logoUrl),
    address: oneLine(input.studio.address),
    colour,
    buttonText: textOn(colour),
    fonts: FONTS,
    paragraphs,
    code: input.code ?? null,
    action: input.action && actionUrl ? { label: input.action.label, url: actionUrl } : null,
    footerNote: input.footerNote ? oneLine(input.footerNote) : null,
    why: input.why,
    unsubscribe: input.unsubscribe && unsubscribeUrl ? { label: input.unsubscribe.label, url: unsubscribeUrl } : null,
  };
  return {
    subject: view.title,
    html: htmlTemplate(view),
    text: `${textTemplate(view).trim()}\n`,
  };
}

const SECURITY_WHY: Record<Locale, (studio: string) => string> = {
  en: (studio) =>
    `You receive this e-mail because your address was used at ${studio}. Security e-mails are always sent, whatever your notification settings.`,
  'zh-Hans': (studio) =>
    `你收到这封邮件，是因为有人在${studio}使用了你的邮箱地址。安全类邮件不受通知设置影响，总会发送。`,
  'zh-Hant': (studio) =>
    `你收到這封郵件，是因為有人在${studio}使用了你的電子郵件地址。安全類郵件不受通知設定影響，總會發送。`,
};

const CODE_LABEL: Record<Locale, string> = { en: 'Your code', 'zh-Hans': '验证码', 'zh-Hant': '驗證碼' };

export interface SecurityEmailInput {
  studio: StudioBrand;
  locale: Locale;
  title: string;
  body: string;
  /** A verification code, shown large beside the text that already says it. */
  code?: string;
  footerNote?: string;
}

/** Security mail (codes, lockout, password changed): always sent, so it has no unsubscribe link. */
export function renderSecurityEmail(input: SecurityEmailInput): RenderedEmail {
  return renderEmail({
    studio: input.studio,
    locale: input.locale,
    title: input.title,
    body: input.body,
    ...(input.code ? { code: { label: CODE_LABEL[input.locale], value: input.code } } : {}),
    ...(input.footerNote ? { footerNote: input.footerNote } : {}),
    why: SECURITY_WHY[input.locale](oneLine(input.studio.name)),
  });
}
