import type { InvitedMember, MyInvitation } from '@studio/contract/invitations';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { usePagedCall } from '@/shared/api/paged';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { PagedList } from '@/shared/classes/paged-list';
import { QrCode } from '@/shared/classes/qr-code';
import { useFormat } from '@/shared/format/use-format';
import { Avatar } from '@/shared/ui/avatar';
import { showToast } from '@/shared/ui/feedback';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { invitationCalls, inviteLink, useMyInvitation } from '../api/invite';
import '@/shared/ui/status-tag.css';
import './invite.css';

/** common/invite: my code, its link and QR code to share, what I earned, and the members I invited. */
export function InvitePage() {
  const { t } = useTranslation();
  const mine = useMyInvitation();
  if (mine.error) return <PageError error={mine.error} onRetry={() => void mine.refetch()} />;
  if (!mine.data) return <PageSkeleton rows={4} />;
  const invitation = mine.data.invitation;
  return (
    <div className="stack">
      <ShareCard invitation={invitation} />
      <section className="card" aria-labelledby="invite-earned">
        <h2 className="section-title" id="invite-earned">
          {t('invite.earned')}
        </h2>
        <dl className="figures-row invite-figures">
          <Figure label={t('invite.invited')} value={invitation.invited} />
          <Figure label={t('invite.purchased')} value={invitation.purchased} />
          <Figure label={t('invite.pointsEarned')} value={invitation.points_earned} />
          <Figure label={t('invite.couponsEarned')} value={invitation.coupons_earned} />
        </dl>
      </section>
      <h2 className="section-title">{t('invite.people')}</h2>
      <InvitedList />
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="secondary">{label}</dt>
      <dd className="figure">{value}</dd>
    </div>
  );
}

function ShareCard({ invitation }: { invitation: MyInvitation }) {
  const { t } = useTranslation();
  const link = inviteLink(invitation.invite_code);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      showToast(t('invite.copied'));
    } catch {
      showToast(t('invite.copyFailed'));
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: t('invite.shareTitle'), text: t('invite.shareText'), url: link });
    } catch {
      // The member closed the sheet: nothing to say.
    }
  };
  return (
    <section className="card invite-card" aria-labelledby="invite-heading">
      <h2 className="page-heading" id="invite-heading">
        {t('invite.heading')}
      </h2>
      <p className="secondary">{offerText(t, invitation.offer)}</p>
      <QrCode value={link} size={168} label={t('invite.qrLabel')} />
      <p className="secondary">{t('invite.yourCode')}</p>
      <p className="invite-code">{invitation.invite_code}</p>
      <p className="invite-link secondary">{link}</p>
      <div className={canShare ? 'invite-actions' : 'invite-actions invite-actions-one'}>
        <Button color="primary" fill="outline" onClick={() => void copy()}>
          {t('invite.copy')}
        </Button>
        {canShare && (
          <Button color="primary" onClick={() => void share()}>
            {t('invite.share')}
          </Button>
        )}
      </div>
    </section>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

/** What the studio offers now, in one sentence (or the plain invitation while rewards are off). */
function offerText(t: T, offer: MyInvitation['offer']): string {
  if (!offer.enabled) return t('invite.offerNone');
  const coupon = offer.welcome_coupon;
  const reward = [
    offer.inviter_points > 0 ? t('invite.points', { count: offer.inviter_points }) : '',
    offer.inviter_coupon,
  ]
    .filter(Boolean)
    .join(t('invite.and'));
  if (coupon && reward) return t('invite.offerBoth', { coupon, reward });
  if (coupon) return t('invite.offerWelcome', { coupon });
  if (reward) return t('invite.offerYours', { reward });
  return t('invite.offerNone');
}

function InvitedList() {
  const { t } = useTranslation();
  const source = usePagedCall(invitationCalls.getInvited, {});
  return (
    <PagedList
      source={source}
      skeleton={<PageSkeleton rows={3} />}
      empty={<ClassesEmpty title={t('invite.empty')} text={t('invite.emptyText')} />}
    >
      {(rows) => (
        <ul className="card invite-list" aria-label={t('invite.people')}>
          {rows.map((m) => (
            <InvitedRow key={m._id} member={m} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}

function InvitedRow({ member }: { member: InvitedMember }) {
  const { t } = useTranslation();
  const format = useFormat();
  const name = member.nickname || t('profile.member');
  const reward = member.reward;
  return (
    <li>
      <Avatar src={member.avatar} name={name} size={40} />
      <div className="invite-who">
        <p>{name}</p>
        <p className="secondary">{t('invite.joined', { date: format.date(member.invited_at) })}</p>
        {reward && <p className="secondary">{rewardText(t, reward)}</p>}
      </div>
      <span className={`status-tag tone-${member.has_purchased ? 'success' : 'grey'}`}>
        {member.has_purchased ? t('invite.hasPurchased') : t('invite.notYet')}
      </span>
    </li>
  );
}

function rewardText(t: T, reward: NonNullable<InvitedMember['reward']>): string {
  if (reward.status === 'refused') return t('invite.rewardRefused');
  const what = [reward.points > 0 ? t('invite.points', { count: reward.points }) : '', reward.coupon_name]
    .filter(Boolean)
    .join(t('invite.and'));
  if (reward.status === 'reversed') return t('invite.rewardReversed', { reward: what });
  return t('invite.rewardGranted', { reward: what });
}
