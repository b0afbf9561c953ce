import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { useUserInfo } from '@/shared/session/session';

/**
 * Shows its page only to whom it is for; the server checks again. While the user info is not known
 * yet the page shows, and the server's answer decides.
 */
export function RoleGate({ need, children }: { need: 'teacher' | 'verify'; children: ReactNode }) {
  const { t } = useTranslation();
  const user = useUserInfo();
  const admin = user?.role.includes('admin') ?? false;
  const allowed = !user || admin || (need === 'teacher' ? user.role.includes('teacher') : user.is_verify_staff);
  if (allowed) return <>{children}</>;
  return (
    <ClassesEmpty
      title={need === 'teacher' ? t('teacher.gate.teacherTitle') : t('teacher.gate.verifyTitle')}
      text={need === 'teacher' ? t('teacher.gate.teacherText') : t('teacher.gate.verifyText')}
    />
  );
}
