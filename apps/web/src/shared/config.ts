/** Client identity sent with every call (API.md headers). */
export const APP_ID = import.meta.env.VITE_APP_ID ?? 'studio-h5';
/** This build's version (vite.config.ts), as dist/version.json has it: `1.0.0+<build id>`. */
export const APP_VERSION = __APP_VERSION__;
export const PLATFORM = 'h5';

/** Spec 9 constants used by the client. */
export const REQUEST_TIMEOUT_MS = 60_000;
export const LOADING_DELAY_MS = 800;
export const TOAST_MS = 1500;
export const LOGIN_REDIRECT_GUARD_MS = 300;
export const NAVIGATION_GUARD_MS = 200;
