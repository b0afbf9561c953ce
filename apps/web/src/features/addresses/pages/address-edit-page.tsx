import { zodResolver } from '@hookform/resolvers/zod';
import { type AddressRecord, addressSaveInput } from '@studio/contract/addresses';
import { formatPhone } from '@studio/contract/phone';
import { phoneIn } from '@studio/contract/phone-schema';
import { Button, Checkbox } from 'antd-mobile';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useAddresses } from '@/shared/addresses/addresses';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { useMchInfo } from '@/shared/merchant/mch-info';
import { navigateBack } from '@/shared/navigation/navigation';
import { showToast } from '@/shared/ui/feedback';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { TextField } from '@/shared/ui/text-field';
import { saveAddress } from '../api/addresses';
import './addresses.css';

type Values = z.input<typeof addressSaveInput>;

const FIELDS = [
  ['contact', 40, 'name', 'text'],
  ['phone', 24, 'tel', 'tel'],
  ['address', 200, 'address-line1', 'text'],
  ['unit', 60, 'address-line2', 'text'],
  ['area', 60, 'address-level3', 'text'],
  ['city', 60, 'address-level2', 'text'],
  ['province', 60, 'address-level1', 'text'],
  ['postcode', 16, 'postal-code', 'text'],
  ['country', 60, 'country-name', 'text'],
  ['company', 100, 'organization', 'text'],
  ['id_number', 18, 'off', 'text'],
] as const;

/** user/address/edit?_id=: a new address, or one of the member's to change. */
export function AddressEditPage() {
  const [params] = useSearchParams();
  const id = params.get('_id');
  const { data, error, isPending, refetch } = useAddresses();
  if (!id) return <AddressForm />;
  if (isPending) return <PageSkeleton rows={3} />;
  if (error) return <PageError error={error} onRetry={() => void refetch()} />;
  return <AddressForm address={data.rows.find((a) => a._id === id)} />;
}

function AddressForm({ address }: { address?: AddressRecord }) {
  const { t } = useTranslation();
  // Any number, a landline too, read with the studio's country and sent in E.164 (contract phone.ts).
  const studioCountry = useMchInfo().data?.mchInfo.country;
  const schema = useMemo(
    () => (studioCountry ? addressSaveInput.extend({ phone: phoneIn(studioCountry, 'any') }) : addressSaveInput),
    [studioCountry],
  );
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: address
      ? {
          ...address,
          phone: studioCountry ? formatPhone(address.phone, studioCountry) : address.phone,
          is_default: address.is_default,
        }
      : { country: 'United Kingdom', company: '', id_number: '', is_default: false },
  });
  const [save, saving] = useLockedAction(async (values: Values) => {
    await saveAddress({ ...values, ...(address ? { _id: address._id } : {}) });
    showToast(t('common.saved'));
    navigateBack();
  });
  return (
    <form className="card form-card address-form" noValidate onSubmit={handleSubmit((v) => save(v as Values))}>
      {FIELDS.map(([name, max, autoComplete, type]) => (
        <TextField
          key={name}
          control={control}
          name={name}
          label={t(`addresses.fields.${name}`)}
          maxLength={max}
          autoComplete={autoComplete}
          type={type}
          hint={name === 'company' || name === 'id_number' ? t('addresses.optional') : undefined}
        />
      ))}
      <Controller
        control={control}
        name="is_default"
        render={({ field }) => (
          <Checkbox checked={Boolean(field.value)} onChange={field.onChange}>
            {t('addresses.setDefault')}
          </Checkbox>
        )}
      />
      <Button block color="primary" type="submit" loading={saving}>
        {t('addresses.save')}
      </Button>
    </form>
  );
}
