export { type App, buildApp } from './app.js';
export { type AccessRule, assertEveryRouteHasAccess } from './auth/access.js';
export { type Config, loadConfig } from './platform/config.js';
