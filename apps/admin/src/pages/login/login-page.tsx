import { accountCalls } from '@studio/contract/account';
import { isStaff } from '@studio/contract/permissions';
import { account } from '@studio/contract/validators';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { call } from '@/shared/api/client';
import { requiredRule, zodRule } from '@/shared/forms/forms';
import { isTokenValid, saveLogin, useUser } from '@/shared/session/session';

interface LoginFields {
  username: string;
  password: string;
}

/** Only a path inside the back office: never an absolute URL someone put in a link. */
function safeRedirect(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') ? value : '/';
}

/** Staff sign in with the same accounts as the member app (username, e-mail or mobile and password). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginFields>();
  const [busy, setBusy] = useState(false);
  const user = useUser();
  const redirect = safeRedirect(params.get('redirect'));

  if (user && isTokenValid() && isStaff(user)) return <Navigate to={redirect} replace />;

  const submit = async (fields: LoginFields) => {
    setBusy(true);
    try {
      const result = await call(accountCalls.login, fields, { silent: true });
      saveLogin(result);
      await navigate(redirect, { replace: true });
    } catch (e) {
      form.setFields([{ name: 'password', errors: [(e as Error).message] }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login-screen">
      <Card className="login-card">
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          {t('login.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('login.intro')}</Typography.Paragraph>
        <Form<LoginFields> form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
          <Form.Item name="username" label={t('login.account')} rules={[requiredRule(), zodRule(account)]}>
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[requiredRule()]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
