import type { FormInstance } from 'antd';
import type { z } from 'zod';
import { issueMessage, placeFieldError } from './forms';

/**
 * Checks a save's whole input with the call's own zod schema before it is sent, so a rule that spans
 * fields (a refine over the object: an end after its start, a maximum over a minimum) is refused in
 * the form exactly as the server would refuse it, each issue beside the field its path names. A
 * per-field rule (zodRule) sees one value and cannot hold those. Answers whether the input passed.
 */
export function checkWholeForm(
  form: FormInstance,
  schema: z.ZodType,
  input: unknown,
  fieldOf: (path: PropertyKey[]) => (string | number)[] | null = (path) =>
    path.filter((p): p is string | number => typeof p !== 'symbol'),
): boolean {
  let result: ReturnType<z.ZodType['safeParse']>;
  try {
    result = schema.safeParse(input);
  } catch {
    // A schema with an asynchronous rule cannot be checked here: the server checks it.
    return true;
  }
  if (result.success) return true;
  let placed = false;
  const seen = new Set<string>();
  for (const issue of result.error.issues) {
    const name = fieldOf(issue.path);
    if (!name || name.length === 0) continue;
    const key = JSON.stringify(name);
    if (seen.has(key)) continue;
    seen.add(key);
    if (placeFieldError(form, name, issueMessage(issue), { scroll: !placed })) placed = true;
  }
  // An issue no field of the form shows (a field it leaves to the server) is the server's to answer.
  return !placed;
}
