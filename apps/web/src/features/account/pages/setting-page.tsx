import { Button, List } from 'antd-mobile';
import { BellOutline, GlobalOutline, LockOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { paths } from '@/shared/navigation/paths';
import { useIsLoggedIn } from '@/shared/session/session';
import { ListLink } from '@/shared/ui/app-link';
import { confirmDialog } from '@/shared/ui/confirm-dialog';
import { signOut } from '../api/sign-out';

export function SettingPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [runSignOut, signingOut] = useLockedAction(signOut);

  async function confirmSignOut(): Promise<void> {
    const confirmed = await confirmDialog({
      content: t('account.setting.signOutConfirm'),
      confirmText: t('account.setting.signOut'),
      cancelText: t('common.cancel'),
    });
    if (confirmed) await runSignOut();
  }

  return (
    <div className="stack">
      <List>
        <ListLink to={paths.settingInfo} prefix={<UserOutline aria-hidden="true" />} title={t('account.info.title')} />
        <ListLink
          to={paths.accountSecurity}
          prefix={<LockOutline aria-hidden="true" />}
          title={t('account.security.title')}
        />
        <ListLink
          to={paths.notificationSettings}
          prefix={<BellOutline aria-hidden="true" />}
          title={t('notificationSettings.title')}
        />
        <ListLink
          to={paths.language}
          prefix={<GlobalOutline aria-hidden="true" />}
          title={t('account.language.title')}
          extra={t('common.languageName')}
        />
      </List>
      {loggedIn && (
        <Button
          block
          size="large"
          color="danger"
          fill="outline"
          loading={signingOut}
          loadingText={t('account.setting.signOut')}
          onClick={() => void confirmSignOut()}
        >
          {t('account.setting.signOut')}
        </Button>
      )}
    </div>
  );
}
