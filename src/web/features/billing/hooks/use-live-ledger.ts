import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveEvent } from '@shared/events';
import { LEDGER_KEY } from '../api/billing-api';

/** Refreshes the history when the balance changes live (a purchase, a generation elsewhere). */
export function useLiveLedger() {
  const qc = useQueryClient();
  useEffect(() => {
    const onLive = (e: Event) => {
      if ((e as CustomEvent<LiveEvent>).detail?.type === 'credits') void qc.invalidateQueries({ queryKey: LEDGER_KEY });
    };
    window.addEventListener('tress:live', onLive);
    return () => window.removeEventListener('tress:live', onLive);
  }, [qc]);
}
