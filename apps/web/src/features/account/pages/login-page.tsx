import { INVITE_CODE_PARAM } from '@studio/contract/invite-link';
import { Tabs } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { inviteQuery, rememberInvite } from '@/shared/invite/pending-invite';
import { paths, REDIRECT_PARAM } from '@/shared/navigation/paths';
import { AppLink } from '@/shared/ui/app-link';
import { CodeLoginForm } from '../components/code-login-form';
import { PasswordLoginForm } from '../components/password-login-form';

export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const returnTo = params.get(REDIRECT_PARAM);
  // Register keeps the destination too, so a new member also lands where they were going.
  // An invite link may land here: a code log-in that makes an account is attributed by this device.
  const linkCode = params.get(INVITE_CODE_PARAM) ?? '';
  useEffect(() => rememberInvite(linkCode), [linkCode]);
  const registerTo = inviteQuery(
    returnTo ? `${paths.register}?${new URLSearchParams({ [REDIRECT_PARAM]: returnTo })}` : paths.register,
    linkCode,
  );

  return (
    <div className="stack">
      <div>
        <h2 className="page-heading">{t('account.login.heading')}</h2>
        <p className="secondary">{t('account.login.subheading')}</p>
      </div>
      <div className="card">
        <Tabs defaultActiveKey="password">
          <Tabs.Tab key="password" title={t('account.login.byPassword')}>
            <PasswordLoginForm returnTo={returnTo} />
          </Tabs.Tab>
          <Tabs.Tab key="email" title={t('account.login.byEmail')}>
            <CodeLoginForm kind="email" returnTo={returnTo} />
          </Tabs.Tab>
          <Tabs.Tab key="sms" title={t('account.login.bySms')}>
            <CodeLoginForm kind="mobile" returnTo={returnTo} />
          </Tabs.Tab>
        </Tabs>
      </div>
      <div className="form-links">
        <AppLink to={registerTo}>{t('account.login.toRegister')}</AppLink>
        <AppLink to={paths.forget}>{t('account.login.toForget')}</AppLink>
      </div>
    </div>
  );
}
