import { useQuery } from '@tanstack/react-query';
import { ExclamationShieldOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { queryClient } from '@/shared/api/query-client';
import { mchInfoQuery } from './mch-info';
import { servedInTestMode } from './served-test-mode';
import './test-mode-band.css';

/**
 * While the studio offers a way to pay that moves no real money (the sandbox test card), a slim band
 * at the top of every page says so (UI.md: test mode is visible). It takes its own line above the
 * page, so it never covers what is under it; nothing at all otherwise. Until the studio's info has
 * arrived, the page's own mark says (the frame painted it from there already: app/shell.ts).
 */
export function TestModeBand() {
  const { t } = useTranslation();
  // Read, not fetched: every page's RouteFrame fetches the studio's info. The app's query client is
  // named rather than taken from context, since the tab frame renders outside a provider (and must
  // fetch nothing) in the shell's markup test, as useUnreadNotices does.
  const { data: testMode } = useQuery(
    { ...mchInfoQuery, enabled: false, select: (answer) => answer.mchInfo.test_mode },
    queryClient,
  );
  if (!(testMode ?? servedInTestMode())) return null;
  return (
    <aside className="test-mode-band" aria-label={t('common.testMode.label')}>
      <ExclamationShieldOutline aria-hidden="true" />
      <span>{t('common.testMode.band')}</span>
    </aside>
  );
}
