/** Bounds of the display width the studio may ask for (decision 161): a thumbnail at least, never past a large screen at 2×. */
export const DISPLAY_WIDTH = { min: 120, max: 2400 } as const;

/** The lossless result of a generation, for its owner (GET): what Download fetches when the answer carried `display`. */
export const generationImagePath = (generationId: string) => `/api/generations/${encodeURIComponent(generationId)}/image.png`;
