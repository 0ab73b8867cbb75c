/*
 * Kept apart from the engine status schema: the Style Library shows these words, and importing them must not
 * bring zod into its page (the initial JavaScript budget of decision 062).
 */
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
  previewFirst:
    'Please look at the preview of your hair first: it is rougher than usual right now, and you can fix it before you use a credit. No credit was used.',
} as const;
