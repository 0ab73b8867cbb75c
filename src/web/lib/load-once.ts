/**
 * A module fetched when it is first needed instead of with the page (decision 199): a form's schemas are zod,
 * ~27 KB gzip that no first paint uses, so a form loads them as a person starts on it (`warm`, on focus) and
 * waits for them on submit. Every call shares one download; a failed one is tried again on the next call.
 */
export function loadOnce<T>(load: () => Promise<T>): (() => Promise<T>) & { warm: () => void } {
  let pending: Promise<T> | undefined;
  const get = () =>
    (pending ??= load().catch((e: unknown) => {
      pending = undefined;
      throw e;
    }));
  return Object.assign(get, { warm: () => void get().catch(() => undefined) });
}
