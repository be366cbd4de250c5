export * from './calendar.js';
export * from './load.js';
export * from './production.js';
export * from './bills.js';
export * from './project-bills.js';
