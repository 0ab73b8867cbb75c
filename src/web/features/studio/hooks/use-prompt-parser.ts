import { useEffect, useState } from 'react';
import type * as Parser from '../lib/prompt-parser';

type PromptParser = typeof Parser;

let loaded: PromptParser | null = null;
let loading: Promise<PromptParser> | null = null;

function loadPromptParser(): Promise<PromptParser> {
  loading ??= import('../lib/prompt-parser').then((m) => (loaded = m));
  // a failed load (the connection dropped) is tried again the next time words are typed
  loading.catch(() => (loading = null));
  return loading;
}

/**
 * The prompt parser, fetched the first time `wanted` is true (there are words to read) and kept for the
 * page's life; null until it has arrived. Until then the studio says nothing about the words and Generate
 * waits, so no render is paid for on a reading the person has not seen.
 */
export function usePromptParser(wanted: boolean): PromptParser | null {
  const [parser, setParser] = useState(loaded);
  useEffect(() => {
    if (!wanted || parser) return;
    let live = true;
    loadPromptParser().then(
      (p) => live && setParser(p),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, parser]);
  return parser;
}
