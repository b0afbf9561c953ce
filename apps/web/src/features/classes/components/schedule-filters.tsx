import { DownFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceSheet } from '@/shared/classes/choice-sheet';
import { useCourses, useTeachers } from '../api/schedule';

interface ScheduleFiltersProps {
  courseId: string | undefined;
  teacherId: string | undefined;
  onChange: (filters: { courseId?: string; teacherId?: string }) => void;
}

/** The "all" choice of a filter. */
const ALL = '';

/** Narrow the schedule to one course and/or one teacher. */
export function ScheduleFilters({ courseId, teacherId, onChange }: ScheduleFiltersProps) {
  const { t } = useTranslation();
  const courses = useCourses().data?.rows ?? [];
  const teachers = useTeachers().data?.rows ?? [];
  const [open, setOpen] = useState<'course' | 'teacher' | null>(null);

  const courseName = courses.find((c) => c._id === courseId)?.name ?? t('classes.filters.allCourses');
  const teacherName = teachers.find((x) => x._id === teacherId)?.name ?? t('classes.filters.allTeachers');

  return (
    <div className="schedule-filters">
      <FilterButton
        label={t('classes.filters.course')}
        value={courseName}
        isSet={Boolean(courseId)}
        onClick={() => setOpen('course')}
      />
      <FilterButton
        label={t('classes.filters.teacher')}
        value={teacherName}
        isSet={Boolean(teacherId)}
        onClick={() => setOpen('teacher')}
      />
      <ChoiceSheet
        visible={open === 'course'}
        title={t('classes.filters.course')}
        selected={courseId ?? ALL}
        choices={[
          { key: ALL, label: t('classes.filters.allCourses') },
          ...courses.map((c) => ({ key: c._id, label: c.name, description: t(`classes.levels.${c.level}`) })),
        ]}
        onChoose={(key) => {
          onChange({ courseId: key || undefined, teacherId });
          setOpen(null);
        }}
        onClose={() => setOpen(null)}
      />
      <ChoiceSheet
        visible={open === 'teacher'}
        title={t('classes.filters.teacher')}
        selected={teacherId ?? ALL}
        choices={[
          { key: ALL, label: t('classes.filters.allTeachers') },
          ...teachers.map((x) => ({ key: x._id, label: x.name, description: x.specialties.join(' · ') })),
        ]}
        onChoose={(key) => {
          onChange({ courseId, teacherId: key || undefined });
          setOpen(null);
        }}
        onClose={() => setOpen(null)}
      />
    </div>
  );
}

function FilterButton({
  label,
  value,
  isSet,
  onClick,
}: {
  label: string;
  value: string;
  isSet: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`filter-button${isSet ? ' is-set' : ''}`}
      aria-haspopup="dialog"
      aria-label={`${label}: ${value}`}
      onClick={onClick}
    >
      <span className="filter-text">{value}</span>
      <DownFill aria-hidden="true" />
    </button>
  );
}
