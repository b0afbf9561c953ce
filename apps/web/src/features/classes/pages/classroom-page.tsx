import { List } from 'antd-mobile';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { classLinks } from '@/shared/classes/links';
import { ListLink } from '@/shared/ui/app-link';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { useRooms } from '../api/rooms';
import '../components/classes-pages.css';

/** course/classroom: the studio's rooms. */
export function ClassroomPage() {
  const { t } = useTranslation();
  const { data, error, isPending, refetch } = useRooms();
  if (isPending) return <PageSkeleton rows={3} />;
  if (error) return <PageError error={error} onRetry={() => void refetch()} />;
  if (data.rows.length === 0) return <ClassesEmpty title={t('classes.rooms.empty')} />;
  return (
    <List aria-label={t('classes.rooms.title')}>
      {data.rows.map((room) => (
        <ListLink
          key={room._id}
          to={classLinks.room(room._id)}
          prefix={<EnvironmentOutline aria-hidden="true" />}
          title={
            <span className="room-item">
              <span className="room-name">{room.name}</span>
              <span className="secondary">
                {[room.address, t('classes.rooms.capacity', { count: room.capacity })].filter(Boolean).join(' · ')}
              </span>
            </span>
          }
        />
      ))}
    </List>
  );
}
