import { Badge } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/navigation/paths';
import { AppLink } from '@/shared/ui/app-link';
import { useUnreadNotices } from './unread-notices';
import './notices.css';

/** The home header's bell: opens the notice centre, with the member's unread count on it. */
export function NoticeBell() {
  const { t } = useTranslation();
  const unread = useUnreadNotices();
  return (
    <AppLink
      to={paths.noticeList}
      className="notice-bell"
      label={unread > 0 ? t('notices.bellUnread', { count: unread }) : t('notices.title')}
    >
      <Badge content={unread > 0 ? unread : null} aria-hidden="true">
        <BellOutline className="notice-bell-icon" aria-hidden="true" />
      </Badge>
    </AppLink>
  );
}
