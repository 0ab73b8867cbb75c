/**
 * `npm run prompt -- "blonde highlights but keep it dark underneath"` prints how the studio reads a prompt
 * (its `PromptReading`, the same words "Will apply: …" shows) as JSON. With no argument it reads one prompt a
 * line from standard input and prints one JSON a line, for checking many prompts at once:
 * `npm run prompt < prompts.txt`.
 */
import { createInterface } from 'node:readline';
import { readPrompt } from '@shared/hair/prompt-reading';

const args = process.argv.slice(2);
if (args.length) console.log(JSON.stringify(readPrompt(args.join(' ')), null, 2));
else for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) console.log(JSON.stringify(readPrompt(line)));
