import { CALENDAR_PATH_PREFIX } from '@studio/contract/calendar';
import { localeOf } from '../../platform/protocol';
import type { RawRoute } from '../../platform/raw-routes';
import * as calendar from './service';

/**
 * `GET /api/calendar/<secret>.ics`: a member's private iCalendar feed. Calendar apps send no token;
 * the secret in the url is the credential, so an unknown or revoked one is a plain 404.
 */
export const calendarRoutes: RawRoute = {
  name: 'calendar feed',
  register(app, deps) {
    app.get<{ Params: { file: string } }>(`${CALENDAR_PATH_PREFIX}:file`, async (req, reply) => {
      reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
      const secret = calendar.secretOfFile(req.params.file);
      const ics = secret ? await calendar.renderFeed(deps.db, secret, deps.clock.now(), localeOf(req)) : null;
      if (ics === null) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="classes.ics"')
        .send(ics);
    });
  },
};
