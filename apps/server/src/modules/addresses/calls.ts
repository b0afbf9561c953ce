import { addressCalls } from '@studio/contract/addresses';
import { handle } from '../../platform/protocol';
import { studioPhone } from '../merchant';
import * as addresses from './service';

export const addressHandlers = [
  handle(addressCalls.getList, async (_input, ctx) => ({
    rows: (await addresses.listAddresses(ctx.db, ctx.user.uid)).map(addresses.toAddressRecord),
  })),
  handle(addressCalls.save, async (input, ctx) => ({
    // Any number (a landline too), read with the studio's country and kept in E.164.
    address: addresses.toAddressRecord(
      await addresses.saveAddress(ctx, { ...input, phone: await studioPhone(ctx, input.phone, 'any') }),
    ),
  })),
  handle(addressCalls.delete, async (input, ctx) => {
    await addresses.deleteAddress(ctx, input._id);
    return {};
  }),
  handle(addressCalls.setDefault, async (input, ctx) => ({
    address: addresses.toAddressRecord(await addresses.setDefaultAddress(ctx, input._id)),
  })),
];
