import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/shared/api/query-client';
import { handleClassEvent } from './class-events';

const show = vi.fn();
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: (...args: unknown[]) => show(...args) } }));

beforeEach(() => {
  show.mockReset();
  queryClient.clear();
});

describe('handleClassEvent', () => {
  it('refetches class queries and tells the member about a waitlist promotion', async () => {
    queryClient.setQueryData(['client/course.getMyWaitlist', { status: 'waiting' }], { rows: [] });
    queryClient.setQueryData(['client/course.pub_getSessionDetail', { _id: 's1' }, 'u1'], {});
    queryClient.setQueryData(['client/pub.getMchInfo', {}], {
      mchInfo: { timezone: 'Europe/London' },
    });
    const handled = handleClassEvent({
      event: 'waitlistPromoted',
      data: { session_id: 's1', course_name: 'Vinyasa Flow', starts_at: '2026-12-03T18:00:00.000Z' },
    });
    expect(handled).toBe(true);
    const state = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(state(['client/course.getMyWaitlist', { status: 'waiting' }])).toBe(true);
    expect(state(['client/course.pub_getSessionDetail', { _id: 's1' }, 'u1'])).toBe(true);
    expect(state(['client/pub.getMchInfo', {}])).toBe(false);
    await vi.waitFor(() => expect(show).toHaveBeenCalledOnce());
    const { props } = (show.mock.calls[0] as [{ content: { props: { children: string } } }])[0].content;
    expect(props.children).toBe('You got a seat in Vinyasa Flow on Thu 3 Dec, 18:00. One credit was used.');
  });

  it('leaves other events alone', () => {
    expect(handleClassEvent({ event: 'orderStatus', data: {} })).toBe(false);
    expect(show).not.toHaveBeenCalled();
  });
});
