import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { dictionaryRoutes } from './dictionary-routes.js';
import { forgeRoutes } from './forge-routes.js';
import { keyInfoRoutes } from './key-info-routes.js';
import { keySeriesRoutes } from './key-series-routes.js';
import { answerProgramsOnly } from './program-scope.js';
import { publicDictionaryRoutes } from './public-dictionary-routes.js';
import { seriesSlugRoutes } from './series-slug-routes.js';
import { shortLinkRoutes } from './short-link-routes.js';
import { usageRoutes } from './usage-routes.js';

/**
 * Product spec §7.6: the generation API, called with an API key (`x-api-key`) or a request signed
 * with an SDK key. Every call stays inside the key's organisation, and a series key inside its
 * series.
 */
export function generateRoutes(app: FastifyInstance, deps: AppDeps): void {
  answerProgramsOnly(app);
  // In this order: the OpenAPI document lists the paths as they are added.
  forgeRoutes(app, deps);
  seriesSlugRoutes(app, deps);
  keySeriesRoutes(app, deps);
  keyInfoRoutes(app, deps);
  dictionaryRoutes(app);
  usageRoutes(app, deps);
  publicDictionaryRoutes(app);
  shortLinkRoutes(app, deps);
}
