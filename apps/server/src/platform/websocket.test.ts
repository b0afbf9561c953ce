import { accountCalls } from '@studio/contract/account';
import { WS_CLOSE, type WsServerMessage } from '@studio/contract/realtime';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAvailable, TEST_REDIS_URL } from '../testing/redis';
import { createTestApp, type TestApp } from '../testing/test-app';
import { FORCE_LOGOUT } from './realtime';
import { TOKEN_TTL_MS } from './tokens';

const hasRedis = await redisAvailable();

type Message = WsServerMessage & Record<string, unknown>;

/** Data of real push events of the contract (notifyUser takes no other). */
const notice = { course_name: 'Yin Yoga', starts_at: '2026-12-03T18:00:00.000Z' };
const promoted = (session_id: string) => ({ ...notice, session_id, reservation_id: `r-${session_id}` });
const calledOff = (session_id: string) => ({ ...notice, session_id, reason: 'Flood', entry_id: `e-${session_id}` });

interface TestSocket {
  send(message: object | string): void;
  /** The next message the server sent (waits for it). */
  next(): Promise<Message>;
  /** Resolves with the close code once the server closed the socket. */
  closed: Promise<number>;
  cid?: string;
}

async function openSocket(app: FastifyInstance): Promise<TestSocket> {
  const ws = await app.injectWS('/ws');
  const queue: Message[] = [];
  const waiting: ((message: Message) => void)[] = [];
  ws.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as Message;
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return {
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next: () => {
      const queued = queue.shift();
      return queued ? Promise.resolve(queued) : new Promise((resolve) => waiting.push(resolve));
    },
    closed,
  };
}

/** Opens a socket and completes the handshake of the spec; answers the socket with its cid. */
async function connect(app: FastifyInstance, token: string, channel = 'default'): Promise<TestSocket> {
  const socket = await openSocket(app);
  socket.send({ url: 'connect', channel, uniIdToken: token, clientInfo: { platform: 'h5' }, data: {} });
  expect(await socket.next()).toEqual({ url: 'connect', channel, status: 0, msg: 'created' });
  expect(await socket.next()).toEqual({ url: 'connect', channel, status: 1, msg: 'open' });
  const confirmed = await socket.next();
  expect(confirmed).toEqual({ url: 'connect', channel, status: 2, msg: 'confirmed', cid: expect.any(String) });
  socket.cid = confirmed.cid as string;
  return socket;
}

/** Nothing else is pending on the socket: a ping is answered before anything sent after it. */
async function expectQuiet(socket: TestSocket) {
  socket.send({ url: 'ping', channel: 'default' });
  expect(await socket.next()).toMatchObject({ event: 'pong' });
}

