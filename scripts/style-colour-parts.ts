import type { Plugin } from 'vite';
// Relative, not @shared/…: this file is loaded with vite.config.ts, whose loader does not know the project's aliases.
// eslint-disable-next-line no-restricted-imports
import { STYLES } from '../src/shared/content/styles';
// eslint-disable-next-line no-restricted-imports
import { colourPartPrompt } from '../src/shared/hair/prompt-reading';

const ID = 'virtual:style-colour-parts';

/**
 * The colour part of each cut style's prompt ("copper red, balayage"), read by the studio's own parser at build
 * time: the style library offers it on a cut's card where no generative engine runs, and parsing the thirty fixed
 * prompts in the browser would send every visitor of /styles the parser's word tables (~19 KB gzip, decision 199).
 */
export function styleColourParts(): Record<string, string> {
  return Object.fromEntries(
    STYLES.filter((s) => s.changesShape).flatMap((s) => {
      const colour = colourPartPrompt(s.prompt);
      return colour ? [[s.id, colour]] : [];
    }),
  );
}

/** `import colourParts from 'virtual:style-colour-parts'` (declared in src/web/virtual-modules.d.ts). */
export function styleColourPartsPlugin(): Plugin {
  return {
    name: 'tress-style-colour-parts',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load: (id) => (id === `\0${ID}` ? `export default ${JSON.stringify(styleColourParts())};` : undefined),
  };
}
