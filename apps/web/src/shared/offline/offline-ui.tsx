import { formatDateTime, inZone } from '@studio/contract/format';
import { resolveLocale } from '@studio/contract/locale';
import { useIsRestoring } from '@tanstack/react-query';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMchInfo } from '@/shared/merchant/mch-info';
import { useOnline } from './use-online';
import './offline.css';

/** The frame's line while offline (tab bar and navigation bar pages alike); nothing when online. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <p className="offline-banner" role="status">
      <ExclamationCircleOutline aria-hidden="true" /> {t('offline.banner')}
    </p>
  );
}

/**
 * When an answer on screen was fetched, "as of 10:42" (today) or "as of Tue 3 Dec, 10:42", in the
 * member's language and the studio's timezone. Shown while offline (or when `show` says so), when
 * what is on screen may be the copy saved on the phone.
 */
export function SavedAt({ at, show }: { at: number; show?: boolean }) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const tz = useMchInfo().data?.mchInfo.timezone;
  if (!(show ?? !online) || at <= 0) return null;
  const locale = resolveLocale(i18n.language);
  const today = inZone(Date.now(), tz).isSame(inZone(at, tz), 'day');
  const time = today ? inZone(at, tz).format('HH:mm') : formatDateTime(at, locale, tz);
  return (
    <p className="saved-at secondary figures">
      <time dateTime={new Date(at).toISOString()}>{t('offline.asOf', { time })}</time>
    </p>
  );
}

/** Why an action that needs the server is disabled: "Needs a connection" (offline only). */
export function NeedsConnectionNote({ className = 'action-bar-note' }: { className?: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return <p className={`${className} needs-connection`}>{t('offline.needsConnection')}</p>;
}

/**
 * Actions that need the server: `children` gets whether they must be disabled (offline), and the
 * reason is written after them. Never a spinner that waits for a network that is not there.
 */
export function OfflineDisabled({
  children,
  noteClassName,
}: {
  children: (offline: boolean) => ReactNode;
  noteClassName?: string;
}) {
  const online = useOnline();
  return (
    <>
      {children(!online)}
      <NeedsConnectionNote className={noteClassName} />
    </>
  );
}

/** A page whose answer was not saved on the phone, opened offline: said plainly, not a skeleton forever. */
export function OfflineEmpty() {
  const { t } = useTranslation();
  return (
    <div className="state-block card offline-empty" role="status">
      <ExclamationCircleOutline className="state-icon" aria-hidden="true" />
      <p className="state-title">{t('offline.emptyTitle')}</p>
      <p className="state-text">{t('offline.emptyText')}</p>
    </div>
  );
}

/** How long a skeleton shows offline before it says so: a page's code comes from the worker's cache in less. */
const OFFLINE_EMPTY_AFTER_MS = 400;

/**
 * Whether a page still waiting for its first answer should say it is offline instead of showing its
 * skeleton: offline, not while the saved copy is being restored at launch, and not in the moment a
 * page's code takes to load (the same skeleton stands in for it).
 */
export function useShowOfflineEmpty(): boolean {
  const online = useOnline();
  const restoring = useIsRestoring();
  const waiting = !online && !restoring;
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!waiting) {
      setWaited(false);
      return;
    }
    const timer = setTimeout(() => setWaited(true), OFFLINE_EMPTY_AFTER_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  return waiting && waited;
}
