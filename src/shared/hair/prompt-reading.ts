import { COLOUR_WORDS } from './colour-words';
import { shadeById } from './palette';
import { parseHairPrompt, requestParts, type HairRequest } from './prompt';

/**
 * What the studio shows while a person types, from the same parser the engine and the server's generate
 * gate use: what will be applied, the words read differently, what was left out, and whether the prompt
 * also asks for a haircut (which only a generative engine can do).
 */
export interface PromptReading {
  /** "Copper red · balayage · roots kept"; null when no colour is read. */
  applies: string | null;
  /** The haircut or styling words ("bob", "curtain bangs"). */
  cut: string[];
  /** Typos and other languages read as English ("coper" → "copper"), hair words only. */
  readAs: Array<{ from: string; to: string }>;
  /** Colours the prompt says no to, as words ("Blonde"). */
  without: string[];
  suggestion: string | null;
}

/** Whether a request changes colour at all (a reference photo always does). */
export function appliesColour(req: HairRequest, hasReference = false): boolean {
  return req.effect !== null || req.relativeLevels !== null || hasReference;
}

/**
 * A cut and a colour in one prompt: where no generative engine runs, only the colour can be applied, and
 * the person must have agreed to that before a credit is spent (the server enforces it).
 */
export function needsColourOnlyConsent(req: HairRequest, hasReference = false): boolean {
  return req.cut.length > 0 && appliesColour(req, hasReference);
}

/** Which engine draws a prompt (issue 36): 'cut' when it asks for a haircut or styling, else 'local'. */
export type HairRoute = 'local' | 'cut';

/**
 * The route a prompt takes, the same on the server and in the studio: a haircut goes to the generative
 * engine for the cut (its colour is then applied by Tress's own engine on the new hair); a colour alone stays
 * on-device. A reference photo lends only its colour, so it never changes the route.
 */
export function routeOfPrompt(req: HairRequest, _hasReference = false): HairRoute {
  return req.cut.length > 0 ? 'cut' : 'local';
}

const FAMILY_LABEL = new Map<string, string>(COLOUR_WORDS.map((c) => [c.id, c.label]));
/** Words the rewrite produces that say nothing about the hair on their own. */
const PLAIN = new Set(['hair', 'with', 'and', 'but', 'just', 'my', 'not', 'without', 'a bit', 'not too', 'keep', 'natural']);

export function readPrompt(prompt: string, opts: { reference?: boolean } = {}): PromptReading {
  return readRequest(parseHairPrompt(prompt), opts);
}

/** The reading of a prompt already parsed: the studio parses once per keystroke and reads that. */
export function readRequest(req: HairRequest, opts: { reference?: boolean } = {}): PromptReading {
  const parts = requestParts(req, opts.reference ? 'Colour from your reference photo' : undefined);
  const families = req.negated.filter((id) => FAMILY_LABEL.has(id));
  const without = [
    ...families.map((id) => FAMILY_LABEL.get(id)!),
    ...req.negated.filter((id) => !FAMILY_LABEL.has(id) && !families.includes(shadeById(id)?.family ?? '')).map((id) => shadeById(id)?.label ?? id),
  ];
  return {
    applies: parts.length ? parts.join(' · ') : null,
    cut: req.cut,
    readAs: req.corrections.filter((c) => !PLAIN.has(c.to)),
    without,
    suggestion: req.suggestion,
  };
}

/**
 * The colour part of a prompt, as a prompt ("Icy platinum blonde, all-over colour"), for a cut style's
 * "colour only" offer; null when the prompt names no colour.
 */
export function colourPartPrompt(prompt: string): string | null {
  const parts = requestParts(parseHairPrompt(prompt));
  return parts.length ? parts.join(', ') : null;
}
