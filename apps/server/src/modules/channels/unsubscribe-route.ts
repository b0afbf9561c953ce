import { type Locale, resolveLocale } from '@studio/contract/locale';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RawRoute } from '../../platform/raw-routes';
import { contactsOf } from '../account';
import { studioRow } from '../merchant';
import { CATEGORY_NAMES, say, TEXTS } from './messages';
import { turnEmailOff } from './preferences';
import { readUnsubscribeToken } from './unsubscribe-token';

/*
 * One-click unsubscribe (RFC 8058) from an e-mail's List-Unsubscribe link: POST /unsubscribe?t=…
 * (what mail clients send, body "List-Unsubscribe=One-Click") turns that category's e-mail off and
 * answers 200; GET shows a small page in the member's language whose button POSTs, and changes
 * nothing itself, since mail scanners fetch links. A token this app did not sign answers 400.
 */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(locale: Locale, title: string, body: string, form?: string): string {
  const button = form
    ? `<form method="post" action="${escapeHtml(form)}"><button type="submit">${escapeHtml(say(TEXTS.unsubscribeButton, locale))}</button></form>`
    : '';
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><main><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p>${button}</main></body></html>`;
}

const tokenOf = (req: FastifyRequest) => {
  const t = (req.query as Record<string, unknown>).t;
  return typeof t === 'string' ? t.slice(0, 500) : '';
};

export const unsubscribeRoutes: RawRoute = {
  name: 'channels.unsubscribe',
  async register(app, deps) {
    /** The member's language, else the browser's (a forged token has no member). */
    const localeFor = async (req: FastifyRequest, userId: string | null): Promise<Locale> => {
      const who = userId ? (await contactsOf(deps.db, [userId])).get(userId) : undefined;
      if (who?.locale) return who.locale;
      if (req.headers['accept-language']) return resolveLocale(req.headers['accept-language']);
      return (await studioRow(deps)).defaultLocale;
    };
    const bad = async (req: FastifyRequest, reply: FastifyReply) => {
      const locale = await localeFor(req, null);
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(page(locale, say(TEXTS.badLinkTitle, locale), say(TEXTS.badLink, locale)));
    };

    await app.register(async (scope) => {
      // Mail clients post a form (urlencoded or multipart): its content is not needed, only the link's token.
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_req, _body, done) => done(null, null));
      scope.get('/unsubscribe', async (req, reply) => {
        const who = readUnsubscribeToken(deps.config, tokenOf(req));
        if (!who) return bad(req, reply);
        const locale = await localeFor(req, who.userId);
        const category = say(CATEGORY_NAMES[who.category], locale);
        return reply
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(
            page(
              locale,
              say(TEXTS.unsubscribeTitle, locale),
              say(TEXTS.unsubscribeExplain, locale, { category }),
              `/unsubscribe?t=${encodeURIComponent(tokenOf(req))}`,
            ),
          );
      });
      scope.post('/unsubscribe', async (req, reply) => {
        const who = readUnsubscribeToken(deps.config, tokenOf(req));
        if (!who) return bad(req, reply);
        const exists = (await contactsOf(deps.db, [who.userId])).has(who.userId);
        if (!exists) return bad(req, reply);
        await turnEmailOff(deps.db, who.userId, who.category, deps.clock.now());
        const locale = await localeFor(req, who.userId);
        const category = say(CATEGORY_NAMES[who.category], locale);
        return reply
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(page(locale, say(TEXTS.unsubscribed, locale), say(TEXTS.unsubscribeExplain, locale, { category })));
      });
    });
  },
};
