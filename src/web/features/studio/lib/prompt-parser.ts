/**
 * Everything the studio reads a prompt with, behind one dynamic import (usePromptParser): the parser and its
 * word tables are ~18 KB sent, needed only once there are words to read, so the studio's first paint does
 * not wait for them (issue 37).
 */
export { parseHairPrompt } from '@shared/hair/prompt';
export { appliesColour, needsColourOnlyConsent, readRequest } from '@shared/hair/prompt-reading';
export { promptRoute } from './prompt-route';
