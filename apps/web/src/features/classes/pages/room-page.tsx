import { Button } from 'antd-mobile';
import { EnvironmentOutline, TeamOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useClassFormat } from '@/shared/classes/class-format';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { CourseCover } from '@/shared/classes/course-cover';
import { SessionList, SessionRow } from '@/shared/classes/session-row';
import { useNow } from '@/shared/classes/use-now';
import { switchTab } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { useRoom } from '../api/rooms';
import '../components/classes-pages.css';

/** course/room?_id=: a room, where it is, how many it holds, and its upcoming sessions. */
export function RoomPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('_id') ?? '';
  const { data, error, isPending, refetch } = useRoom(id);
  const format = useClassFormat();
  const now = useNow();

  if (!id) return <ClassesEmpty title={t('classes.rooms.missing')} />;
  if (isPending) return <PageSkeleton rows={2} />;
  if (error) return <PageError error={error} onRetry={() => void refetch()} />;
  const { room, sessions } = data;

  return (
    <div className="stack">
      <CourseCover src={null} seed={room._id} className="room-cover" />
      <section className="card" aria-labelledby="room-name">
        <h2 id="room-name" className="detail-title">
          {room.name}
        </h2>
        <ul className="facts">
          {room.address && (
            <li>
              <EnvironmentOutline aria-hidden="true" />
              <span>{room.address}</span>
            </li>
          )}
          <li>
            <TeamOutline aria-hidden="true" />
            <span>{t('classes.rooms.capacity', { count: room.capacity })}</span>
          </li>
        </ul>
      </section>
      <h2 className="section-title">{t('classes.rooms.upcoming')}</h2>
      {sessions.length > 0 ? (
        <SessionList label={t('classes.rooms.upcoming')}>
          {sessions.map((s) => (
            <SessionRow key={s._id} session={s} format={format} now={now} withDay />
          ))}
        </SessionList>
      ) : (
        <ClassesEmpty
          title={t('classes.rooms.noSessions')}
          action={
            <Button color="primary" fill="outline" onClick={() => switchTab(paths.reservation)}>
              {t('classes.browse')}
            </Button>
          }
        />
      )}
    </div>
  );
}
