import { paths } from '@/shared/navigation/paths';
import { load, type PageRoute } from './page-route';

/** Classes: the schedule tab, a class and its teacher and room, reservations, the teacher's workbench, check-in. */
export const classRoutes: readonly PageRoute[] = [
  {
    // The reservation tab: the schedule is public (pub_getSchedule); my status shows when logged in.
    path: paths.reservation,
    titleKey: 'classes.schedule.title',
    anonymous: true,
    page: load(
      () => import('@/features/classes/pages/schedule-page'),
      (m) => m.SchedulePage,
    ),
  },
  {
    // Public, so a visitor can look before booking: tapping Book sends them to login and back.
    path: paths.courseDetail,
    titleKey: 'classes.detail.title',
    anonymous: true,
    page: load(
      () => import('@/features/classes/pages/session-detail-page'),
      (m) => m.SessionDetailPage,
    ),
  },
  {
    path: paths.courseWait,
    titleKey: 'classes.waitlist.title',
    page: load(
      () => import('@/features/classes/pages/waitlist-page'),
      (m) => m.WaitlistPage,
    ),
  },
  {
    path: paths.courseTeacher,
    titleKey: 'classes.teacher.title',
    anonymous: true,
    page: load(
      () => import('@/features/classes/pages/teacher-profile-page'),
      (m) => m.TeacherProfilePage,
    ),
  },
  {
    path: paths.courseClassroom,
    titleKey: 'classes.rooms.title',
    anonymous: true,
    page: load(
      () => import('@/features/classes/pages/classroom-page'),
      (m) => m.ClassroomPage,
    ),
  },
  {
    path: paths.courseRoom,
    titleKey: 'classes.rooms.roomTitle',
    anonymous: true,
    page: load(
      () => import('@/features/classes/pages/room-page'),
      (m) => m.RoomPage,
    ),
  },
  {
    path: paths.coursePurchased,
    titleKey: 'classes.packages.title',
    page: load(
      () => import('@/features/classes/pages/packages-page'),
      (m) => m.PackagesPage,
    ),
  },
  {
    path: paths.reservations,
    titleKey: 'reservations.title',
    page: load(
      () => import('@/features/reservations/pages/reservations-page'),
      (m) => m.ReservationsPage,
    ),
  },

  {
    path: paths.teacherWorkbench,
    titleKey: 'teacher.workbench.title',
    page: load(
      () => import('@/features/teacher/pages/workbench-page'),
      (m) => m.WorkbenchPage,
    ),
  },
  {
    path: paths.teacherIntroduction,
    titleKey: 'teacher.introduction.title',
    page: load(
      () => import('@/features/teacher/pages/introduction-page'),
      (m) => m.IntroductionPage,
    ),
  },
  {
    path: paths.teacherCourse,
    titleKey: 'teacher.course.title',
    page: load(
      () => import('@/features/teacher/pages/course-page'),
      (m) => m.CoursePage,
    ),
  },
  {
    path: paths.teacherClassHours,
    titleKey: 'teacher.hours.title',
    page: load(
      () => import('@/features/teacher/pages/class-hours-page'),
      (m) => m.ClassHoursPage,
    ),
  },
  {
    path: paths.teacherStudents,
    titleKey: 'teacher.students.title',
    page: load(
      () => import('@/features/teacher/pages/students-page'),
      (m) => m.StudentsPage,
    ),
  },
  {
    path: paths.verifyScan,
    titleKey: 'teacher.verify.title',
    page: load(
      () => import('@/features/teacher/pages/verify-scan-page'),
      (m) => m.VerifyScanPage,
    ),
  },
];
