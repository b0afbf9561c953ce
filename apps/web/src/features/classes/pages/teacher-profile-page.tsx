import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useClassFormat } from '@/shared/classes/class-format';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { SessionList, SessionRow } from '@/shared/classes/session-row';
import { useNow } from '@/shared/classes/use-now';
import { switchTab } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { Avatar } from '@/shared/ui/avatar';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { useTeacherProfile } from '../api/teachers';
import '../components/classes-pages.css';

/** course/teacher?_id=: who teaches (photo or initials, introduction, specialties) and when next. */
export function TeacherProfilePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('_id') ?? '';
  const { data, error, isPending, refetch } = useTeacherProfile(id);
  const format = useClassFormat();
  const now = useNow();

  if (!id) return <ClassesEmpty title={t('classes.teacher.missing')} />;
  if (isPending) return <PageSkeleton rows={2} />;
  if (error) return <PageError error={error} onRetry={() => void refetch()} />;
  const { teacher, sessions } = data;

  return (
    <div className="stack">
      <section className="card profile-card" aria-labelledby="teacher-name">
        <div className="member-row">
          <Avatar src={teacher.photo} name={teacher.name} size={72} />
          <div>
            <h2 id="teacher-name" className="section-title">
              {teacher.name}
            </h2>
            <p className="secondary">{t('classes.teacher.role')}</p>
          </div>
        </div>
        {teacher.specialties.length > 0 && (
          <ul className="chips profile-chips" aria-label={t('classes.teacher.specialties')}>
            {teacher.specialties.map((s) => (
              <li className="chip" key={s}>
                {s}
              </li>
            ))}
          </ul>
        )}
        {teacher.introduction && <p className="profile-text">{teacher.introduction}</p>}
      </section>
      <h2 className="section-title">{t('classes.teacher.upcoming')}</h2>
      {sessions.length > 0 ? (
        <SessionList label={t('classes.teacher.upcoming')}>
          {sessions.map((s) => (
            <SessionRow key={s._id} session={s} format={format} now={now} withDay />
          ))}
        </SessionList>
      ) : (
        <ClassesEmpty
          title={t('classes.teacher.noSessions')}
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
