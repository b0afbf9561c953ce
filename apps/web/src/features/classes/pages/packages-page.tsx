import { PACKAGE_STATUSES, type PackageRecord, type PackageStatus } from '@studio/contract/packages';
import { Button, Tabs } from 'antd-mobile';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ClassFormat, useClassFormat } from '@/shared/classes/class-format';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { PagedList } from '@/shared/classes/paged-list';
import { switchTab } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { useTabParam } from '@/shared/navigation/use-tab-param';
import { SavedAt } from '@/shared/offline/offline-ui';
import { PassesForCourse } from '@/shared/shop/featured';
import { PageSkeleton } from '@/shared/ui/page-states';
import { StatusTag, statusTone } from '@/shared/ui/status-tag';
import { useMyPackages } from '../api/packages';
import '../components/classes-pages.css';

/**
 * The tab My packages opens on: the first that holds a package, in the statuses' order, so those that
 * can still book (unused, in use) come first; Unused when there are none at all.
 */
export function openingTab(rows: readonly Pick<PackageRecord, 'status'>[]): PackageStatus {
  return PACKAGE_STATUSES.find((status) => rows.some((pkg) => pkg.status === status)) ?? 'unused';
}

/** course/purchased: my course packages by state, with credits left and validity. */
export function PackagesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // Opens on a tab with something in it (UI.md), chosen once from the first answer: a booking made
  // meanwhile does not move the member to another tab under their thumb.
  const all = useMyPackages();
  const opening = useRef<PackageStatus | null>(null);
  if (opening.current === null && all.data) opening.current = openingTab(all.data.rows);
  const [tab, selectTab] = useTabParam(PACKAGE_STATUSES, opening.current ?? 'unused');
  if (!params.has('tab') && opening.current === null && all.isPending) return <PageSkeleton rows={2} />;
  return (
    <div className="stack">
      <Tabs className="list-tabs" activeKey={tab} onChange={selectTab}>
        {PACKAGE_STATUSES.map((status) => (
          <Tabs.Tab key={status} title={t(`status.package.${status}`)} />
        ))}
      </Tabs>
      <PackageList key={tab} status={tab} />
      <PassesForCourse />
    </div>
  );
}

function PackageList({ status }: { status: PackageStatus }) {
  const { t } = useTranslation();
  const format = useClassFormat();
  const packages = useMyPackages(status);
  // Packages come in one piece (no paging): the same list, without infinite scroll.
  const source = {
    rows: packages.data?.rows ?? [],
    isPending: packages.isPending,
    error: packages.error,
    hasMore: false,
    refresh: () => packages.refetch(),
  };
  return (
    <>
      <SavedAt at={packages.dataUpdatedAt} />
      <PagedList
        source={source}
        skeleton={<PageSkeleton rows={2} />}
        empty={
          <ClassesEmpty
            title={t(`classes.packages.empty.${status}`)}
            action={
              status === 'unused' || status === 'used' ? (
                <Button color="primary" fill="outline" onClick={() => switchTab(paths.reservation)}>
                  {t('classes.browse')}
                </Button>
              ) : undefined
            }
          />
        }
      >
        {(rows) => (
          <ul className="package-list">
            {rows.map((pkg) => (
              <PackageCard key={pkg._id} pkg={pkg} format={format} />
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}

function PackageCard({ pkg, format }: { pkg: PackageRecord; format: ClassFormat }) {
  const { t } = useTranslation();
  const percent = pkg.total_count > 0 ? Math.round((pkg.remaining_count / pkg.total_count) * 100) : 0;
  const notYet = new Date(pkg.valid_from).getTime() > Date.now();
  return (
    <li className={`card package-card tone-edge-${statusTone('package', pkg.status)}`}>
      <div className="package-head">
        <h2 className="package-name">{pkg.name}</h2>
        <StatusTag kind="package" status={pkg.status} />
      </div>
      <p className="package-credits figures">
        {t('classes.packages.left', { remaining: pkg.remaining_count, total: pkg.total_count })}
      </p>
      <div className="package-meter" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className="secondary">
        {notYet
          ? t('classes.packages.validFrom', { date: format.date(pkg.valid_from) })
          : pkg.valid_until
            ? pkg.status === 'expired'
              ? t('classes.packages.expiredOn', { date: format.date(pkg.valid_until) })
              : t('classes.packages.validUntil', { date: format.date(pkg.valid_until) })
            : t('classes.packages.noExpiry')}
        {' · '}
        {pkg.course_ids.length === 0 ? t('classes.packages.anyClass') : t('classes.packages.someClasses')}
      </p>
    </li>
  );
}
