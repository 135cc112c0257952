// The server's entry (`node dist/main.js`, the `slugsmith-server` bin, `npm start`): the server's
// Node defaults first (a re-execution with them, before anything large is loaded), then a new
// embedded data directory is prepared (and the process re-executed once more), then the server.
import { applyNodeDefaults } from './node-defaults.js';

applyNodeDefaults();
const { startFailed } = await import('./start-failure.js');
const { prepareNewDataDir } = await import('./first-start.js');
await prepareNewDataDir().catch(startFailed);
await import('./serve.js');
