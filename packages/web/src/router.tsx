import { createBrowserRouter } from 'react-router';
import { failSafeLazy } from './lib/lazy-routes.js';
import { routes } from './route-table.js';

export const router = createBrowserRouter(failSafeLazy(routes));
