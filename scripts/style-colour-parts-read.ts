import { STYLES } from '@shared/content/styles';
import { colourPartPrompt } from '@shared/hair/prompt-reading';

/** Each cut style's colour part by style id (scripts/style-colour-parts.ts serves it to the web build). */
export function styleColourParts(): Record<string, string> {
  return Object.fromEntries(
    STYLES.filter((s) => s.changesShape).flatMap((s) => {
      const colour = colourPartPrompt(s.prompt);
      return colour ? [[s.id, colour]] : [];
    }),
  );
}

if (process.argv[1] === import.meta.filename) process.stdout.write(JSON.stringify(styleColourParts()));
