import type { OrderRecord } from '@studio/contract/orders';
import type { ScanResult } from '@studio/contract/teacher';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClassFormat } from '@/shared/classes/class-format';
import { Avatar } from '@/shared/ui/avatar';
import { verifyCode } from '../api/verify';
import { CodeEntry } from '../components/code-entry';
import { RoleGate } from '../components/role-gate';
import '../components/teacher.css';

/** verify/scan: verification staff scan or type a member's code: a reservation is checked in, a pickup order handed over. */
export function VerifyScanPage() {
  const { t } = useTranslation();
  const [result, setResult] = useState<ScanResult | null>(null);
  return (
    <RoleGate need="verify">
      <div className="stack">
        <section className="card stack-tight" aria-label={t('teacher.verify.enter')}>
          <p className="secondary">{t('teacher.verify.intro')}</p>
          <CodeEntry
            submitLabel={t('teacher.verify.submit')}
            onSubmit={async (code) => {
              setResult(null);
              setResult(await verifyCode(code));
            }}
          />
        </section>
        {result?.kind === 'reservation' && <ResultCard result={result} />}
        {result?.kind === 'order' && <PickupCard order={result.order} />}
      </div>
    </RoleGate>
  );
}

/** A pickup code: the order was handed over. */
function PickupCard({ order }: { order: OrderRecord }) {
  const { t } = useTranslation();
  return (
    <section className="card verify-result" aria-live="polite" aria-labelledby="verify-result-title">
      <div className="verify-result-head">
        <CheckCircleFill aria-hidden="true" className="verify-ok" />
        <h2 id="verify-result-title" className="section-title">
          {t('teacher.verify.pickedUp')}
        </h2>
      </div>
      <ul className="facts verify-facts">
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
      <p className="secondary figures">{t('teacher.verify.orderNo', { no: order.order_no })}</p>
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
