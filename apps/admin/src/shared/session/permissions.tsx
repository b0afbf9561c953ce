import { type CallPermission, holds } from '@studio/contract/permissions';
import type { ReactNode } from 'react';
import { useUser } from './session';

/** Whether the signed-in staff member holds `needed` (the admin role holds every permission). */
export function usePermission(needed: CallPermission): boolean {
  const user = useUser();
  return user !== null && holds(user, needed);
}

/** Renders its children only for a staff member holding `permission` (else `fallback`). */
export function Can({
  permission,
  children,
  fallback = null,
}: {
  permission: CallPermission;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return usePermission(permission) ? children : fallback;
}
