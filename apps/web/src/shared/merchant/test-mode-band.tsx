import { ExclamationShieldOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useMchInfo } from './mch-info';
import './test-mode-band.css';

/**
 * While the studio offers a way to pay that moves no real money (the sandbox test card), a slim band
 * at the top of every page says so (UI.md: test mode is visible). It takes its own line above the
 * page, so it never covers what is under it; nothing at all otherwise.
 */
export function TestModeBand() {
  const { t } = useTranslation();
  const testMode = useMchInfo().data?.mchInfo.test_mode === true;
  if (!testMode) return null;
  return (
    <aside className="test-mode-band" aria-label={t('common.testMode.label')}>
      <ExclamationShieldOutline aria-hidden="true" />
      <span>{t('common.testMode.band')}</span>
    </aside>
  );
}
