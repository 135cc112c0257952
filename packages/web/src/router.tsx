import i18n from 'i18next';
import { createBrowserRouter } from 'react-router';
import { failSafeLazy, withNamespaces } from './lib/lazy-routes.js';
import { routes } from './route-table.js';

export const router = createBrowserRouter(
  failSafeLazy(withNamespaces(routes, (ns) => i18n.loadNamespaces(ns))),
);
