import {
  type CenterCouponRecord,
  couponCalls,
  MEMBER_COUPON_TABS,
  type MemberCouponRecord,
} from '@studio/contract/coupons';
import { Button, Input, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedCall } from '@/shared/api/paged';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { PagedList } from '@/shared/classes/paged-list';
import { CouponCard } from '@/shared/coupons/coupon-card';
import { couponLinks } from '@/shared/coupons/coupons';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { navigateTo, openLogin } from '@/shared/navigation/navigation';
import { useTabParam } from '@/shared/navigation/use-tab-param';
import { useIsLoggedIn } from '@/shared/session/session';
import { showToast } from '@/shared/ui/feedback';
import { PageSkeleton } from '@/shared/ui/page-states';
import { claimCoupon, exchangeCode } from '../api/coupons';
import '../components/coupons.css';

const TABS = ['center', ...MEMBER_COUPON_TABS] as const;
type Tab = (typeof TABS)[number];

/** coupon/list: the coupon centre to claim from, and my coupons (usable, used, expired); redeem a code. */
export function CouponListPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [tab, selectTab] = useTabParam(TABS, 'center');
  return (
    <div className="stack">
      {loggedIn && <ExchangeBar onDone={() => selectTab('usable')} />}
      <Tabs className="list-tabs list-tabs-fit" activeKey={tab} onChange={selectTab}>
        {TABS.map((key) => (
          <Tabs.Tab key={key} title={t(`coupons.tabs.${key}`)} />
        ))}
      </Tabs>
      {tab === 'center' ? <Center /> : loggedIn ? <Mine key={tab} tab={tab} /> : <LoginFirst />}
    </div>
  );
}

function LoginFirst() {
  const { t } = useTranslation();
  return (
    <ClassesEmpty
      title={t('coupons.loginFirst')}
      action={
        <Button color="primary" onClick={() => openLogin()}>
          {t('coupons.login')}
        </Button>
      }
    />
  );
}

/** Redeem an exchange code (spec 5: the code must have the right length; the server checks it too). */
function ExchangeBar({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [submit, busy] = useLockedAction(async () => {
    const copy = await exchangeCode(code.trim());
    setCode('');
    showToast(t('coupons.exchanged', { name: copy.coupon.name }));
    onDone();
  });
  return (
    <form
      className="card exchange-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (code.trim()) void submit();
      }}
    >
      <Input
        aria-label={t('coupons.codeLabel')}
        placeholder={t('coupons.codePlaceholder')}
        value={code}
        onChange={(v) => setCode(v.toUpperCase())}
        maxLength={32}
      />
      <Button type="submit" color="primary" size="small" loading={busy} disabled={!code.trim()}>
        {t('coupons.exchange')}
      </Button>
    </form>
  );
}

function Center() {
  const { t } = useTranslation();
  const source = usePagedCall(couponCalls.getCenter, {});
  return (
    <PagedList
      source={source}
      skeleton={<PageSkeleton rows={3} />}
      empty={<ClassesEmpty title={t('coupons.empty.center')} />}
    >
      {(rows) => (
        <ul className="coupon-cards" aria-label={t('coupons.tabs.center')}>
          {rows.map((c) => (
            <li key={c._id}>
              <CenterCoupon coupon={c} />
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

/** A coupon on offer: Claim (login first), or why not (all claimed, limit reached), or Use now. */
export function CenterCoupon({ coupon }: { coupon: CenterCouponRecord }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [claim, claiming] = useLockedAction(async () => {
    if (!loggedIn) {
      openLogin();
      return;
    }
    await claimCoupon(coupon._id);
    showToast(t('coupons.claimed'));
  });
  const held = coupon.claimed_by_me > 0;
  return (
    <CouponCard
      coupon={coupon}
      muted={!coupon.can_claim && !held}
      onOpen={() => navigateTo(couponLinks.center(coupon._id))}
      note={held ? <span className="secondary">{t('coupons.youHave', { count: coupon.claimed_by_me })}</span> : null}
      action={
        coupon.can_claim ? (
          <Button size="small" color="primary" loading={claiming} onClick={() => void claim()}>
            {t('coupons.claim')}
          </Button>
        ) : held ? (
          <Button size="small" fill="outline" color="primary" onClick={() => navigateTo(couponLinks.goods(coupon._id))}>
            {t('coupons.useNow')}
          </Button>
        ) : (
          <span className="secondary">{t(`coupons.blocked.${coupon.blocked ?? 'ended'}`)}</span>
        )
      }
    />
  );
}

function Mine({ tab }: { tab: Exclude<Tab, 'center'> }) {
  const { t } = useTranslation();
  const source = usePagedCall(couponCalls.getList, { tab });
  return (
    <PagedList
      source={source}
      skeleton={<PageSkeleton rows={3} />}
      empty={<ClassesEmpty title={t(`coupons.empty.${tab}`)} />}
    >
      {(rows) => (
        <ul className="coupon-cards" aria-label={t(`coupons.tabs.${tab}`)}>
          {rows.map((c) => (
            <li key={c._id}>
              <MyCoupon copy={c} />
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

function MyCoupon({ copy }: { copy: MemberCouponRecord }) {
  const { t } = useTranslation();
  return (
    <CouponCard
      coupon={copy.coupon}
      startsAt={copy.starts_at}
      endsAt={copy.ends_at}
      muted={copy.status !== 'usable'}
      onOpen={() => navigateTo(couponLinks.mine(copy._id))}
      action={
        copy.status === 'usable' ? (
          <Button
            size="small"
            fill="outline"
            color="primary"
            onClick={() => navigateTo(couponLinks.goods(copy.coupon._id))}
          >
            {t('coupons.useNow')}
          </Button>
        ) : (
          <span className="secondary">{t(`coupons.status.${copy.status}`)}</span>
        )
      }
    />
  );
}
