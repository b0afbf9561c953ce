// Everything the zh-Hans language needs, in one chunk: the app's catalogue files and antd-mobile's own texts.
export { default as antd } from 'antd-mobile/es/locales/zh-CN';

export const files = import.meta.glob<Record<string, unknown>>('./zh-Hans/*.json', { eager: true, import: 'default' });
