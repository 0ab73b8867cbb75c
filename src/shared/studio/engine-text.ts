/*
 * Kept apart from the engine status schema: the Style Library shows these words, and importing them must not
 * bring zod into its page (the initial JavaScript budget of decision 062).
 */
/** Today's budget for the generative engine is spent (issue 36): said before Generate, and by the server's refusal. */
const CUTS_PAUSED = 'We’ve made all the cuts we can for today. Try the cut again tomorrow; colours work as usual.';
const ALL_PAUSED = 'We’ve made all the pictures we can for today. Please come back tomorrow.';

/** The studio's and the library's words about cuts and the matte, shared with the server's refusal. */
export const ENGINE_TEXT = {
  cutNotice: 'The cut needs the generative engine; we will apply the colour only.',
  cutOnlyNotice: 'A haircut needs the generative engine, which isn’t running here. Describe a colour to try it on your photo.',
  confirmColourOnly: 'Apply the colour only',
  confirmFirst: 'Tick “Apply the colour only” to go on.',
  colourOnlyRefused:
    'This prompt asks for a haircut, which needs the generative engine, and none is running here. Confirm “Apply the colour only” to try the colour, or describe a colour alone. No credit was used.',
  cardNote: 'Cut and colour: the cut needs the generative engine, which isn’t running here.',
  cardColourOnly: 'Try the colour only',
  fallbackMatte: 'Results may look a little rougher than usual around the edges of your hair for now.',
  cutsPausedNotice: CUTS_PAUSED,
  cutsPausedToday: `${CUTS_PAUSED} No credit was used.`,
  pausedNotice: ALL_PAUSED,
  pausedToday: `${ALL_PAUSED} No credit was used.`,
  cutNotDrawn: 'The generative engine couldn’t draw this cut just now, so we didn’t use the picture. No credit was used. Please try again in a moment.',
  variationsNeedCut:
    'Variations are for cuts: each one draws the cut a little differently. A colour comes out the same every time, so it is rendered once. No credit was used.',
  previewFirst:
    'Please look at the preview of your hair first: it is rougher than usual right now, and you can fix it before you use a credit. No credit was used.',
} as const;

/** Which path Generate takes, said before it is pressed (issue 36): the studio and its tests read these. */
export const ROUTE_TEXT = {
  cutAndColour: 'Cut by the generative engine, colour by Tress',
  cut: 'Cut by the generative engine',
  colour: 'Colour by Tress',
  all: 'Drawn by the generative engine',
  cutKept: 'Your photo goes to the generative engine for the cut only; your face, expression and background stay as they are in your photo.',
  colourKept: 'Painted on our own servers: your photo goes nowhere else.',
  allKept: 'Your photo goes to the generative engine; your face, expression and background stay as they are in your photo.',
} as const;
