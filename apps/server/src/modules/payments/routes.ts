import { SANDBOX_NOTIFY_PATH, SANDBOX_SIGNATURE_HEADER } from '@studio/contract/payments';
import type { RawRoute } from '../../platform/raw-routes';
import { receiveSandboxNotification } from './service';
import { settlers } from './settlements';

/**
 * `POST /api/pay/notify/sandbox`: the sandbox provider's notification, its signature over the raw
 * body (so the body is read as text, never re-serialized). 200 means "received, do not send again".
 */
export const paymentRoutes: RawRoute = {
  name: 'payment notifications',
  register(app, deps) {
    app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
        done(null, body),
      );
      scope.post(SANDBOX_NOTIFY_PATH, async (req, reply) => {
        const raw = typeof req.body === 'string' ? req.body : '';
        const signature = req.headers[SANDBOX_SIGNATURE_HEADER];
        const answer = await receiveSandboxNotification(
          { db: deps.db, deps: deps.deps, log: req.log },
          settlers,
          deps.deps.sandboxSecret,
          raw,
          typeof signature === 'string' ? signature : undefined,
          deps.clock.now(),
        );
        return reply.status(answer.status).send({ received: answer.status === 200, outcome: answer.outcome });
      });
    });
  },
};
