/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_APP_ID?: string;
  readonly VITE_APP_VERSION?: string;
}

/** This build's version (vite.config.ts buildVersion), the one dist/version.json holds. */
declare const __APP_VERSION__: string;
