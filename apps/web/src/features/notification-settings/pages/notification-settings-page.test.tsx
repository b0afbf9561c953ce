import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { showToast } = vi.hoisted(() => ({ showToast: vi.fn<(text: string) => void>() }));
vi.mock('@/shared/ui/feedback', async (original) => ({
  ...(await original<typeof import('@/shared/ui/feedback')>()),
  showToast,
}));

import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { base64UrlToBytes } from '@/shared/push/push-device';
import { FAKE_ENDPOINT, FAKE_KEYS, installFakePush, removeFakePush } from '@/testing/fake-push';
import { fakeChannelServer, memberSettings, signIn, signOut, VAPID_KEY } from '../testing/fake-server';
import { NotificationSettingsPage } from './notification-settings-page';

const server = fakeChannelServer();

beforeEach(() => {
  queryClient.clear();
  server.calls.length = 0;
  server.settings = memberSettings();
  server.vapidKey = VAPID_KEY;
  server.refuseSet = null;
  server.holdSet = null;
  showToast.mockClear();
  signIn();
});
afterEach(() => {
  cleanup();
  removeFakePush();
});
afterAll(() => {
  signOut();
  vi.unstubAllGlobals();
});

const open = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/pages/user/setting/notifications']}>
        <NotificationSettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** A promise the test settles when it chooses. */
function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const category = (name: string) => screen.getByRole('region', { name });
const channel = (categoryName: string, channelName: string) =>
  within(category(categoryName)).getByRole('switch', { name: channelName });
const isOn = (element: HTMLElement) => element.getAttribute('aria-checked') === 'true';
const callsTo = (url: string) => server.calls.filter((c) => c.url === url);
const masterSwitch = () => screen.findByRole('switch', { name: 'Push notifications on this device' });
/** The page with this device subscribed, so every channel can be switched. */
const openSubscribed = async () => {
  installFakePush('granted', base64UrlToBytes(VAPID_KEY));
  open();
  await screen.findByRole('region', { name: 'Offers' });
  await waitFor(async () => expect(isOn(await masterSwitch())).toBe(true));
};

