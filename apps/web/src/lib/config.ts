import contact from 'virtual:brand-content/contact';

/** Build-time configuration of the web app, read once here. */

/** Where members send profile corrections (member-app.md 2 "Profile"): the brand content's support address. */
export const SUPPORT_EMAIL: string = contact.email.support;

/** Whom partners ask about the programme and its training: the brand content's partners address. */
export const PARTNERS_EMAIL: string = contact.email.partners;

export const APP_NAME = 'SunIn';
