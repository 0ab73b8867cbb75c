/** Each cut style's colour part by style id, parsed at build time (scripts/style-colour-parts.ts). */
declare module 'virtual:style-colour-parts' {
  const colourParts: Readonly<Record<string, string>>;
  export default colourParts;
}
