import type { AdminAnnouncement } from '@studio/contract/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { useSession } from '@/shared/session/session';
import { prepareAntdInJsdom } from '@/shared/testing/antd-jsdom';
import { NoticeEditor } from './notice-editor';
import { SCHEDULED_NOTICE } from './notice-fixture';

/** What the editor sent, by call url. */
const sent = vi.hoisted(() => [] as { url: string; input: unknown }[]);

const COURSES = [
  { _id: 'c1', name: 'Morning Flow' },
  { _id: 'c2', name: 'Pilates Basics' },
];
const STUDIO = { mchInfo: { timezone: 'Asia/Shanghai', currency: 'GBP' }, appInfo: {} };

vi.mock('@/shared/api/client', () => {
  const answer = (url: string, input: unknown) => {
    if (url === 'client/pub.getMchInfo') return STUDIO;
    if (url === 'admin/course.getList') return { rows: COURSES, total: COURSES.length, hasMore: false };
    if (url === 'admin/notice.save') {
      sent.push({ url, input });
      return { notice: { status: 'published', publish_at: '2030-01-01T00:00:00.000Z' } };
    }
    throw new Error(`unexpected call ${url}`);
  };
  return {
    call: async (def: { url: string }, input: unknown) => answer(def.url, input),
    callQuery: (def: { url: string }, input: unknown) => ({
      queryKey: [def.url, input],
      queryFn: async () => answer(def.url, input),
    }),
    adminHeaders: () => ({}),
    errorText: (name: string) => name,
  };
});

const scheduled = SCHEDULED_NOTICE;

beforeAll(prepareAntdInJsdom);

beforeEach(() => {
  sent.length = 0;
  useSession.setState({
    token: 't',
    tokenExpired: Date.now() + 3_600_000,
    user: { role: ['admin'], permission: [] } as never,
  });
});
afterEach(cleanup);

/** Opens the editor once the studio (its timezone) is known, as the back office's frame has it loaded. */
async function openEditor(editing: AdminAnnouncement | 'new') {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queries.setQueryData(['client/pub.getMchInfo', {}], STUDIO);
  render(
    <QueryClientProvider client={queries}>
      <App>
        <NoticeEditor editing={editing} onClose={() => {}} />
      </App>
    </QueryClientProvider>,
  );
  return screen.findByRole('dialog');
}

/** Types into a rich-text box as a browser would: ProseMirror reads the DOM change back. */
async function typeRich(box: HTMLElement, text: string) {
  await act(async () => {
    const p = box.querySelector('p') ?? box.appendChild(document.createElement('p'));
    p.textContent = text;
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

async function save(dialog: HTMLElement) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
}

describe('the announcement editor', { timeout: 20_000 }, () => {
  it('sends a scheduled course announcement back with its languages, courses, days and time', async () => {
    const dialog = await openEditor(scheduled);
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveProperty('value', 'Closed on Monday');
    await save(dialog);
    await waitFor(() => expect(sent).toHaveLength(1));
    // What it was, field for field (the time read back through the studio's clock), with no image.
    const { _id, title, content, audience, course_ids, course_days, pinned, publish_at, link } = scheduled;
    expect(sent[0]?.input).toEqual({
      ...{ _id, title, content, audience, course_ids, course_days, pinned, publish_at, link },
      image: '',
    });
  });

  it('drops the courses once the audience is all members', async () => {
    const dialog = await openEditor(scheduled);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Members' }));
    await save(dialog);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.input).toMatchObject({ audience: 'members' });
    expect(sent[0]?.input).not.toHaveProperty('course_ids');
    expect(sent[0]?.input).not.toHaveProperty('course_days');
  });

  it('writes a new announcement in two languages, published now', async () => {
    const dialog = await openEditor('new');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: 'Workshop' } });
    await typeRich(within(dialog).getByRole('textbox', { name: 'Text (English)' }), 'Saturday at ten.');
    fireEvent.click(within(dialog).getByRole('tab', { name: '简体中文' }));
    const hans = within(dialog).getByRole('tabpanel', { name: '简体中文' });
    fireEvent.change(within(hans).getByRole('textbox', { name: 'Title' }), { target: { value: '工作坊' } });
    await typeRich(within(hans).getByRole('textbox', { name: 'Text (简体中文)' }), '周六十点。');
    await save(dialog);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.input).toEqual({
      title: { en: 'Workshop', 'zh-Hans': '工作坊' },
      content: { en: '<p>Saturday at ten.</p>', 'zh-Hans': '<p>周六十点。</p>' },
      audience: 'all',
      pinned: false,
      image: '',
      link: '',
    });
  });

  it('refuses a title without its text, on that language’s tab', async () => {
    const dialog = await openEditor('new');
    fireEvent.click(within(dialog).getByRole('tab', { name: '繁體中文' }));
    const hant = within(dialog).getByRole('tabpanel', { name: '繁體中文' });
    fireEvent.change(within(hant).getByRole('textbox', { name: 'Title' }), { target: { value: '工作坊' } });
    fireEvent.click(within(dialog).getByRole('tab', { name: 'English' }));
    await save(dialog);
    expect(await within(dialog).findByText('Add the text in this language, or clear its title')).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: '繁體中文' }).getAttribute('aria-selected')).toBe('true');
    expect(sent).toHaveLength(0);
  });
});
