import { endpoint, type Endpoint } from '../endpoint';
import { LiveConfigSchema } from './live-config';

export const liveEndpoints = {
  /** What the browser needs to run live mode (decision 100); the model and runtime files it names are not JSON. */
  config: endpoint({ method: 'GET', path: '/api/live/config', response: LiveConfigSchema }),
} as const satisfies Record<string, Endpoint>;
