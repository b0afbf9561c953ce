import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ResetPasswordForm } from '../components/reset-password-form';

export function ForgetPage() {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <p className="secondary">{t('account.forget.intro')}</p>
      <div className="card">
        <Tabs defaultActiveKey="email">
          <Tabs.Tab key="email" title={t('account.forget.byEmail')}>
            <ResetPasswordForm kind="email" />
          </Tabs.Tab>
          <Tabs.Tab key="sms" title={t('account.forget.bySms')}>
            <ResetPasswordForm kind="mobile" />
          </Tabs.Tab>
        </Tabs>
      </div>
    </div>
  );
}
