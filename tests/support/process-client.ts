import { PROCESS_ORIGIN, type AppProcess } from './app-process';

/** Calls to an app process (tests/support/app-process.ts) as a browser on its origin would make them. */

export const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

export function call(
  app: Pick<AppProcess, 'url'>,
  path: string,
  init: { method?: string; cookie?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { origin: PROCESS_ORIGIN, ...init.headers };
  if (init.cookie) headers.cookie = init.cookie;
  let body: string | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  return fetch(`${app.url}${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
}

/** Live events of one SSE response, each with the time it arrived. */
export function sseEvents(res: Response) {
  const events: Array<{ event: string; data: string; at: number }> = [];
  const waiters: Array<() => void> = [];
  void (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      buf += decoder.decode(value, { stream: true });
      let i;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const event = block.match(/^event: (.*)$/m)?.[1] ?? 'message';
        const data = block.match(/^data: (.*)$/m)?.[1];
        if (data !== undefined) events.push({ event, data, at: performance.now() });
        waiters.splice(0).forEach((w) => w());
      }
    }
  })();
  return {
    events,
    /** The first event matching, waiting at most `ms`. */
    async next(match: (e: { event: string; data: string }) => boolean, ms: number) {
      const deadline = performance.now() + ms;
      for (;;) {
        const hit = events.find(match);
        if (hit) return hit;
        const left = deadline - performance.now();
        if (left <= 0) throw new Error(`no matching event within ${ms} ms: ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left);
          waiters.push(() => (clearTimeout(t), resolve()));
        });
      }
    },
    cancel: () => res.body!.cancel().catch(() => undefined),
  };
}
