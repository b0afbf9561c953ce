import type { MchInfo } from '@studio/contract/merchant';
import { Button } from 'antd-mobile';
import { EnvironmentOutline, PhoneFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useMchInfo } from '@/shared/merchant/mch-info';
import { navigateTo, switchTab } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { NoticeBell } from '@/shared/notices/notice-bell';
import { useIsLoggedIn, useUserInfo } from '@/shared/session/session';
import { FeaturedShop, useFeaturedGoods } from '@/shared/shop/featured';
import { Avatar } from '@/shared/ui/avatar';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { NextClassCard, TodayCard, useTodaySchedule, useUpcomingBookings } from '../components/class-cards';

/** Registered within this long ago: the member is greeted as new, not "welcome back". */
const NEW_MEMBER_MS = 24 * 3_600_000;

export function HomePage() {
  const { data, error, isPending, refetch } = useMchInfo();
  // The cards below the greeting appear together once their data has come (or a first attempt
  // failed: retries do not hold the others back), in place of one placeholder, so nothing already
  // on screen is pushed down as each arrives (layout shift).
  const featured = useFeaturedGoods();
  const cardsLoading = [useUpcomingBookings(), useTodaySchedule(), featured.passes, featured.goods].some(
    (query) => query.isLoading && query.failureCount === 0,
  );
  if (isPending) return <PageSkeleton rows={3} />;
  if (error) return <PageError error={error} onRetry={() => void refetch()} />;
  const { mchInfo } = data;
  return (
    <div className="stack">
      <StudioHeader mchInfo={mchInfo} />
      <WelcomeCard studio={mchInfo.name} />
      {cardsLoading ? (
        <PageSkeleton rows={2} />
      ) : (
        <>
          <NextClassCard />
          <TodayCard />
          <FeaturedShop />
          {(mchInfo.address || mchInfo.phone) && <VisitCard mchInfo={mchInfo} />}
        </>
      )}
    </div>
  );
}

function StudioHeader({ mchInfo }: { mchInfo: MchInfo }) {
  return (
    <header className="studio-header">
      <Avatar src={mchInfo.logo || null} name={mchInfo.name} size={56} />
      <div>
        <h1 className="page-heading">{mchInfo.name}</h1>
        {mchInfo.description && <p className="secondary">{mchInfo.description}</p>}
      </div>
      <NoticeBell />
    </header>
  );
}

function WelcomeCard({ studio }: { studio: string }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const userInfo = useUserInfo();
  if (loggedIn) {
    const name = userInfo?.nickname || userInfo?.username || '';
    const registered = userInfo?.register_date ? Date.parse(userInfo.register_date) : 0;
    const isNew = Date.now() - registered < NEW_MEMBER_MS;
    return (
      <section className="card welcome-card">
        <h2 className="section-title">{t(isNew ? 'home.welcomeNew' : 'home.welcomeBack', { name, studio })}</h2>
        <p className="secondary">{t(isNew ? 'home.welcomeNewText' : 'home.welcomeBackText', { studio })}</p>
        {isNew && (
          <div className="button-row">
            <Button color="primary" onClick={() => switchTab(paths.reservation)}>
              {t('home.browse')}
            </Button>
            <Button color="primary" fill="outline" onClick={() => switchTab(paths.order)}>
              {t('shop.buyPass')}
            </Button>
          </div>
        )}
      </section>
    );
  }
  return (
    <section className="card welcome-card">
      <h2 className="section-title">{t('home.welcome', { studio })}</h2>
      <p className="secondary">{t('home.welcomeText')}</p>
      <div className="button-row">
        <Button color="primary" onClick={() => navigateTo(paths.login)}>
          {t('account.login.submit')}
        </Button>
        <Button color="primary" fill="outline" onClick={() => navigateTo(paths.register)}>
          {t('account.register.submit')}
        </Button>
      </div>
    </section>
  );
}

function VisitCard({ mchInfo }: { mchInfo: MchInfo }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="visit-title">
      <h2 id="visit-title" className="section-title">
        {t('home.visit')}
      </h2>
      <ul className="fact-list">
        {mchInfo.address && (
          <li>
            <EnvironmentOutline aria-hidden="true" />
            <span>{mchInfo.address}</span>
          </li>
        )}
        {mchInfo.phone && (
          <li>
            <PhoneFill aria-hidden="true" />
            <a href={`tel:${mchInfo.phone.replace(/\s+/g, '')}`}>{mchInfo.phone}</a>
          </li>
        )}
      </ul>
    </section>
  );
}
