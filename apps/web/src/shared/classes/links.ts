import { paths } from '@/shared/navigation/paths';

const withQuery = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

/** Links to the class pages that take an id (spec 2: course/detail?_id=...). */
export const classLinks = {
  session: (id: string) => withQuery(paths.courseDetail, { _id: id }),
  teacher: (id: string) => withQuery(paths.courseTeacher, { _id: id }),
  room: (id: string) => withQuery(paths.courseRoom, { _id: id }),
  roster: (sessionId: string) => withQuery(paths.teacherStudents, { session_id: sessionId }),
};
