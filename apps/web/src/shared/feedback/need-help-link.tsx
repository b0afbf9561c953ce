import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/navigation/paths';
import { AppLink } from '@/shared/ui/app-link';
import './need-help-link.css';

/** Help & contact, carrying what the member was looking at (an order or a class booking) on to "Write to us". */
export function helpLink(subject: { order_no?: string; reservation_id?: string } = {}): string {
  const query = new URLSearchParams(
    Object.entries(subject).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return query ? `${paths.serviceCenter}?${query}` : paths.serviceCenter;
}

/** A quiet "Need help?" link to Help & contact, for an order, a class or a refund. */
export function NeedHelpLink({ orderNo, reservationId }: { orderNo?: string; reservationId?: string }) {
  const { t } = useTranslation();
  return (
    <AppLink to={helpLink({ order_no: orderNo, reservation_id: reservationId })} className="need-help-link">
      <QuestionCircleOutline aria-hidden="true" /> {t('feedback.center.needHelp')}
    </AppLink>
  );
}
