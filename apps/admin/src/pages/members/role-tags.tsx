import type { AdminUserRow } from '@studio/contract/account';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a member is beyond a member: teacher, admin, verification staff, back-office permissions. */
export function RoleTags({ user }: { user: Pick<AdminUserRow, 'role' | 'permission' | 'is_verify_staff'> }) {
  const { t } = useTranslation('members');
  return (
    <>
      {user.role.includes('admin') && <Tag color="purple">{t('roles.admin')}</Tag>}
      {user.role.includes('teacher') && <Tag color="blue">{t('roles.teacher')}</Tag>}
      {user.is_verify_staff && <Tag color="cyan">{t('roles.verifyStaff')}</Tag>}
      {!user.role.includes('admin') && user.permission.length > 0 && (
        <Tag color="gold">{t('roles.staff', { count: user.permission.length })}</Tag>
      )}
    </>
  );
}
