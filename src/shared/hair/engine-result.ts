import { z } from 'zod';

/** What the hair engine tells the user besides the picture (issue 4 §5). Shown by the studio and stored with a creation. */
export const HairAnalysisSchema = z.object({
  /** Current level on the colourist's 1 (black) – 10 (lightest blonde) scale, measured from the matte. */
  currentLevel: z.number().int().min(1).max(10),
  /** Target level of the requested colour, or null when the prompt asks for no colour change. */
  targetLevel: z.number().int().min(1).max(10).nullable(),
  /** Levels of lift (positive) or deposit (negative) needed. */
  lift: z.number().int(),
  /** A plain note on what it takes at the salon. */
  note: z.string(),
  /** Dominant current colour as a CSS hex string and a name ("dark brown"). */
  currentColour: z.object({ hex: z.string(), name: z.string() }),
  /**
   * Whether the read above can be trusted (optional: creations stored before it existed have neither field).
   * When false, `unreliableBecause` says why: the photo is too dark to judge the level, no face was found to
   * judge the light by, or too little hair is visible.
   */
  reliable: z.boolean().optional(),
  unreliableBecause: z.enum(['dim-light', 'no-face', 'little-hair']).nullable().optional(),
});
export type HairAnalysis = z.infer<typeof HairAnalysisSchema>;

const ENGINE_NAMES = ['local', 'gemini', 'openai'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

/** The parts of a generation result that travel to the browser beside the image. */
export const AppliedLookSchema = z.object({
  /** In words what was done: "Copper red, balayage". */
  applied: z.string(),
  /** Technique and colour ids applied, for "Find a professional for this look" and directory filters. */
  technique: z.string().nullable(),
  colours: z.array(z.string()),
  analysis: HairAnalysisSchema.nullable(),
  engine: z.enum(ENGINE_NAMES),
});
export type AppliedLook = z.infer<typeof AppliedLookSchema>;
