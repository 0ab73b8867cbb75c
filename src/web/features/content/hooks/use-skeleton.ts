import { useEffect, useState } from 'react';
import { TIMINGS } from '@shared/constants';

/** Spec §2 /styles: the gallery shows its skeleton for 500 ms after it opens. */
export function useSkeleton(ms: number = TIMINGS.gallerySkeletonMs): boolean {
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const t = setTimeout(() => setLoading(false), ms);
    return () => clearTimeout(t);
  }, [ms]);
  return loading;
}
