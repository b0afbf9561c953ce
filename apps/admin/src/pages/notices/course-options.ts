import { adminScheduleCalls, scheduleCalls } from '@studio/contract/schedule';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callQuery } from '@/shared/api/client';
import { usePermission } from '@/shared/session/permissions';

const ALL_COURSES = { pageIndex: 1, pageSize: 100, sort: 'name' as const, order: 'asc' as const };

/**
 * Course names by id, for the list's "booked on Yoga Flow…" and the editor's chosen courses: every
 * course (retired ones too) from the schedule pages' list call; staff who may not manage classes
 * read the members' public course list instead.
 */
export function useCourseNames(): Map<string, string> {
  const canList = usePermission('classes.manage');
  const admin = useQuery({
    ...callQuery(adminScheduleCalls.getCourseList, ALL_COURSES),
    enabled: canList,
    staleTime: 60_000,
  });
  const pub = useQuery({ ...callQuery(scheduleCalls.getCourses, {}), enabled: !canList, staleTime: 60_000 });
  const rows = canList ? admin.data?.rows : pub.data?.rows;
  return useMemo(() => new Map((rows ?? []).map((c) => [c._id, c.name])), [rows]);
}

/** The active courses matching what staff typed (searched on the server), for the audience's course picker. */
export function useCourseSearch(keyword: string) {
  const canList = usePermission('classes.manage');
  const names = useCourseNames();
  const search = useQuery({
    ...callQuery(adminScheduleCalls.getCourseList, {
      ...ALL_COURSES,
      pageSize: 50,
      status: 'active',
      ...(keyword ? { keyword } : {}),
    }),
    enabled: canList,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const options = canList
    ? (search.data?.rows ?? []).map((c) => ({ value: c._id, label: c.name }))
    : [...names].map(([value, label]) => ({ value, label }));
  return { options, names, loading: search.isFetching, searchesServer: canList };
}
