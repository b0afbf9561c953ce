import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { ERROR_SHAPES, type ErrorArgs, errorParamsSchema } from './error-params';
import { ERRORS, type ErrorName, errorMessage } from './errors';
import { LOCALES } from './locale';

const placeholders = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('error params', () => {
  const names = Object.keys(ERRORS) as ErrorName[];

  it.each(names)('%s: every message interpolates exactly the params its schema names', (name) => {
    const expected = Object.keys(errorParamsSchema(name)?.shape ?? {}).sort();
    for (const locale of LOCALES) {
      expect(placeholders(ERRORS[name].msg[locale]), `${name} ${locale}`).toEqual(expected);
    }
  });

  it('fills every placeholder from params that pass the schema', () => {
    for (const name of names) {
      const schema = errorParamsSchema(name);
      if (!schema) continue;
      const sample = Object.fromEntries(
        Object.entries(schema.shape).map(([key, type]) => [key, type instanceof z.ZodString ? 'x' : 7]),
      );
      const params = schema.parse(sample) as Record<string, string | number>;
      for (const locale of LOCALES) expect(errorMessage(name, locale, params)).not.toMatch(/\{\w+\}/);
    }
  });

  it('names only errors of the catalogue', () => {
    for (const name of Object.keys(ERROR_SHAPES)) expect(ERRORS).toHaveProperty(name);
  });

  it('types the arguments of each error', () => {
    expectTypeOf<ErrorArgs<'CANCEL_WINDOW_CLOSED'>>().toEqualTypeOf<
      [params: { hours: number }, data?: Record<string, never>]
    >();
    expectTypeOf<NonNullable<ErrorArgs<'COURSE_FULL'>[1]>>().toHaveProperty('session_id');
    expectTypeOf<[]>().toExtend<ErrorArgs<'NOT_FOUND'>>();
    expectTypeOf<[]>().not.toExtend<ErrorArgs<'BOOKING_NOT_OPEN'>>();
  });
});
