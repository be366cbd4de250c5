export * from './auth.js';
export * from './mail.js';
export * from './users.js';
export * from './projects.js';
export * from './proposals.js';
export * from './billing.js';
export * from './audit.js';
export * from './settings.js';
