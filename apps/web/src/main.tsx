import 'antd-mobile/es/global';
import './app/theme.css';
import './app/components.css';
import { afterFirstPaint, pathOfHash, shellFrame } from './app/shell';
import { initialLocale } from './i18n/initial-locale';

/*
 * The page's first few kilobytes: on a tab page, the frame (heading and tab bar, in the member's
 * language) is painted at once from plain DOM, then the app (app/start.tsx, whose code the page
 * has been downloading alongside: vite.config.ts links it in the head) takes over once the frame is
 * on screen. Elsewhere the app starts at once.
 */
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const locale = initialLocale();
document.documentElement.lang = locale;
const frame = shellFrame(document, pathOfHash(location.hash), locale);
const start = () => void import('./app/start');
if (frame) {
  container.replaceChildren(frame);
  afterFirstPaint(start);
} else {
  start();
}
