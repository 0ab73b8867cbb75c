// Worker bootstrap: plain ESM so it starts the same under tsx, vitest and plain node; it registers tsx's
// loader for this thread (unless the parent already runs TypeScript natively) and loads the worker.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
