import type { UserInfo } from '@studio/contract/account';
import { Badge, Button, List } from 'antd-mobile';
import {
  BellOutline,
  CalendarOutline,
  ClockCircleOutline,
  EnvironmentOutline,
  GiftOutline,
  HeartOutline,
  QuestionCircleOutline,
  ScanningOutline,
  SetOutline,
  ShopbagOutline,
  TagOutline,
  TeamOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { couponLinks, useUsableCouponCount } from '@/shared/coupons/coupons';
import { useFormat } from '@/shared/format/use-format';
import { loginUrl, navigateTo } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { useUnreadNotices } from '@/shared/notices/unread-notices';
import { OrderShortcuts } from '@/shared/orders/order-shortcuts';
import { useIsLoggedIn } from '@/shared/session/session';
import { AppLink, ListLink } from '@/shared/ui/app-link';
import { Avatar } from '@/shared/ui/avatar';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { useMyInfo } from '../api/my-info';

export function ProfilePage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const { data, error, isPending, refetch } = useMyInfo(loggedIn);
  const unreadNotices = useUnreadNotices();

  return (
    <div className="stack">
      {!loggedIn ? (
        <LoginPrompt />
      ) : isPending ? (
        <PageSkeleton rows={1} />
      ) : error ? (
        <PageError error={error} onRetry={() => void refetch()} />
      ) : (
        <MemberCard userInfo={data.userInfo} />
      )}
      {loggedIn && <OrderShortcuts />}
      {loggedIn && (
        <List>
          <ListLink
            to={paths.noticeList}
            prefix={<BellOutline aria-hidden="true" />}
            title={
              <>
                {t('notices.title')}
                {unreadNotices > 0 && (
                  <span className="visually-hidden">, {t('notices.unreadCount', { count: unreadNotices })}</span>
                )}
              </>
            }
            extra={unreadNotices > 0 && <Badge content={unreadNotices} aria-hidden="true" />}
          />
          <ListLink
            to={paths.reservations}
            prefix={<CalendarOutline aria-hidden="true" />}
            title={t('reservations.title')}
          />
          <ListLink
            to={paths.coursePurchased}
            prefix={<TagOutline aria-hidden="true" />}
            title={t('classes.packages.title')}
          />
          <ListLink
            to={paths.courseWait}
            prefix={<ClockCircleOutline aria-hidden="true" />}
            title={t('classes.waitlist.title')}
          />
          <ListLink to={paths.goodsCart} prefix={<ShopbagOutline aria-hidden="true" />} title={t('shop.cartTitle')} />
          <ListLink to={paths.collect} prefix={<HeartOutline aria-hidden="true" />} title={t('shop.collectTitle')} />
          <ListLink to={paths.invite} prefix={<GiftOutline aria-hidden="true" />} title={t('invite.title')} />
          <ListLink
            to={paths.addressList}
            prefix={<EnvironmentOutline aria-hidden="true" />}
            title={t('addresses.title')}
          />
          {data?.userInfo.role.includes('teacher') && (
            <ListLink
              to={paths.teacherWorkbench}
              prefix={<TeamOutline aria-hidden="true" />}
              title={t('teacher.workbench.title')}
            />
          )}
          {data?.userInfo.is_verify_staff && (
            <ListLink
              to={paths.verifyScan}
              prefix={<ScanningOutline aria-hidden="true" />}
              title={t('teacher.verify.title')}
            />
          )}
        </List>
      )}
      {loggedIn && (
        <List>
          <ListLink
            to={paths.settingInfo}
            prefix={<UserOutline aria-hidden="true" />}
            title={t('account.info.title')}
          />
          <ListLink to={paths.setting} prefix={<SetOutline aria-hidden="true" />} title={t('account.setting.title')} />
          <ListLink
            to={paths.serviceCenter}
            prefix={<QuestionCircleOutline aria-hidden="true" />}
            title={t('feedback.center.title')}
          />
        </List>
      )}
    </div>
  );
}

function LoginPrompt() {
  const { t } = useTranslation();
  return (
    <section className="card member-card">
      <div className="member-row">
        <span className="avatar avatar-initials" style={{ width: 64, height: 64 }} aria-hidden="true">
          <UserOutline fontSize={28} />
        </span>
        <div>
          <h2 className="section-title">{t('profile.anonymousTitle')}</h2>
          <p className="secondary">{t('profile.anonymousText')}</p>
        </div>
      </div>
      <div className="button-row">
        <Button color="primary" onClick={() => navigateTo(loginUrl(paths.profile))}>
          {t('account.login.submit')}
        </Button>
        <Button color="primary" fill="outline" onClick={() => navigateTo(paths.register)}>
          {t('account.register.submit')}
        </Button>
      </div>
    </section>
  );
}

function MemberCard({ userInfo }: { userInfo: UserInfo }) {
  const { t } = useTranslation();
  const format = useFormat();
  const name = userInfo.nickname || userInfo.username || t('profile.member');
  const coupons = useUsableCouponCount(true).data?.usable;
  return (
    <section className="card member-card" aria-label={t('profile.memberCard')}>
      <div className="member-row">
        <Avatar src={userInfo.avatar} name={name} size={64} />
        <div>
          <h2 className="section-title">{name}</h2>
          {userInfo.username && userInfo.username !== name && <p className="secondary">@{userInfo.username}</p>}
        </div>
      </div>
      <dl className="figures-row">
        <div>
          <dt className="secondary">{t('profile.balance')}</dt>
          <dd className="figure">
            <AppLink to={paths.wallet} className="figure-link">
              {format.money(userInfo.account_balance.balance)}
            </AppLink>
          </dd>
        </div>
        <div>
          <dt className="secondary">{t('profile.points')}</dt>
          <dd className="figure">
            <AppLink to={paths.integral} className="figure-link">
              {userInfo.account_integral.balance}
            </AppLink>
          </dd>
        </div>
        <div>
          <dt className="secondary">{t('profile.coupons')}</dt>
          <dd className="figure">
            <AppLink to={couponLinks.list('usable')} className="figure-link">
              {coupons ?? '–'}
            </AppLink>
          </dd>
        </div>
      </dl>
    </section>
  );
}
