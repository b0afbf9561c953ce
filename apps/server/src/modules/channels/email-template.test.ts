import { LOCALES } from '@studio/contract/locale';
import { describe, expect, it } from 'vitest';
import { renderNoticeEmail, renderSecurityEmail } from './email-template';

const studio = {
  name: 'Lotus Yoga',
  logoUrl: 'https://studio.example/uploads/logo.png',
  colour: '#1d4ed8',
  address: '12 Garden Road, Shanghai',
};

const notice = {
  studio,
  locale: 'en' as const,
  title: 'Class cancelled',
  body: 'Yin Yoga on Monday 10:00 was cancelled.\nYour credit is back.\n\nSee you soon!',
  actionUrl: 'https://studio.example/#/reservations/42',
  actionLabel: 'Open in the app',
  unsubscribeUrl: 'https://studio.example/unsubscribe?t=abc.def',
};

describe('a notice as an e-mail', () => {
  it('is an HTML card of tables with inline styles, the logo, the name and the colour on the button', () => {
    const { subject, html } = renderNoticeEmail(notice);
    expect(subject).toBe('Class cancelled');
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en" dir="ltr">/);
    expect(html).toContain('<table role="presentation" width="600"');
    expect(html).toContain('max-width:600px');
    expect(html).toContain('<img src="https://studio.example/uploads/logo.png" width="40" height="40" alt=""');
    expect(html).toContain('>Lotus Yoga</td>');
    expect(html).toContain('bgcolor="#1d4ed8"');
    expect(html).toContain('<a href="https://studio.example/#/reservations/42" target="_blank"');
    expect(html).toContain('>Open in the app</a>');
    // White text on a dark button.
    expect(html).toContain('color:#ffffff;text-decoration:none');
    expect(html).toContain('Yin Yoga on Monday 10:00 was cancelled.<br>Your credit is back.</td>');
    expect(html).toContain('>See you soon!</td>');
    expect(html).toContain('Lotus Yoga · 12 Garden Road, Shanghai');
    expect(html).not.toMatch(/<script|<style|<link|class="/);
  });

  it('ends with why it came and a working unsubscribe link, in the member language', () => {
    const expected = {
      en: ['Unsubscribe from these e-mails', 'because you are a member of Lotus Yoga'],
      'zh-Hans': ['退订这类邮件', '你是Lotus Yoga的会员'],
      'zh-Hant': ['取消訂閱這類郵件', '你是Lotus Yoga的會員'],
    } as const;
    for (const locale of LOCALES) {
      const { html, text } = renderNoticeEmail({ ...notice, locale });
      const [unsubscribe, why] = expected[locale];
      expect(html).toContain(`lang="${locale}"`);
      expect(html).toContain(`<a href="https://studio.example/unsubscribe?t&#x3D;abc.def" target="_blank"`);
      expect(html).toContain(`>${unsubscribe}</a>`);
      expect(html).toContain(why);
      expect(text).toContain(`${unsubscribe}: https://studio.example/unsubscribe?t=abc.def`);
      expect(text).toContain(why);
    }
  });

  it('has a plain-text part that reads as a letter', () => {
    expect(renderNoticeEmail({ ...notice, footerNote: 'Reminders come 2 hours before class.' }).text).toBe(
      [
        'Lotus Yoga',
        '',
        'Class cancelled',
        '',
        'Yin Yoga on Monday 10:00 was cancelled.',
        'Your credit is back.',
        '',
        'See you soon!',
        '',
        'Open in the app: https://studio.example/#/reservations/42',
        '',
        '--',
        'Reminders come 2 hours before class.',
        'You receive this e-mail because you are a member of Lotus Yoga and have these notices on in your notification settings.',
        'Lotus Yoga · 12 Garden Road, Shanghai',
        'Unsubscribe from these e-mails: https://studio.example/unsubscribe?t=abc.def',
        '',
      ].join('\n'),
    );
  });

  it('escapes everything it is given', () => {
    const { subject, html, text } = renderNoticeEmail({
      ...notice,
      studio: { ...studio, name: 'Lotus <img src=x onerror=alert(1)>', address: '"Quoted" & <b>bold</b>' },
      title: '<script>alert("title")</script>',
      body: '<script>alert(1)</script> & <a href="https://evil.example">click</a>',
      actionLabel: '"><script>alert(2)</script>',
      footerNote: '<i>note</i>',
    });
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<a href="https://evil.example"');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).not.toContain('<i>note</i>');
    expect(html).toContain('&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;');
    expect(html).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;a href&#x3D;&quot;https://evil.example&quot;&gt;',
    );
    expect(html).toContain('&quot;Quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;');
    // The text part is not HTML: it says what was written.
    expect(subject).toBe('<script>alert("title")</script>');
    expect(text).toContain('<script>alert(1)</script> & <a href="https://evil.example">click</a>');
  });

  it('drops links that are not absolute http(s) and a colour that is not one', () => {
    const { html, text } = renderNoticeEmail({
      ...notice,
      studio: { ...studio, logoUrl: '/uploads/logo.png', colour: 'red;background:url(https://evil.example)' },
      actionUrl: 'javascript:alert(1)',
      unsubscribeUrl: '/unsubscribe?t=abc',
    });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('/unsubscribe');
    expect(html).not.toContain('evil.example');
    expect(html).toContain('border-top:4px solid #A57044');
    expect(text).not.toContain('javascript:');
    expect(renderNoticeEmail({ ...notice, studio: { ...studio, logoUrl: null } }).html).not.toContain('<img');
  });

  it('puts dark text on a light button', () => {
    expect(renderNoticeEmail({ ...notice, studio: { ...studio, colour: '#fde68a' } }).html).toContain(
      'color:#111827;text-decoration:none',
    );
  });

  it('keeps the subject on one line', () => {
    expect(renderNoticeEmail({ ...notice, title: 'Class\r\nBcc: someone@example.com' }).subject).toBe(
      'Class Bcc: someone@example.com',
    );
  });
});

describe('security e-mail', () => {
  it('shows the code large, has no unsubscribe link, and says why it always comes', () => {
    const { subject, html, text } = renderSecurityEmail({
      studio,
      locale: 'zh-Hans',
      title: 'Lotus Yoga验证码',
      body: '【Lotus Yoga】您的登录验证码是 123456，10 分钟内有效。',
      code: '123456',
    });
    expect(subject).toBe('Lotus Yoga验证码');
    expect(html).toContain('>验证码</div>');
    expect(html).toMatch(/letter-spacing:6px;[^>]*>123456<\/div>/);
    expect(html).not.toMatch(/unsubscribe|退订/i);
    expect(html).toContain('安全类邮件不受通知设置影响');
    expect(text).toContain('验证码: 123456');
    expect(text).not.toMatch(/unsubscribe|退订/i);
    expect(renderSecurityEmail({ studio, locale: 'en', title: 'Login paused', body: 'Paused.' }).html).not.toContain(
      'letter-spacing:6px',
    );
  });
});
