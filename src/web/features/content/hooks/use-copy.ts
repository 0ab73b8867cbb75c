import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '@shared/constants';

async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API refused (permissions, insecure context): the old selection trick still works.
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    const ok = document.execCommand('copy');
    ta.remove();
    return ok;
  }
}

/** Copy to the clipboard; `copiedKey` names what was copied for TIMINGS.copyConfirmMs (spec: 1.5 s confirmation). */
export function useCopy() {
  const [copiedKey, setCopiedKey] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (key: string, text: string) => {
    const ok = await writeClipboard(text);
    if (!ok) return false;
    clearTimeout(timer.current);
    setCopiedKey(key);
    timer.current = setTimeout(() => setCopiedKey(null), TIMINGS.copyConfirmMs);
    return true;
  }, []);
  return { copiedKey, copy };
}
