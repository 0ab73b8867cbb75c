import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { partnersApi } from '@web/features/partners/public';

/** Only a professional's public portfolio picture may be preloaded as the colour reference. */
const PORTFOLIO = /^\/media\/partners\/[A-Za-z0-9_-]{1,64}\/portfolio-[0-9a-f-]{36}\.(jpg|png)$/;

/**
 * "Try this colour on me" from a portfolio photo (issue 18): `/app?reference=<portfolio url>&pro=<slug>`
 * loads the photo as the colour reference once, and names the professional so the result can offer
 * "Ask {business name} about this look".
 */
export function useProLook(onReference: (f: File) => void) {
  const [params] = useSearchParams();
  const reference = params.get('reference') ?? '';
  const pro = params.get('pro') ?? '';
  const loaded = useRef('');
  const onRef = useRef(onReference);
  onRef.current = onReference;
  useEffect(() => {
    if (!PORTFOLIO.test(reference) || loaded.current === reference) return;
    loaded.current = reference;
    const ctl = new AbortController();
    fetch(reference, { signal: ctl.signal })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then((blob) => onRef.current(new File([blob], `portfolio-look.${blob.type === 'image/png' ? 'png' : 'jpg'}`, { type: blob.type || 'image/jpeg' })))
      .catch(() => {
        loaded.current = '';
      });
    return () => ctl.abort();
  }, [reference]);
  const profile = useQuery({
    queryKey: ['partners', 'profile', pro],
    queryFn: ({ signal }) => partnersApi.profile(pro, signal),
    enabled: Boolean(pro) && PORTFOLIO.test(reference),
    staleTime: 300_000,
  });
  return profile.data ? { partnerId: profile.data.id, slug: profile.data.slug ?? profile.data.id, businessName: profile.data.businessName } : null;
}
