import type { AddressRecord } from '@studio/contract/addresses';
import { MAX_ADDRESSES } from '@studio/contract/addresses';
import { Button, SwipeAction, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { addressLine, useAddresses } from '@/shared/addresses/addresses';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { navigateTo } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { showToast } from '@/shared/ui/feedback';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { deleteAddress, setDefaultAddress } from '../api/addresses';
import './addresses.css';
import { confirmDialog } from '@/shared/ui/confirm-dialog';
import { PhoneText } from '@/shared/ui/phone-text';

/** user/address/list: the member's delivery addresses, the default first; edit, make default, delete. */
export function AddressListPage() {
  const { t } = useTranslation();
  const { data, error, isPending, refetch } = useAddresses();
  if (isPending) return <PageSkeleton rows={2} />;
  if (error) return <PageError error={error} onRetry={() => void refetch()} />;
  const rows = data.rows;
  return (
    <div className="stack address-page">
      {rows.length === 0 ? (
        <ClassesEmpty title={t('addresses.empty')} />
      ) : (
        <ul className="address-list" aria-label={t('addresses.title')}>
          {rows.map((a) => (
            <AddressRow key={a._id} address={a} />
          ))}
        </ul>
      )}
      <div className="action-bar-spacer" />
      <div className="action-bar">
        <Button
          block
          color="primary"
          disabled={rows.length >= MAX_ADDRESSES}
          onClick={() => navigateTo(paths.addressEdit)}
        >
          {t('addresses.add')}
        </Button>
        {rows.length >= MAX_ADDRESSES && (
          <p className="action-bar-note">{t('addresses.full', { max: MAX_ADDRESSES })}</p>
        )}
      </div>
    </div>
  );
}

function AddressRow({ address }: { address: AddressRecord }) {
  const { t } = useTranslation();
  const remove = async () => {
    if (
      await confirmDialog({
        content: t('addresses.deleteConfirm'),
        confirmText: t('addresses.delete'),
        cancelText: t('addresses.keep'),
      })
    ) {
      await deleteAddress(address._id);
      showToast(t('addresses.deleted'));
    }
  };
  return (
    <li>
      <SwipeAction
        rightActions={[{ key: 'delete', text: t('addresses.delete'), color: 'danger', onClick: () => void remove() }]}
      >
        <div className="card address-card">
          <div className="address-head">
            <strong>{address.contact}</strong>
            <span className="secondary">
              <PhoneText value={address.phone} />
            </span>
            {address.is_default && <Tag color="primary">{t('addresses.default')}</Tag>}
          </div>
          <p className="address-line">{addressLine(address)}</p>
          {address.company && <p className="secondary">{address.company}</p>}
          <div className="address-actions">
            {!address.is_default && (
              <Button size="small" fill="none" onClick={() => void setDefaultAddress(address._id)}>
                {t('addresses.makeDefault')}
              </Button>
            )}
            <Button size="small" fill="outline" onClick={() => navigateTo(`${paths.addressEdit}?_id=${address._id}`)}>
              {t('addresses.edit')}
            </Button>
            <Button
              size="small"
              fill="none"
              onClick={() => void remove()}
              aria-label={`${t('addresses.delete')} ${address.contact}`}
            >
              {t('addresses.delete')}
            </Button>
          </div>
        </div>
      </SwipeAction>
    </li>
  );
}
