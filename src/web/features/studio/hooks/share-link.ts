import { MSG } from '@shared/messages';

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'unsupported';

/** Web Share API when the browser has it, else the clipboard; 'unsupported' when neither works. */
export async function shareOrCopy(url: string, title: string): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text: `${title} — tried on with Tress`, url });
      return 'shared';
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return 'cancelled';
      // fall through to the clipboard (e.g. not allowed in this context)
    }
  }
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(url);
      return 'copied';
    } catch {
      return 'unsupported';
    }
  }
  return 'unsupported';
}

export const SHARE_TEXT = { copied: 'Share link copied to your clipboard.', unsupported: MSG.shareUnsupported } as const;
