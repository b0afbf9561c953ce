import { resolveLocale } from '@studio/contract/locale';
import { ORDER_STATUS, ORDER_STATUS_LABELS, type OrderRecord } from '@studio/contract/orders';
import type { CodePreview, ScanResult } from '@studio/contract/teacher';
import { Button } from 'antd-mobile';
import { CheckCircleFill, ExclamationCircleFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClassFormat } from '@/shared/classes/class-format';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { Avatar } from '@/shared/ui/avatar';
import { lookupCode, verifyCode } from '../api/verify';
import { CodeEntry } from '../components/code-entry';
import { RoleGate } from '../components/role-gate';
import '../components/teacher.css';

type PickupPreview = Extract<CodePreview, { kind: 'order' }>;

/** What the page shows for the last code: a member checked in, or a pickup order (to hand over, handed over, or used). */
type Shown =
  | { kind: 'reservation'; result: Extract<ScanResult, { kind: 'reservation' }> }
  | { kind: 'order'; code: string; preview: PickupPreview; handedOver: OrderRecord | null };

/**
 * verify/scan: verification staff scan or type a member's code. A reservation is checked in at once;
 * a pickup order first shows whose it is and what is in it, and is handed over with Confirm pickup;
 * a code used already says when and by whom.
 */
export function VerifyScanPage() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown | null>(null);
  return (
    <RoleGate need="verify">
      <div className="stack">
        <section className="card stack-tight" aria-label={t('teacher.verify.enter')}>
          <p className="secondary">{t('teacher.verify.intro')}</p>
          <CodeEntry
            submitLabel={t('teacher.verify.submit')}
            onSubmit={async (code) => {
              setShown(null);
              const preview = await lookupCode(code);
              if (preview.kind === 'order') {
                setShown({ kind: 'order', code, preview, handedOver: null });
                return;
              }
              const result = await verifyCode(code);
              if (result.kind === 'reservation') setShown({ kind: 'reservation', result });
            }}
          />
        </section>
        {shown?.kind === 'reservation' && <ResultCard result={shown.result} />}
        {shown?.kind === 'order' && (
          <PickupCard
            shown={shown}
            onConfirm={async () => {
              const done = await verifyCode(shown.code);
              if (done.kind === 'order') setShown({ ...shown, handedOver: done.order });
            }}
          />
        )}
      </div>
    </RoleGate>
  );
}

/**
 * A pickup order: the member and what they take away, then Confirm pickup; once handed over (now or
 * before, with when and by whom) it says so instead.
 */
function PickupCard({
  shown,
  onConfirm,
}: {
  shown: Extract<Shown, { kind: 'order' }>;
  onConfirm: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const format = useClassFormat();
  const [confirm, confirming] = useLockedAction(onConfirm);
  const { preview, handedOver } = shown;
  const { member, picked_up: usedBefore } = preview;
  const order = handedOver ?? preview.order;
  const waiting = !handedOver && !usedBefore;
  const canHandOver = waiting && order.status === ORDER_STATUS.paid && order.delivery === 'pickup';
  const title = handedOver
    ? t('teacher.verify.pickedUp')
    : usedBefore
      ? t('teacher.verify.alreadyPickedUp')
      : t('teacher.verify.pickupTitle');
  return (
    <section
      className={`card verify-result${usedBefore ? ' is-used' : waiting ? ' is-pending' : ''}`}
      aria-live="polite"
      aria-labelledby="verify-result-title"
    >
      <div className="verify-result-head">
        {handedOver && <CheckCircleFill aria-hidden="true" className="verify-ok" />}
        {usedBefore && <ExclamationCircleFill aria-hidden="true" className="verify-used" />}
        <h2 id="verify-result-title" className="section-title">
          {title}
        </h2>
      </div>
      {usedBefore && (
        <p className="verify-member figures">
          {t('teacher.verify.pickedUpBy', {
            time: format.dateTime(usedBefore.at),
            name: usedBefore.by.nickname || t('teacher.verify.someone'),
          })}
        </p>
      )}
      <div className="member-row">
        <Avatar src={member.avatar} name={member.nickname || '?'} size={48} />
        <div>
          <p className="verify-member">{member.nickname}</p>
          <p className="secondary figures">{t('teacher.verify.orderNo', { no: order.order_no })}</p>
        </div>
      </div>
      <ul className="facts verify-facts" aria-label={t('teacher.verify.items')}>
        {order.lines.map((line) => (
          <li key={line.sku_id}>
            <span className="fact-text">
              <span className="verify-course">
                {line.goods_name} × {line.buy_num}
              </span>
              <span className="secondary">{line.sku_name}</span>
            </span>
          </li>
        ))}
      </ul>
      {waiting && !canHandOver && (
        <p className="secondary">
          {t('teacher.verify.notReady', {
            status: ORDER_STATUS_LABELS[order.status_name][resolveLocale(i18n.language)],
          })}
        </p>
      )}
      {canHandOver && (
        <Button
          block
          color="primary"
          size="large"
          loading={confirming}
          disabled={confirming}
          onClick={() => void confirm()}
        >
          {t('teacher.verify.confirmPickup')}
        </Button>
      )}
    </section>
  );
}

function ResultCard({ result }: { result: Extract<ScanResult, { kind: 'reservation' }> }) {
  const { t } = useTranslation();
  const format = useClassFormat();
  const { reservation } = result;
  const { session, member } = reservation;
  return (
    <section className="card verify-result" aria-live="polite" aria-labelledby="verify-result-title">
      <div className="verify-result-head">
        <CheckCircleFill aria-hidden="true" className="verify-ok" />
        <h2 id="verify-result-title" className="section-title">
          {t('teacher.verify.checkedIn')}
        </h2>
      </div>
      <div className="member-row">
        <Avatar src={member.avatar} name={member.nickname || '?'} size={48} />
        <div>
          <p className="verify-member">{member.nickname}</p>
          <p className="secondary figures">
            {reservation.checked_in_at
              ? t('teacher.students.checkedInAt', { time: format.time(reservation.checked_in_at) })
              : null}
          </p>
        </div>
      </div>
      <ul className="facts verify-facts">
        <li>
          <span className="fact-text">
            <span className="verify-course">{session.course_name}</span>
            <span className="secondary figures">{format.span(session.starts_at, session.ends_at)}</span>
            <span className="secondary">
              {session.teacher_name} · {session.room_name}
            </span>
          </span>
        </li>
      </ul>
      <p className="secondary figures">{t('teacher.verify.code', { code: reservation.code })}</p>
    </section>
  );
}
