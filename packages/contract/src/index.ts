export * from './constants.js';
export * from './email.js';
export * from './enums.js';
export * from './errors.js';
export * from './text.js';
export * from './users.js';
export * from './projects.js';
export * from './public-site.js';
