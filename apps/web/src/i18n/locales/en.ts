// Everything English needs: the app's catalogue files and antd-mobile's own texts. English is the
// fallback and the default, so it comes with the shell; the other languages load when chosen.
export { default as antd } from 'antd-mobile/es/locales/en-US';

export const files = import.meta.glob<Record<string, unknown>>('./en/*.json', { eager: true, import: 'default' });
