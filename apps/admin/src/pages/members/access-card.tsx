import { useCallMutation } from '@studio/client/mutation';
import { type AdminUserRow, adminUserCalls, type Role } from '@studio/contract/account';
import { PERMISSIONS, type Permission } from '@studio/contract/permissions';
import {
  ACCESS_GRANTS,
  type AccessGrant,
  accountChangeRefusal,
  grantChangeRefusal,
} from '@studio/contract/staff-rights';
import { App, Button, Card, Checkbox, Form, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/shared/api/client';
import { showSaveError } from '@/shared/forms/forms';
import { useUser } from '@/shared/session/session';

interface AccessFields {
  roles: Role[];
  is_verify_staff: boolean;
  permission: Permission[];
}

/**
 * What a member may do besides booking: the teacher and admin roles, scanning codes at the desk
 * (verification staff), and each back-office permission. Saved with admin/user.setRoles. What the
 * signed-in staff member may not change is greyed out, with the reason below (contract
 * staff-rights.ts: the server refuses the same).
 */
export function AccessCard({ user }: { user: AdminUserRow }) {
  const { t } = useTranslation('members');
  const { message } = App.useApp();
  const [form] = Form.useForm<AccessFields>();
  const me = useUser();
  const locked = me ? accountChangeRefusal(me, user) : 'notHeld';
  const refusalOf = (grant: AccessGrant) => (me ? grantChangeRefusal(me, user, grant) : 'notHeld');
  const why = locked ?? (ACCESS_GRANTS.some((grant) => refusalOf(grant)) ? 'notHeld' : null);
  const greyed = (grant: AccessGrant) => refusalOf(grant) !== null;
  const save = useCallMutation(
    (f: AccessFields) =>
      call(
        adminUserCalls.setRoles,
        {
          user_id: user._id,
          roles: ['member', ...f.roles.filter((r) => r !== 'member')],
          is_verify_staff: f.is_verify_staff,
          permission: f.permission,
        },
        { silent: true },
      ),
    {
      invalidates: [[adminUserCalls.get.url], [adminUserCalls.getList.url]],
      onSuccess: () => void message.success(t('access.saved')),
      onError: (error) => showSaveError(form, error),
    },
  );
  return (
    <Card size="small" title={t('access.title')} style={{ flex: '1 1 420px' }}>
      <Form<AccessFields>
        form={form}
        layout="vertical"
        initialValues={{
          roles: user.role.filter((r) => r !== 'member'),
          is_verify_staff: user.is_verify_staff,
          permission: user.permission.filter((p): p is Permission => (PERMISSIONS as readonly string[]).includes(p)),
        }}
        onFinish={(f) => save.mutate(f)}
      >
        <Form.Item name="roles" label={t('access.roles')}>
          <Checkbox.Group
            options={(['teacher', 'admin'] as const).map((role) => ({
              value: role,
              label: t(`roles.${role}`),
              disabled: greyed(role),
            }))}
          />
        </Form.Item>
        <Form.Item name="is_verify_staff" label={t('access.verifyStaff')} valuePropName="checked">
          <Switch disabled={greyed('verify_staff')} />
        </Form.Item>
        <Form.Item name="permission" label={t('access.permissions')} extra={t('access.permissionsHelp')}>
          <Checkbox.Group
            className="stacked-checkboxes"
            options={PERMISSIONS.map((p) => ({ value: p, label: t(`permissions.${p}`), disabled: greyed(p) }))}
          />
        </Form.Item>
        {why && (
          <Typography.Paragraph type="secondary" role="note">
            {t(`access.refusals.${why}`)}
          </Typography.Paragraph>
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={locked !== null}>
          {t('access.save')}
        </Button>
      </Form>
    </Card>
  );
}
