/**
 * A cut prompt may ask for up to four variations of the cut in one request, one credit each (issue 36).
 * Apart from the request's schema, so the studio reads it without bringing zod into /app's first load.
 */
export const CUT_VARIATIONS = { max: 4 } as const;
