import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { TIMINGS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { useToast } from '@web/components/ui/toast';

/** Set by /checkout/success (docs/product.md §2): the next page that reads it shows the credit toast once. */
const CREDIT_TOAST_FLAG = 'tress.creditToast';

/** A flag older than this is stale (the buyer went elsewhere first) and is dropped silently. */
const FLAG_TTL_MS = 10 * 60 * 1000;

export function markCreditToast() {
  try {
    sessionStorage.setItem(CREDIT_TOAST_FLAG, String(Date.now()));
  } catch {
    /* storage disabled: the success page already said it */
  }
}

function takeCreditToast(): boolean {
  try {
    const at = Number(sessionStorage.getItem(CREDIT_TOAST_FLAG));
    sessionStorage.removeItem(CREDIT_TOAST_FLAG);
    return at > 0 && Date.now() - at < FLAG_TTL_MS;
  } catch {
    return false;
  }
}

/**
 * Spec §2 /billing: ?success=1 (or the session flag) shows 'Credits added successfully!' for 5 s; the parameter is removed.
 * Any page may call it (the studio too) to show the toast after a purchase.
 */
export function useCreditToast() {
  const [params, setParams] = useSearchParams();
  const toast = useToast();
  const success = params.get('success') === '1';
  const shown = useRef(false);
  useEffect(() => {
    const flagged = takeCreditToast();
    if ((success || flagged) && !shown.current) {
      shown.current = true;
      toast(MSG.creditsAdded, 'success', TIMINGS.billingToastMs);
    }
    if (success) {
      setParams(
        (p) => {
          p.delete('success');
          return p;
        },
        { replace: true },
      );
    }
  }, [success, toast, setParams]);
}
