/** The fake mail server's ports (e2e/support/fake-smtp.mjs), next to the app's: its HTTP reader, then SMTP. */
export const MAIL_HTTP_PORT = Number(process.env.E2E_PORT ?? 3170) + 2;
export const MAIL_SMTP_PORT = Number(process.env.E2E_PORT ?? 3170) + 3;
