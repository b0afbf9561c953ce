/**
 * The reservations module's public face: all that other modules (and the app) may import from it
 * (docs/module-graph.md; CONTRIBUTING "Keep module boundaries"). Its other files are its own.
 */
export { reservationHandlers } from './calls';
export { seedClassHistory } from './history-seed';
export {
  calendarSessions,
  checkedInCounts,
  countStudents,
  findReservation,
  findReservationByCode,
  getMyReservations,
  getRoster,
  sessionRecordsById,
  studentsPage,
} from './read-models';
export {
  type ClassCell,
  classCells,
  cohortActivity,
  type LapsedRow,
  memberActivity,
} from './reports';
export { seedClasses } from './seed';
export { checkIn, type ReservationRow, upcomingBookedCourses } from './service';
export { reservationSweeps } from './sweeps';
