import type { MchInfo } from '@studio/contract/merchant';
import { Button, Skeleton } from 'antd-mobile';
import { EnvironmentOutline, PhoneFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNow } from '@/shared/classes/use-now';
import { useMchInfo } from '@/shared/merchant/mch-info';
import { navigateTo, switchTab } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { NoticeBell } from '@/shared/notices/notice-bell';
import { useIsLoggedIn, useUserInfo } from '@/shared/session/session';
import { FeaturedShop, useFeaturedGoods } from '@/shared/shop/featured';
import { Avatar } from '@/shared/ui/avatar';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import {
  NextClassCard,
  TeachingTodayCard,
  TodayCard,
  usablePackages,
  useIsTeacher,
  useMyPackagesForHome,
  useTeachingNext,
  useTodaySchedule,
  useUpcomingBookings,
} from '../components/class-cards';

/** Registered within this long ago: the member is greeted as new, not "welcome back". */
const NEW_MEMBER_MS = 24 * 3_600_000;

/**
 * What home leads with, from the member's state (UI.md: a card that told them to buy a pass goes
 * once they hold one): a teacher, today's classes they teach; no package that can book, how to get
 * one; a booked class, that class (its card follows); a package and nothing booked, a way to book.
 * `unknown` while an answer is missing (a failed call): the greeting alone.
 */
export type HomeState = 'teacher' | 'needsPass' | 'booked' | 'canBook' | 'unknown';

function useHomeState(): { state: HomeState; credits: number; loading: boolean } {
  const now = useNow();
  const teacher = useIsTeacher();
  const packages = useMyPackagesForHome();
  const upcoming = useUpcomingBookings();
  const loading = [packages, upcoming].some((query) => query.isLoading && query.failureCount === 0);
  const usable = usablePackages(packages.data?.rows ?? [], now);
  const credits = usable.reduce((sum, pkg) => sum + pkg.remaining_count, 0);
  const booked = (upcoming.data?.rows ?? []).some((r) => Date.parse(r.session.ends_at) > now);
  let state: HomeState = 'unknown';
  if (teacher) state = 'teacher';
  else if (booked) state = 'booked';
  else if (packages.isSuccess) state = usable.length === 0 ? 'needsPass' : 'canBook';
  return { state, credits, loading };
}

export function HomePage() {
  const { data, error, isPending, refetch } = useMchInfo();
  const home = useHomeState();
  // The cards below the greeting appear together once their data has come (or a first attempt
  // failed: retries do not hold the others back), in place of one placeholder, so nothing already
  // on screen is pushed down as each arrives (layout shift).
  const featured = useFeaturedGoods();
  const today = useTodaySchedule();
  const teaching = useTeachingNext();
  const cardsLoading =
    home.loading ||
    [today, teaching, featured.passes, featured.goods].some((query) => query.isLoading && query.failureCount === 0);
  if (isPending) return <PageSkeleton rows={3} />;
  if (error) return <PageError error={error} onRetry={() => void refetch()} />;
  const { mchInfo } = data;
  return (
    <div className="stack">
      <StudioHeader mchInfo={mchInfo} />
      <WelcomeCard studio={mchInfo.name} state={home.state} credits={home.credits} loading={home.loading} />
      {cardsLoading ? (
        <PageSkeleton rows={2} />
      ) : (
        <>
          {home.state === 'teacher' && <TeachingTodayCard />}
          <NextClassCard />
          {/* A teacher's today is the classes they teach (above); members' classes are a tab away. */}
          {home.state !== 'teacher' && <TodayCard />}
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

interface WelcomeCardProps {
  studio: string;
  state: HomeState;
  credits: number;
  /** What the member holds and has booked is still coming: the greeting shows, what to do next waits. */
  loading: boolean;
}

function WelcomeCard({ studio, state, credits, loading }: WelcomeCardProps) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const userInfo = useUserInfo();
  if (loggedIn) {
    const name = userInfo?.nickname || userInfo?.username || '';
    const registered = userInfo?.register_date ? Date.parse(userInfo.register_date) : 0;
    const isNew = Date.now() - registered < NEW_MEMBER_MS;
    const text = {
      teacher: t('home.teacherText'),
      needsPass: isNew ? t('home.welcomeNewText') : t('home.needPassText'),
      booked: t('home.bookedText'),
      canBook: t('home.canBookText', { count: credits }),
      unknown: isNew ? t('home.welcomeNewPlain', { studio }) : t('home.welcomeBackText', { studio }),
    }[state];
    return (
      <section className="card welcome-card">
        <h2 className="section-title">{t(isNew ? 'home.welcomeNew' : 'home.welcomeBack', { name, studio })}</h2>
        {loading ? <Skeleton.Paragraph lineCount={2} animated /> : <p className="secondary">{text}</p>}
        {!loading && state === 'needsPass' && (
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
