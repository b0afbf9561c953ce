// A fair floor: the bare Fastify route serving the very bytes the real call answers, measured right
// before the real call in the same run. A constant 60-byte object would make any call with a large
// answer look slow for serializing and sending what the floor never had to.
import type { LoadResult } from './load';
import type { RunningServer } from './servers';

export interface SameBytesRun {
  /** The real call's answer, as the bare route was told to serve it. */
  answerBytes: number;
  /** `/bare`: the answer as an object, serialized by Fastify on every request. */
  bare: LoadResult;
  /** `/bare-text`: the same bytes already serialized. */
  bareText: LoadResult;
  real: LoadResult;
}

/** The real call's answer as text (POST, path form), failing unless it is code 0. */
export async function answerText(
  baseUrl: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body ?? {}),
  });
  const text = await res.text();
  if ((JSON.parse(text) as { code?: unknown }).code !== 0) throw new Error(`${path} answered ${text.slice(0, 300)}`);
  return text;
}

/**
 * Hands the bare server the real call's answer, then measures `/bare`, `/bare-text` and the real
 * call one after the other. A renewed token (vk_uni_token) would make answers differ: the bench's
 * tokens are fresh, so none is renewed.
 */
export async function againstSameBytes(
  bare: RunningServer,
  real: RunningServer,
  path: string,
  body: unknown,
  headers: Record<string, string> | undefined,
  load: (server: RunningServer, path: string, body: unknown, headers?: Record<string, string>) => Promise<LoadResult>,
): Promise<SameBytesRun> {
  const text = await answerText(real.url, path, body, headers);
  await bare.setup('answer', text);
  const bareResult = await load(bare, '/bare', {});
  const bareTextResult = await load(bare, '/bare-text', {});
  const realResult = await load(real, path, body, headers);
  return { answerBytes: Buffer.byteLength(text), bare: bareResult, bareText: bareTextResult, real: realResult };
}