describe('the notification settings page', () => {
  it('shows the defaults: in the app always, classes, orders and announcements on, offers off', async () => {
    await openSubscribed();
    expect(screen.getByText('In the app').closest('.adm-list-item')?.textContent).toContain('Always on');
    const expected = {
      'Classes & bookings': true,
      'Orders & payments': true,
      'Studio announcements': true,
      Offers: false,
    };
    for (const [name, on] of Object.entries(expected)) {
      expect(isOn(channel(name, 'E-mail')), `${name} e-mail`).toBe(on);
      expect(isOn(channel(name, 'Push on this device')), `${name} push`).toBe(on);
      expect(within(category(name)).queryByRole('switch', { name: 'Text message' })).toBeNull();
    }
    expect(callsTo('client/notice.setPreferences')).toEqual([]);
  });

  it('offers text messages under classes only, where the studio sends them', async () => {
    server.settings = memberSettings({ available: { email: true, sms: true, push: true } });
    await openSubscribed();
    expect(isOn(channel('Classes & bookings', 'Text message'))).toBe(true);
    for (const name of ['Orders & payments', 'Studio announcements', 'Offers'])
      expect(within(category(name)).queryByRole('switch', { name: 'Text message' })).toBeNull();
  });

  it('saves a switch at once, sending only that change, and keeps what the server answered', async () => {
    const answer = deferred();
    server.holdSet = answer.promise;
    await openSubscribed();
    fireEvent.click(channel('Offers', 'E-mail'));
    // Moved before the server answers.
    await waitFor(() => expect(isOn(channel('Offers', 'E-mail'))).toBe(true));
    expect(server.settings.preferences.offers.email).toBe(false);
    answer.resolve();
    server.holdSet = null;
    await waitFor(() => expect(callsTo('client/notice.setPreferences')).toHaveLength(1));
    expect(callsTo('client/notice.setPreferences')[0]?.data).toEqual({ preferences: { offers: { email: true } } });
    expect(server.settings.preferences.offers).toEqual({ email: true, sms: false, push: false });

    fireEvent.click(channel('Classes & bookings', 'Push on this device'));
    await waitFor(() => expect(callsTo('client/notice.setPreferences')).toHaveLength(2));
    expect(callsTo('client/notice.setPreferences')[1]?.data).toEqual({ preferences: { classes: { push: false } } });
    expect(isOn(channel('Classes & bookings', 'Push on this device'))).toBe(false);
    expect(isOn(channel('Offers', 'E-mail'))).toBe(true);
  });

  it('puts a switch back and says why when saving fails', async () => {
    server.refuseSet = 'SYSTEM_ERROR';
    const answer = deferred();
    server.holdSet = answer.promise;
    await openSubscribed();
    fireEvent.click(channel('Studio announcements', 'E-mail'));
    await waitFor(() => expect(isOn(channel('Studio announcements', 'E-mail'))).toBe(false));
    answer.resolve();
    await waitFor(() => expect(isOn(channel('Studio announcements', 'E-mail'))).toBe(true));
    expect(showToast).toHaveBeenCalledWith('Something went wrong on our side. Please try again later.');
  });

  it('explains e-mail that cannot reach the member: no address (with the way to add one)', async () => {
    server.settings = memberSettings({ email: null, available: { email: false, sms: false, push: true } });
    await openSubscribed();
    for (const name of ['Classes & bookings', 'Offers']) {
      const email = channel(name, 'E-mail');
      expect(isOn(email)).toBe(false);
      expect(email.getAttribute('aria-disabled')).toBe('true');
      const link = within(category(name)).getByRole('link', { name: 'Add an e-mail address to get these' });
      expect(link.getAttribute('href')).toBe('#/pages/user/setting/update-mailbox');
      expect(email.getAttribute('aria-describedby')).toBe(link.parentElement?.id);
    }
    fireEvent.click(channel('Orders & payments', 'E-mail'));
    expect(callsTo('client/notice.setPreferences')).toEqual([]);
  });

  it('explains channels the studio has off', async () => {
    server.settings = memberSettings({ available: { email: false, sms: false, push: false } });
    server.vapidKey = null;
    installFakePush('default');
    open();
    await screen.findByRole('region', { name: 'Offers' });
    const email = channel('Classes & bookings', 'E-mail');
    expect(email.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      "The studio doesn't send these",
    );
    const push = channel('Classes & bookings', 'Push on this device');
    expect(document.getElementById(push.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      "The studio doesn't send these",
    );
    expect(await screen.findByText("The studio doesn't send push notifications.")).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Push notifications on this device' })).toBeNull();
  });
});

describe('push on this device', () => {
  it('says so when the browser cannot push, and offers no switch', async () => {
    open();
    expect(await screen.findByText(/This browser can't show push notifications/)).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Push notifications on this device' })).toBeNull();
    await screen.findByRole('region', { name: 'Offers' });
    // Push per category needs this device first; e-mail does not.
    const push = channel('Classes & bookings', 'Push on this device');
    expect(push.getAttribute('aria-disabled')).toBe('true');
    expect(channel('Classes & bookings', 'E-mail').getAttribute('aria-disabled')).toBe('false');
  });

  it('says how to allow notifications again when the member blocked them', async () => {
    installFakePush('denied');
    open();
    expect(
      await screen.findByText(/Notifications are blocked for this site.*site settings in your browser/),
    ).toBeTruthy();
    expect(screen.getByText('Blocked')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Push notifications on this device' })).toBeNull();
  });

  it('turns on from off: asks for the permission, subscribes with the studio key, tells the server', async () => {
    const device = installFakePush('default');
    open();
    const master = await masterSwitch();
    await waitFor(() => expect(master.getAttribute('aria-disabled')).toBe('false'));
    expect(isOn(master)).toBe(false);
    expect(device.requestPermission).not.toHaveBeenCalled();
    await screen.findByRole('region', { name: 'Offers' });
    expect(channel('Offers', 'Push on this device').getAttribute('aria-disabled')).toBe('true');

    fireEvent.click(master);
    // Asked within the tap itself, before anything was awaited.
    expect(device.requestPermission).toHaveBeenCalledOnce();
    await waitFor(() => expect(callsTo('client/push.subscribe')).toHaveLength(1));
    const options = device.subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    expect(Buffer.from(options?.applicationServerKey as Uint8Array)).toEqual(Buffer.from(VAPID_KEY, 'base64url'));
    expect(callsTo('client/push.subscribe')[0]?.data).toEqual({ endpoint: FAKE_ENDPOINT, keys: FAKE_KEYS });
    await waitFor(() =>
      expect(isOn(screen.getByRole('switch', { name: 'Push notifications on this device' }))).toBe(true),
    );
    expect(showToast).toHaveBeenCalledWith('Push notifications are on');
    expect(channel('Offers', 'Push on this device').getAttribute('aria-disabled')).toBe('false');
  });

  it('shows the blocked state when the member says no to the prompt', async () => {
    const device = installFakePush('default');
    device.answer = 'denied';
    open();
    const master = await masterSwitch();
    await waitFor(() => expect(master.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(master);
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeTruthy();
    expect(device.subscribe).not.toHaveBeenCalled();
    expect(callsTo('client/push.subscribe')).toEqual([]);
  });

  it('is on when subscribed (and tells the server again), and turns off in the browser and on the server', async () => {
    const device = installFakePush('granted', base64UrlToBytes(VAPID_KEY));
    open();
    const master = await masterSwitch();
    await waitFor(() => expect(isOn(master)).toBe(true));
    await waitFor(() => expect(callsTo('client/push.subscribe')).toHaveLength(1));

    fireEvent.click(master);
    await waitFor(() => expect(callsTo('client/push.unsubscribe')).toHaveLength(1));
    expect(callsTo('client/push.unsubscribe')[0]?.data).toEqual({ endpoint: FAKE_ENDPOINT });
    expect(device.unsubscribed).toEqual([FAKE_ENDPOINT]);
    await waitFor(() => expect(isOn(master)).toBe(false));
    expect(device.requestPermission).not.toHaveBeenCalled();
  });
});
