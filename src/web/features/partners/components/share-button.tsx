import { Check, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { TIMINGS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { useToast } from '@web/components/ui/toast';

/** Web Share API where there is one, else copy the link; a confirmation shows for 1.8 s (docs/product.md §9). */
export function ShareButton({ title, text }: { title: string; text: string }) {
  const [copied, setCopied] = useState(false);
  const toast = useToast();
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), TIMINGS.shareConfirmMs);
    return () => clearTimeout(t);
  }, [copied]);
  async function share() {
    const url = window.location.href;
    if (navigator.share) {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (e) {
        if ((e as Error).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      toast(MSG.shareUnsupported, 'error');
    }
  }
  return (
    <Button variant="secondary" onClick={() => void share()} aria-live="polite">
      {copied ? <Check className="h-4 w-4 text-emerald-600" aria-hidden /> : <Share2 className="h-4 w-4" aria-hidden />}
      {copied ? 'Link copied!' : 'Share'}
    </Button>
  );
}
