import { type PackageRecord, type PackageStatus, packageCalls, packageCoversSession } from '@studio/contract/packages';
import type { SessionRecord } from '@studio/contract/schedule';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '@/shared/api/call-function';

/** My course packages, all or of one state (client/course.getMyPackages). */
export function myPackagesQuery(status?: PackageStatus) {
  return callQuery(packageCalls.getMyPackages, status ? { status } : {});
}

export function useMyPackages(status?: PackageStatus, enabled = true) {
  return useQuery({ ...myPackagesQuery(status), enabled });
}

const expiry = (pkg: PackageRecord) =>
  pkg.valid_until ? new Date(pkg.valid_until).getTime() : Number.POSITIVE_INFINITY;

/**
 * The packages that can pay for a session, in the server's order of preference (RULES.md: the one
 * that expires first), so the first is the default choice.
 */
export function packagesForSession(packages: readonly PackageRecord[], session: SessionRecord): PackageRecord[] {
  return packages
    .filter(
      (pkg) =>
        (pkg.status === 'unused' || pkg.status === 'used') &&
        (pkg.course_ids.length === 0 || pkg.course_ids.includes(session.course_id)) &&
        packageCoversSession(pkg, session.starts_at),
    )
    .sort((a, b) => expiry(a) - expiry(b) || a.created_at.localeCompare(b.created_at));
}
