import { type AdminUserRow, adminUserCalls } from '@studio/contract/account';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Descriptions, Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { usePhoneFormat } from '@/shared/format/phone';
import { usePermission } from '@/shared/session/permissions';
import { Page, QueryState } from '@/shared/ui/page';
import { AccessCard } from './access-card';
import { SellPackageButton } from './desk-sale';
import { ReservationHistory, WaitlistHistory } from './history';
import { OrdersCard } from './orders-card';
import { PackagesCard } from './packages-card';
import { RoleTags } from './role-tags';
import { WalletCard } from './wallet-card';

/** One member: profile, packages, orders (and a package sold at the desk), history, roles and permissions. */
export function MemberPage() {
  const { id = '' } = useParams();
  const member = useQuery(callQuery(adminUserCalls.get, { _id: id }));
  return <QueryState query={member}>{(data) => <MemberView user={data.user} />}</QueryState>;
}

function MemberView({ user }: { user: AdminUserRow }) {
  const { t } = useTranslation('members');
  const format = useFormat();
  const phone = usePhoneFormat();
  const canPackages = usePermission('packages.manage');
  const canClasses = usePermission('classes.manage');
  const canWallet = usePermission('orders.manage');
  const canNotices = usePermission('notices.manage');
  const canDesk = usePermission('orders.desk');
  const name = user.nickname || user.username || user._id;
  return (
    <Page
      title={name}
      subtitle={<RoleTags user={user} />}
      extra={
        <Flex gap={16} align="center">
          {canNotices && (
            // The e-mails, texts and pushes this member was sent: the delivery log, narrowed to them.
            <Link to={`/deliveries?user_id=${encodeURIComponent(user._id)}`}>{t('noticesSent')}</Link>
          )}
          {canDesk && <SellPackageButton user={user} />}
        </Flex>
      }
    >
      <Flex gap={16} wrap style={{ marginBottom: 16 }} align="stretch">
        <Card size="small" title={t('profile.title')} style={{ flex: '1 1 420px' }}>
          <Flex gap={16} align="start">
            <Avatar size={64} src={user.avatar ?? undefined} alt="">
              {name.slice(0, 1)}
            </Avatar>
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'username', label: t('list.username'), children: user.username ?? '—' },
                { key: 'mobile', label: t('list.mobile'), children: user.mobile ? phone(user.mobile) : '—' },
                { key: 'email', label: t('list.email'), children: user.email ?? '—' },
                { key: 'registered', label: t('list.registered'), children: format.dateTime(user.register_date) },
              ]}
            />
          </Flex>
        </Card>
        <AccessCard user={user} />
      </Flex>
      {canPackages && <PackagesCard userId={user._id} />}
      {canDesk && <OrdersCard userId={user._id} />}
      {canWallet && <WalletCard userId={user._id} />}
      {canWallet && <WalletCard userId={user._id} book="points" />}
      {canClasses || canPackages ? (
        <Card size="small" style={{ marginTop: 16 }}>
          <Tabs
            items={[
              {
                key: 'reservations',
                label: t('history.reservations'),
                children: <ReservationHistory userId={user._id} />,
              },
              { key: 'waitlist', label: t('history.waitlist'), children: <WaitlistHistory userId={user._id} /> },
            ]}
          />
        </Card>
      ) : null}
    </Page>
  );
}
