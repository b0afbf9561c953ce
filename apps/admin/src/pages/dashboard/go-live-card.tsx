import { CheckCircleFilled, ExclamationCircleOutlined } from '@ant-design/icons';
import type { GoLiveLine, GoLiveStep } from '@studio/contract/dashboard';
import type { CallPermission } from '@studio/contract/permissions';
import { holds } from '@studio/contract/permissions';
import { Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAYMENT_SETTINGS_HREF } from '@/app/test-mode-band';
import { useUser } from '@/shared/session/session';
import './go-live-card.css';

/** The member app's page of its agreements (apps/web paths.agreement), opened beside the back office. */
const MEMBER_AGREEMENTS_HREF = '/#/pages/login/agreement';

/** Where each line is put right in the back office, and who may open it there. */
const FIX: Record<GoLiveStep, { href: string; permission: CallPermission; external?: boolean }> = {
  studio: { href: '/settings', permission: 'settings.manage' },
  payments: { href: PAYMENT_SETTINGS_HREF, permission: 'settings.manage' },
  freight: { href: '/shop/freight', permission: 'orders.manage' },
  agreements: { href: MEMBER_AGREEMENTS_HREF, permission: 'staff', external: true },
  packages: { href: '/shop/goods?type=1', permission: 'shop.manage' },
  timetable: { href: '/schedule', permission: 'classes.manage' },
};

/**
 * The go-live checklist (dashboard `go_live`): each line done or to do, what it means in a sentence,
 * and a link to where it is put right. The server leaves it out once every line is done.
 */
export function GoLiveCard({ lines }: { lines: GoLiveLine[] }) {
  const { t } = useTranslation('dashboard');
  const done = lines.filter((l) => l.done).length;
  return (
    <Card
      size="small"
      className="go-live"
      title={<h2 className="go-live-title">{t('goLive.title')}</h2>}
      extra={<span className="secondary-text">{t('goLive.progress', { done, total: lines.length })}</span>}
      style={{ marginBottom: 16 }}
    >
      <ul className="go-live-lines" aria-label={t('goLive.title')}>
        {lines.map((line) => (
          <GoLiveItem key={line.step} line={line} />
        ))}
      </ul>
    </Card>
  );
}

function GoLiveItem({ line }: { line: GoLiveLine }) {
  const { t } = useTranslation('dashboard');
  const user = useUser();
  const fix = FIX[line.step];
  const key = `goLive.steps.${line.step}`;
  const count = line.count ?? 0;
  const detail = (() => {
    switch (line.step) {
      case 'studio':
        return line.done
          ? t(`${key}.done`)
          : t(`${key}.todo`, { fields: (line.missing ?? []).map((f) => t(`goLive.fields.${f}`)).join(', ') });
      case 'freight':
        return line.done ? t(count === 0 ? `${key}.none` : `${key}.done`) : t(`${key}.todo`, { count });
      case 'packages':
      case 'timetable':
        return line.done ? t(`${key}.done`, { count }) : t(`${key}.todo`);
      default:
        return t(line.done ? `${key}.done` : `${key}.todo`);
    }
  })();
  const label = t(`${key}.link`);
  return (
    <li className={line.done ? 'go-live-line is-done' : 'go-live-line'}>
      {line.done ? (
        <CheckCircleFilled className="go-live-icon is-done" aria-hidden="true" />
      ) : (
        <ExclamationCircleOutlined className="go-live-icon" aria-hidden="true" />
      )}
      <div className="go-live-text">
        <strong>{t(`${key}.title`)}</strong>{' '}
        <Tag color={line.done ? 'green' : 'orange'}>{t(line.done ? 'goLive.done' : 'goLive.todo')}</Tag>
        <div>{detail}</div>
        {line.step === 'studio' && <div className="secondary-text">{t(`${key}.note`)}</div>}
      </div>
      {user && holds(user, fix.permission) ? (
        fix.external ? (
          <a href={fix.href} target="_blank" rel="noreferrer">
            {label}
          </a>
        ) : (
          <Link to={fix.href}>{label}</Link>
        )
      ) : null}
    </li>
  );
}
