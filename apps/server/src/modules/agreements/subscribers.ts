import { inTransaction, type Subscriber } from '../../platform/events';
import { recordRegistration } from './service';

/** A new member accepted the versions of the user agreement and privacy policy the register form showed them. */
export const agreementSubscribers: Subscriber[] = [
  inTransaction('member.registered', 'agreements.recordRegistration', (work, e) =>
    recordRegistration(work.tx, e.payload.user_id, e.payload.agreements, e.at),
  ),
];
