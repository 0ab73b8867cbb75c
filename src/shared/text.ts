/**
 * Ends a sentence whose last word is a name the user typed: "Rosa's Colour Bar & Co." already ends
 * with a full stop, so writing "{name}." would print two.
 */
export function endSentence(text: string): string {
  const t = text.trimEnd();
  return /[.!?…]$/.test(t) ? t : `${t}.`;
}
