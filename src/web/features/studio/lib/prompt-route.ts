import type { HairRequest } from '@shared/hair/prompt';
import { appliesColour, routeOfPrompt, type HairRoute } from '@shared/hair/prompt-reading';
import type { EngineStatus } from '@shared/studio/engine-status';
import { ROUTE_TEXT } from '@shared/studio/engine-text';

export interface PromptRoute {
  route: HairRoute;
  /** The generative engine draws it: it can be varied, it costs the operator, and today's budget applies. */
  generative: boolean;
  says: string;
  kept: string;
  /** Today's budget for the generative engine is spent: this prompt waits for tomorrow. */
  paused: boolean;
}

/**
 * Which path Generate takes for this prompt on this server, in the studio's words, from the same reading and
 * route as the server's (routeOfPrompt). Null where nothing is to be said: no generative engine here (the
 * cut notices speak) or nothing read yet.
 */
export function promptRoute(status: Pick<EngineStatus, 'generative' | 'paused'>, asked: HairRequest, hasReference: boolean): PromptRoute | null {
  if (status.generative === 'none') return null;
  const route = routeOfPrompt(asked, hasReference);
  const colour = appliesColour(asked, hasReference);
  if (route === 'local' && !colour) return null;
  if (status.generative === 'all') return { route, generative: true, says: ROUTE_TEXT.all, kept: ROUTE_TEXT.allKept, paused: status.paused };
  if (route === 'local') return { route, generative: false, says: ROUTE_TEXT.colour, kept: ROUTE_TEXT.colourKept, paused: false };
  return { route, generative: true, says: colour ? ROUTE_TEXT.cutAndColour : ROUTE_TEXT.cut, kept: ROUTE_TEXT.cutKept, paused: status.paused };
}
