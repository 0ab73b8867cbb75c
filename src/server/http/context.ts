import type { Context } from 'hono';
import type { Services } from '../services';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image?: string | null;
  emailVerified: boolean;
}

/** Hono's environment for every route: the services and the signed-in user (null when signed out). */
export interface AppEnv {
  Variables: { services: Services; user: SessionUser | null; requestId: string };
}
export type AppContext = Context<AppEnv>;
