import { VALIDATION_KEYS } from '@studio/contract/validators';
import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';

const keys: ReadonlySet<string> = new Set(VALIDATION_KEYS);

/**
 * The text of a field error. The contract's validators use the message as the catalogue key
 * (`validation.<key>`); zod's own messages (an empty required field, a wrong type) map to generic ones.
 */
export function fieldErrorText(
  t: TFunction,
  error: Pick<FieldError, 'message' | 'type'> | undefined,
): string | undefined {
  if (!error) return undefined;
  if (error.message && keys.has(error.message)) return t(`validation.${error.message}`);
  if (error.type === 'too_small') return t('validation.required');
  return t('validation.invalid');
}
