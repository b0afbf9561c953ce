import { describe, expect, it } from 'vitest';
import { AppError, fail } from './errors';

describe('fail', () => {
  it('throws the named error with its params and data', () => {
    expect(() => fail('CANCEL_WINDOW_CLOSED', { hours: 24 })).toThrow(AppError);
    try {
      fail('COURSE_FULL', {}, { session_id: 's1' });
    } catch (error) {
      expect(error).toMatchObject({ name: 'COURSE_FULL', params: {}, data: { session_id: 's1' } });
    }
  });

  it('is typed by the error’s schemas: a wrong or missing param does not compile', () => {
    const attempts = [
      // @ts-expect-error the message needs {hours}
      () => fail('CANCEL_WINDOW_CLOSED'),
      // @ts-expect-error no such param
      () => fail('CANCEL_WINDOW_CLOSED', { hourz: 24 }),
      // @ts-expect-error hours is a number
      () => fail('CANCEL_WINDOW_CLOSED', { hours: '24' }),
      // @ts-expect-error NOT_FOUND's message takes no params
      () => fail('NOT_FOUND', { id: 'x' }),
      // @ts-expect-error COURSE_FULL's data names the session
      () => fail('COURSE_FULL', {}, { session: 's1' }),
      () => {
        // @ts-expect-error an error without data carries none
        throw new AppError('ALREADY_BOOKED', {}, { extra: 1 });
      },
    ];
    for (const attempt of attempts) expect(attempt).toThrow(AppError);
  });
});

describe('AppError', () => {
  it('is an answer, not a fault: no stack trace is captured, and other errors keep theirs', () => {
    const limit = Error.stackTraceLimit;
    const refusal = new AppError('COURSE_FULL', {}, { session_id: 's1' });
    expect(refusal.stack).not.toMatch(/\n\s+at /);
    expect(refusal).toMatchObject({ name: 'COURSE_FULL', data: { session_id: 's1' } });
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error('fault').stack).toMatch(/\n\s+at /);
  });
});
