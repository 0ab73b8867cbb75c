import { describe, expect, it } from 'vitest';
import { parseHairPrompt } from '@shared/hair/prompt';
import { ROUTE_TEXT } from '@shared/studio/engine-text';
import { promptRoute } from './prompt-route';

import type { EngineStatus } from '@shared/studio/engine-status';

const cuts: Pick<EngineStatus, 'generative' | 'paused'> = { generative: 'cuts', paused: false };
const route = (prompt: string, status = cuts, reference = false) => promptRoute(status, parseHairPrompt(prompt), reference);

describe('the studio says which path a prompt takes before Generate', () => {
  it('a cut with a colour: cut by the generative engine, colour by Tress', () => {
    expect(route('chin-length bob in copper')).toMatchObject({ route: 'cut', generative: true, says: ROUTE_TEXT.cutAndColour, paused: false });
    expect(route('pixie cut')).toMatchObject({ route: 'cut', says: ROUTE_TEXT.cut });
    expect(route('curtain bangs', cuts, true)).toMatchObject({ route: 'cut', says: ROUTE_TEXT.cutAndColour });
  });

  it('a colour alone stays with Tress, and is never paused by the budget', () => {
    expect(route('copper balayage', { generative: 'cuts', paused: true })).toMatchObject({
      route: 'local',
      generative: false,
      says: ROUTE_TEXT.colour,
      paused: false,
    });
    expect(route('chin-length bob in copper', { generative: 'cuts', paused: true })?.paused).toBe(true);
  });

  it('says nothing without a generative engine (the cut notices speak) or before a look is read', () => {
    expect(route('chin-length bob in copper', { generative: 'none', paused: false })).toBeNull();
    expect(route('hello there')).toBeNull();
  });

  it('where the operator sends every prompt to the provider, says so', () => {
    expect(route('copper balayage', { generative: 'all', paused: false })).toMatchObject({ generative: true, says: ROUTE_TEXT.all });
  });
});