describe('websocket (one instance)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers connect with status 0, 1 and 2 with a connection id, then pings with pong', async () => {
    const member = await t.register();
    const first = await connect(t.app, member.vk_uni_token.token, 'orders');
    const second = await connect(t.app, member.vk_uni_token.token);
    expect(first.cid).not.toBe(second.cid);
    first.send({ url: 'ping', channel: 'orders' });
    expect(await first.next()).toMatchObject({ event: 'pong', channel: 'orders' });
    first.send('ping');
    expect(await first.next()).toMatchObject({ event: 'pong' });
  });

  it('answers a bad or missing token with invalid-token and closes', async () => {
    for (const uniIdToken of ['not-a-token', undefined]) {
      const socket = await openSocket(t.app);
      socket.send({ url: 'connect', channel: 'default', uniIdToken, clientInfo: { locale: 'zh-Hans' } });
      expect(await socket.next()).toMatchObject({ status: 0 });
      const refused = await socket.next();
      expect(refused).toMatchObject({ event: 'invalid-token', code: 30204 });
      expect(refused.msg).toContain('token');
      expect(refused.msg).toContain('未登录');
      expect(await socket.closed).toBe(WS_CLOSE.invalidToken);
    }
  });

  it('refuses a socket whose first message is not connect', async () => {
    const socket = await openSocket(t.app);
    socket.send({ url: 'ping', channel: 'default' });
    expect(await socket.next()).toMatchObject({ event: 'invalid-token', code: 30204 });
    expect(await socket.closed).toBe(WS_CLOSE.invalidToken);
  });

  it('answers unreadable and unknown messages with an error event and stays open', async () => {
    const member = await t.register();
    const socket = await connect(t.app, member.vk_uni_token.token);
    socket.send('{not json');
    expect(await socket.next()).toMatchObject({ event: 'error', code: 'INVALID_BODY' });
    socket.send({ channel: 'default' });
    expect(await socket.next()).toMatchObject({
      event: 'error',
      code: 'INVALID_PARAM',
      msg: expect.stringContaining('url'),
    });
    socket.send({ url: 'client/nothing.here', channel: 'default' });
    expect(await socket.next()).toMatchObject({ event: 'error', code: 'FUNCTION_NOT_FOUND' });
    await expectQuiet(socket);
  });

  it('delivers notifyUser to every socket of that member only, and broadcast to all', async () => {
    const member = await t.register();
    const bystander = await t.register();
    const phone = await connect(t.app, member.vk_uni_token.token);
    const laptop = await connect(t.app, member.vk_uni_token.token, 'orders');
    const other = await connect(t.app, bystander.vk_uni_token.token);

    await t.app.realtime.notifyUser(member.uid, { type: 'waitlistPromoted', data: promoted('s1') });
    expect(await phone.next()).toEqual({ event: 'waitlistPromoted', channel: 'default', data: promoted('s1') });
    expect(await laptop.next()).toEqual({ event: 'waitlistPromoted', channel: 'orders', data: promoted('s1') });
    await expectQuiet(other);

    await t.app.realtime.broadcast({ type: 'sessionCancelled', data: calledOff('n1') });
    for (const socket of [phone, laptop, other]) {
      expect(await socket.next()).toMatchObject({ event: 'sessionCancelled', data: calledOff('n1') });
    }
  });

  it('closes a socket once its token has expired instead of delivering to it', async () => {
    const member = await t.register();
    const socket = await connect(t.app, member.vk_uni_token.token);
    const later = await t.register();
    t.clock.advance(TOKEN_TTL_MS - 60_000);
    // A member who logs in now holds a token with a week to run.
    const fresh = await t.call(accountCalls.login, {
      username: later.userInfo.username!,
      password: later.password,
    });
    const live = await connect(t.app, fresh.vk_uni_token.token);
    await t.app.realtime.notifyUser(member.uid, { type: 'waitlistPromoted', data: promoted('s1') });
    expect(await socket.next()).toMatchObject({ event: 'waitlistPromoted' });

    t.clock.advance(60_000);
    await t.app.realtime.notifyUser(member.uid, { type: 'waitlistPromoted', data: promoted('s2') });
    const told = await socket.next();
    expect(told).toMatchObject({ event: 'invalid-token', code: 30203 });
    expect(told.msg).toContain('token');
    expect(await socket.closed).toBe(WS_CLOSE.invalidToken);
    await t.app.realtime.broadcast({ type: 'sessionCancelled', data: calledOff('n2') });
    expect(await live.next()).toMatchObject({ event: 'sessionCancelled' });
  });

  it('on forceLogout closes the sockets whose token was revoked, and only those', async () => {
    const member = await t.register();
    const revokedToken = member.vk_uni_token.token;
    const login = await t.call(accountCalls.login, {
      username: member.userInfo.username!,
      password: member.password,
    });
    const revoked = await connect(t.app, revokedToken);
    const live = await connect(t.app, login.vk_uni_token.token);

    expect((await t.call(accountCalls.logout, {}, { token: revokedToken })).code).toBe(0);
    await t.app.realtime.notifyUser(member.uid, { type: FORCE_LOGOUT, data: { reason: 'logout' } });

    const told = await revoked.next();
    expect(told).toMatchObject({ event: 'force-logout', code: 30202 });
    expect(told.msg).toContain('token');
    expect(await revoked.closed).toBe(WS_CLOSE.forceLogout);
    await expectQuiet(live);
  });
});

describe.skipIf(!hasRedis)('websocket across instances (Redis)', () => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ config: { REDIS_URL: TEST_REDIS_URL } });
    other = await t.anotherInstance();
  });
  afterAll(() => t.close());

  it('delivers an event published on one instance to a socket held by another', async () => {
    const member = await t.register();
    const onOther = await connect(other, member.vk_uni_token.token);
    const onThis = await connect(t.app, member.vk_uni_token.token);
    await t.app.realtime.notifyUser(member.uid, { type: 'waitlistPromoted', data: promoted('A1') });
    // Through Redis, once each: on the other instance and on this one.
    expect(await onOther.next()).toMatchObject({ event: 'waitlistPromoted', data: promoted('A1') });
    expect(await onThis.next()).toMatchObject({ event: 'waitlistPromoted', data: promoted('A1') });
    await expectQuiet(onOther);
    await expectQuiet(onThis);
  });

  it('closes a revoked socket on another instance', async () => {
    const member = await t.register();
    const socket = await connect(other, member.vk_uni_token.token);
    await t.call(accountCalls.logout, {}, { token: member.vk_uni_token.token });
    await t.app.realtime.notifyUser(member.uid, { type: FORCE_LOGOUT, data: { reason: 'logout' } });
    expect(await socket.next()).toMatchObject({ event: 'force-logout', code: 30202 });
    expect(await socket.closed).toBe(WS_CLOSE.forceLogout);
  });
});
