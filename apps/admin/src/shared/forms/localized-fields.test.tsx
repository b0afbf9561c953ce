import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { prepareAntdInJsdom } from '@/shared/testing/antd-jsdom';
import { LocalizedFields, missingLanguages } from './localized-fields';

beforeAll(prepareAntdInJsdom);
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

function renderName(onFinish: (values: unknown) => void = () => {}, initial: Record<string, string> = {}) {
  render(
    <Form initialValues={{ name: initial }} onFinish={onFinish}>
      <LocalizedFields name="name" label="Name" required maxLength={40} />
      <Button htmlType="submit">Save</Button>
    </Form>,
  );
}

const type = (language: string, value: string) =>
  fireEvent.change(screen.getByLabelText(language), { target: { value } });

describe('a text written in every language', { timeout: 20_000 }, () => {
  it('says which languages are missing and what their readers see, as it is typed', async () => {
    renderName();
    // Nothing written yet: no warning (the required check speaks on save).
    expect(screen.queryByRole('status')).toBeNull();
    type('English', 'Morning Flow');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Not written in 简体中文 and 繁體中文: members using them see English.',
    );
    type('简体中文', '晨间流动');
    // Traditional Chinese readers fall back to Simplified Chinese first.
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Not written in 繁體中文: members using it see 简体中文.'),
    );
    type('繁體中文', '晨間流動');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('warns without blocking the save', async () => {
    const onFinish = vi.fn();
    renderName(onFinish, { 'zh-Hans': '晨间流动' });
    expect(screen.getByRole('status').textContent).toBe(
      'Not written in English and 繁體中文: members using them see 简体中文.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    expect(onFinish.mock.calls[0]?.[0]).toEqual({ name: { 'zh-Hans': '晨间流动' } });
  });

  it('speaks the back office’s language', async () => {
    await i18n.changeLanguage('zh-Hant');
    renderName(() => {}, { en: 'Morning Flow' });
    expect(screen.getByRole('status').textContent).toBe('未填寫简体中文和繁體中文：使用這些語言的會員將看到English。');
  });
});

describe('missingLanguages', () => {
  it('groups the missing languages by what their readers see; blanks count as missing', () => {
    expect(missingLanguages({ en: 'Flow', 'zh-Hant': '流動', 'zh-Hans': '  ' })).toEqual([
      { missing: ['zh-Hans'], shown: 'zh-Hant' },
    ]);
    expect(missingLanguages({ 'zh-Hans': '流动', 'zh-Hant': '流動' })).toEqual([{ missing: ['en'], shown: 'zh-Hans' }]);
    expect(missingLanguages({})).toEqual([]);
    expect(missingLanguages({ en: 'a', 'zh-Hans': 'b', 'zh-Hant': 'c' })).toEqual([]);
  });
});
