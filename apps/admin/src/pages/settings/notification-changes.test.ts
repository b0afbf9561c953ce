import { describe, expect, it } from 'vitest';
import { SAVED_STUDIO } from './merchant-fixture';
import { type NotificationFields, notificationChanges, notificationFieldsOf } from './notification-changes';

const SAVED = notificationFieldsOf(SAVED_STUDIO);

const edited = (change: (f: NotificationFields) => void) => {
  const fields = notificationFieldsOf(SAVED_STUDIO);
  change(fields);
  return fields;
};

describe('notificationChanges', () => {
  it.each<[string, (f: NotificationFields) => void, unknown]>([
    ['nothing changed', () => {}, {}],
    ['e-mail off', (f) => (f.notice_channels.email = false), { notice_channels: { email: false } }],
    [
      'text messages on, for reminders too',
      (f) => {
        f.notice_channels.sms = true;
        f.notice_channels.sms_types = [...f.notice_channels.sms_types, 'classReminder'];
      },
      {
        notice_channels: {
          sms: true,
          sms_types: ['sessionCancelled', 'reservationCancelled', 'waitlistPromoted', 'classReminder'],
        },
      },
    ],
    // The same types ticked in another order are no change.
    ['sms types reordered', (f) => f.notice_channels.sms_types.reverse(), {}],
    [
      'sender name, spaces trimmed',
      (f) => (f.notice_channels.sender_name = '  Lotus Yoga '),
      {
        notice_channels: { sender_name: 'Lotus Yoga' },
      },
    ],
    ['sender name with spaces only around it', (f) => (f.notice_channels.sender_name = ' Lotus '), {}],
    ['a rule', (f) => (f.delivery_tries = 5), { delivery_tries: 5 }],
    [
      'a rule and a channel',
      (f) => {
        f.class_reminder_hours = 0;
        f.notice_channels.push = false;
      },
      { class_reminder_hours: 0, notice_channels: { push: false } },
    ],
  ])('%s', (_, change, expected) => {
    expect(notificationChanges(edited(change), SAVED)).toEqual(expected);
  });
});
