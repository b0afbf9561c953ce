import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { merchantCalls } from './merchant';
import { type CallOutput, type CallRef, callRef } from './protocol-core';

describe('protocol core', () => {
  it('loads no zod: it imports only types', () => {
    const source = readFileSync(new URL('./protocol-core.ts', import.meta.url), 'utf8');
    const imports = [...source.matchAll(/^import .*$/gm)].map((m) => m[0]);
    expect(imports.length).toBeGreaterThan(0);
    for (const line of imports) expect(line).toMatch(/^import type /);
  });

  it('refers to a call by its url, typed by its definition', () => {
    const ref = callRef<typeof merchantCalls.getMchInfo>('client/pub.getMchInfo');
    expect(ref).toEqual({ url: 'client/pub.getMchInfo' });
    expectTypeOf(ref).toEqualTypeOf<CallRef<typeof merchantCalls.getMchInfo>>();
    expectTypeOf<CallOutput<NonNullable<(typeof ref)['def']>>>().toHaveProperty('mchInfo');
    // @ts-expect-error the url must be the definition's own
    callRef<typeof merchantCalls.getMchInfo>('client/pub.getMchInf');
  });
});
