export * from './account-page.js';
export * from './accounts.js';
export * from './admin.js';
export * from './billing.js';
export * from './billing-details.js';
export * from './common.js';
export * from './documents.js';
export * from './errors.js';
export * from './generation.js';
export * from './install.js';
export * from './invitations.js';
export * from './keys.js';
export * from './languages.js';
export * from './licences.js';
export * from './orders.js';
export * from './organisations.js';
export * from './periods.js';
export * from './plans.js';
export * from './rotation.js';
export * from './signing.js';
export * from './slugs.js';
export * from './stats.js';

/** Every API path starts with this prefix (product spec §7). */
export const apiPrefix = '/api/v1';
