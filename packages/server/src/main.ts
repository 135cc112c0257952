// The server's entry (`node dist/main.js`, the `slugsmith-server` bin, `npm start`): the server's
// Node defaults first (a re-execution with them, before anything large is loaded), then the server.
import { applyNodeDefaults } from './node-defaults.js';

applyNodeDefaults();
await import('./serve.js');
