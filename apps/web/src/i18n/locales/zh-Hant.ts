// Everything the zh-Hant language needs, in one chunk: the app's catalogue files and antd-mobile's own texts.
export { default as antd } from 'antd-mobile/es/locales/zh-TW';

export const files = import.meta.glob<Record<string, unknown>>('./zh-Hant/*.json', { eager: true, import: 'default' });
