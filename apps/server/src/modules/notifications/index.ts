/**
 * The notifications module's public face: all that other modules (and the app) may import from it
 * (docs/module-graph.md; CONTRIBUTING "Keep module boundaries"). Its other files are its own.
 */
export { announcementSubscribers } from './announcement-subscribers';
export { notificationSweeps } from './announcements';
export { notificationHandlers } from './calls';
export { forEachAnnouncementReader, type OutgoingNotice, renderAnnouncementFor, renderNoticeFor } from './outside';
export { notificationSubscribers } from './subscribers';
