// Worker bootstrap: plain ESM so it starts the same under tsx, vitest and plain node; it registers tsx's
// loader for this thread (unless the parent already runs TypeScript natively) and loads the worker module
// named in workerData.entry (relative to this folder; the engine's pool worker by default).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(new URL(workerData?.entry ?? './worker.ts', import.meta.url).href);
