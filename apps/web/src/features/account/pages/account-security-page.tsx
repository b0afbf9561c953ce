import { List } from 'antd-mobile';
import { KeyOutline, MailOutline, PhonebookOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/navigation/paths';
import { ListLink } from '@/shared/ui/app-link';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { PhoneText } from '@/shared/ui/phone-text';
import { useMyUserInfo } from '../api/user-info';
import { maskContact } from '../components/mask';

export function AccountSecurityPage() {
  const { t } = useTranslation();
  const { data, error, isPending, refetch } = useMyUserInfo();
  if (isPending) return <PageSkeleton rows={1} />;
  if (error) return <PageError error={error} onRetry={() => void refetch()} />;
  const { mobile, email, hasPassword } = data.userInfo;

  return (
    <List>
      <ListLink
        to={paths.updateMobile}
        prefix={<PhonebookOutline aria-hidden="true" />}
        title={t('account.fields.mobile')}
        extra={mobile ? <PhoneText value={mobile} masked /> : t('account.security.notBound')}
      />
      <ListLink
        to={paths.updateMailbox}
        prefix={<MailOutline aria-hidden="true" />}
        title={t('account.fields.email')}
        extra={email ? maskContact(email) : t('account.security.notBound')}
      />
      <ListLink
        to={paths.updatePassword}
        prefix={<KeyOutline aria-hidden="true" />}
        title={t('account.updatePassword.title')}
        extra={hasPassword ? undefined : t('account.info.notSet')}
      />
    </List>
  );
}
