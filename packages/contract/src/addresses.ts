import { z } from 'zod';
import { defineCall, noInput } from './protocol';
import { ID_CARD_RE, id, PHONE_INPUT_RE } from './validators';

/*
 * The addresses module: a member's delivery addresses (spec section 3 "Address", section 5: every
 * field required but the company and the ID number; the phone's format checked).
 */

/** The most addresses one member keeps. */
export const MAX_ADDRESSES = 20;

const text = (max: number) => z.string().trim().min(1, 'required').max(max);

export const addressRecord = z.object({
  _id: z.string(),
  contact: z.string(),
  phone: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  address: z.string(),
  postcode: z.string(),
  unit: z.string(),
  company: z.string(),
  id_number: z.string(),
  is_default: z.boolean(),
});
export type AddressRecord = z.infer<typeof addressRecord>;

export const addressSaveInput = z
  .object({
    _id: id.optional(),
    contact: text(40),
    /** Any number (a landline too), read with the studio's country and stored in E.164 (PHONE_INVALID). */
    phone: z.string().trim().regex(PHONE_INPUT_RE, 'phone'),
    country: text(60),
    province: text(60),
    city: text(60),
    area: text(60),
    address: text(200),
    postcode: text(16),
    unit: text(60),
    company: z.string().trim().max(100).default(''),
    id_number: z
      .string()
      .trim()
      .refine((v) => v === '' || ID_CARD_RE.test(v), 'idCard')
      .default(''),
    is_default: z.boolean().optional(),
  })
  .strict();
export type AddressSaveInput = z.input<typeof addressSaveInput>;

export const addressCalls = {
  getList: defineCall('client/address.getList', noInput, z.object({ rows: z.array(addressRecord) })),
  /** Creates or edits one; the member's first address is the default. */
  save: defineCall('client/address.save', addressSaveInput, z.object({ address: addressRecord })),
  /** Deleting the default makes the most recently saved of the others the default. */
  delete: defineCall('client/address.delete', z.object({ _id: id }).strict(), z.object({})),
  setDefault: defineCall(
    'client/address.setDefault',
    z.object({ _id: id }).strict(),
    z.object({ address: addressRecord }),
  ),
} as const;
