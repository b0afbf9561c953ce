import { vi } from 'vitest';

/*
 * A browser's Web Push as the tests need it: Notification's permission and its prompt, a service
 * worker registration whose PushManager hands out a subscription, each recording what it was asked.
 * jsdom has none of these, so without installFakePush the browser is one that cannot push.
 */

/** A P-256 public key's length in base64url (65 bytes), and a 16-byte auth secret's. */
const P256DH = `B${'Kq9'.repeat(28)}A_`;
const AUTH = 'Zm9yLXRoZS10ZXN0cy0xMg';

export interface FakePushDevice {
  permission: NotificationPermission;
  /** What the permission prompt answers. */
  answer: NotificationPermission;
  subscription: PushSubscription | null;
  requestPermission: ReturnType<typeof vi.fn<() => Promise<NotificationPermission>>>;
  subscribe: ReturnType<typeof vi.fn<(options: PushSubscriptionOptionsInit) => Promise<PushSubscription>>>;
  unsubscribed: string[];
}

export const FAKE_ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';

function fakeSubscription(device: FakePushDevice, key: ArrayBuffer): PushSubscription {
  const subscription = {
    endpoint: FAKE_ENDPOINT,
    expirationTime: null,
    options: { applicationServerKey: key, userVisibleOnly: true },
    getKey: () => null,
    toJSON: () => ({ endpoint: FAKE_ENDPOINT, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } }),
    unsubscribe: async () => {
      device.unsubscribed.push(FAKE_ENDPOINT);
      device.subscription = null;
      return true;
    },
  };
  return subscription as PushSubscription;
}

function bufferOf(key: BufferSource | string | null | undefined): ArrayBuffer {
  if (!key || typeof key === 'string') throw new Error('the tests subscribe with bytes');
  const view = ArrayBuffer.isView(key)
    ? new Uint8Array(key.buffer, key.byteOffset, key.byteLength)
    : new Uint8Array(key);
  return view.slice().buffer;
}

/** The subscription's keys as the server receives them. */
export const FAKE_KEYS = { p256dh: P256DH, auth: AUTH };

/**
 * Installs a browser that can push, with the permission given; `subscribedWith` (a VAPID key's
 * bytes) starts it already subscribed. Undo with removeFakePush (and vi.unstubAllGlobals).
 */
export function installFakePush(
  permission: NotificationPermission,
  subscribedWith?: Uint8Array<ArrayBuffer>,
): FakePushDevice {
  const device: FakePushDevice = {
    permission,
    answer: 'granted',
    subscription: null,
    requestPermission: vi.fn(async () => {
      device.permission = device.answer;
      return device.answer;
    }),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      device.subscription = fakeSubscription(device, bufferOf(options.applicationServerKey));
      return device.subscription;
    }),
    unsubscribed: [],
  };
  if (subscribedWith) device.subscription = fakeSubscription(device, bufferOf(subscribedWith));
  const registration = {
    pushManager: { getSubscription: async () => device.subscription, subscribe: device.subscribe },
  };
  vi.stubGlobal('PushManager', class PushManager {});
  vi.stubGlobal('Notification', {
    get permission() {
      return device.permission;
    },
    requestPermission: device.requestPermission,
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return device;
}

/** Back to jsdom's browser, which cannot push. */
export function removeFakePush(): void {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(globalThis, 'PushManager');
  Reflect.deleteProperty(globalThis, 'Notification');
}
