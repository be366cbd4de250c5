/** Build-time configuration of the web app (Vite `VITE_*` variables), read once here. */

/** Where members send profile corrections (member-app.md 2 "Profile"). */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@sunin.example';

export const APP_NAME = 'SunIn';
