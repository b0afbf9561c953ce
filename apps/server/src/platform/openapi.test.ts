import { PERMISSIONS } from '@studio/contract/permissions';
import { accessGroupOf, defineCall, noInput } from '@studio/contract/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../testing/test-app';
import { handlePub } from './protocol';

interface TreeNode {
  _id: string;
  children: TreeNode[];
}
const treeNode: z.ZodType<TreeNode> = z.object({
  _id: z.string(),
  get children() {
    return z.array(treeNode);
  },
});
/** A recursive answer: its definitions must land in components, with refs that resolve. */
const extraCalls = [
  handlePub(defineCall('client/test.pub_tree', noInput, z.object({ rows: z.array(treeNode) })), async () => ({
    rows: [],
  })),
];

type Json = Record<string, unknown>;
let t: TestApp;
let doc: Json & { paths: Record<string, { post: Json }>; components: Json };
beforeAll(async () => {
  t = await createTestApp({ extraCalls });
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

function refsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsOf);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) => (key === '$ref' && typeof v === 'string' ? [v] : refsOf(v)));
}

/** An answer schema, or each alternative of a union answer. */
function alternativesOf(schema: Json): Json[] {
  const union = (schema.oneOf ?? schema.anyOf) as Json[] | undefined;
  return union ?? [schema];
}

function resolve(ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, part) => (node as Json | undefined)?.[part], doc);
}

describe('OpenAPI document', () => {
  it('lists every registered call as POST /api/<url> with its request body and answer', () => {
    const urls = [...t.app.callRegistry.keys()].filter((url) => accessGroupOf(url) !== 'private');
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) {
      const op = doc.paths[`/api/${url}`]?.post;
      if (!op) throw new Error(`${url} is not in the document`);
      const body = op.requestBody as { content: { 'application/json': { schema: Json } } };
      expect(body.content['application/json'].schema, url).toMatchObject({ type: 'object' });
      const ok = (op.responses as Json)['200'] as { content: { 'application/json': { schema: Json } } };
      for (const answer of alternativesOf(ok.content['application/json'].schema)) {
        expect(answer, url).toMatchObject({ properties: { code: { const: 0 }, msg: { type: 'string' } } });
      }
    }
  });

  it('describes inputs and outputs from the contract', () => {
    const login = doc.paths['/api/user/pub/login']!.post as Json;
    const body = (login.requestBody as { content: { 'application/json': { schema: Json } } }).content[
      'application/json'
    ].schema;
    expect(body).toMatchObject({
      properties: { username: { type: 'string' }, password: { type: 'string' } },
      required: ['username', 'password'],
    });
    expect(login.security).toEqual([]);
    const answer = JSON.stringify(login.responses);
    expect(answer).toContain('vk_uni_token');
    expect(answer).toContain('needUpdateUserInfo');
    expect(answer).not.toMatch(/password_?hash/i);
    expect(doc.paths['/api/user/kh/getMyUserInfo']!.post.security).toEqual([{ uniIdToken: [] }]);
    expect(doc.paths['/api/router']).toBeDefined();
  });

  it('names the permission each admin call needs', () => {
    const save = doc.paths['/api/admin/course.save']!.post;
    expect(save['x-permission']).toBe('classes.manage');
    expect(save.description).toContain('`classes.manage`');
    expect(doc.paths['/api/admin/user.setRoles']!.post['x-permission']).toBe('members.manage');
    expect(doc.paths['/api/user/kh/getMyUserInfo']!.post['x-permission']).toBeUndefined();
  });

  it('has every admin call declare its permission', () => {
    const sys = [...t.app.callRegistry.values()].filter(({ def }) => accessGroupOf(def.url) === 'sys');
    expect(sys.length).toBeGreaterThan(10);
    const named = new Set<string>([...PERMISSIONS, 'staff']);
    for (const { def } of sys) expect(named.has(def.permission ?? ''), def.url).toBe(true);
  });

  it('has only references that resolve', () => {
    const refs = refsOf(doc);
    expect(refs.some((ref) => ref.includes('client.test.pub_tree'))).toBe(true);
    for (const ref of new Set(refs)) expect(resolve(ref), ref).toBeDefined();
  });

  it('is browsable at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('health check', () => {
  it('answers ok with the kind of database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.kind });
  });
});
