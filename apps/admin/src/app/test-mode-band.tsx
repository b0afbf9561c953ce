import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStudio } from '@/shared/format/format';
import { usePermission } from '@/shared/session/permissions';
import './test-mode-band.css';

/** Where staff switch the test payment method off (the Payments card of Settings). */
export const PAYMENT_SETTINGS_HREF = '/settings#payments';

/**
 * While members are offered a way to pay that moves no real money (the sandbox test card, Stripe with
 * test keys), a band across the top of every back-office page says so (UI.md: test mode is visible),
 * with the way to Settings → Payments for staff who may change it.
 */
export function TestModeBand() {
  const { t } = useTranslation();
  const testMode = useStudio().data?.mchInfo.test_mode === true;
  const canSettings = usePermission('settings.manage');
  if (!testMode) return null;
  return (
    <aside className="test-mode-band" aria-label={t('testMode.label')}>
      <WarningOutlined aria-hidden="true" />
      <span>{t('testMode.band')}</span>
      {canSettings && <Link to={PAYMENT_SETTINGS_HREF}>{t('testMode.link')}</Link>}
    </aside>
  );
}
