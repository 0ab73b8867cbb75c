import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** Spec §2 Landing: sections fade up as they enter the viewport, at threshold 0.12. */
const REVEAL_THRESHOLD = 0.12;

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * Reveal-on-scroll wrapper. With prefers-reduced-motion (or without IntersectionObserver) the
 * content is simply shown, with no animation at all.
 */
export function Reveal({
  children,
  className = '',
  as: Tag = 'section',
  id,
  labelledBy,
}: {
  children: ReactNode;
  className?: string;
  as?: 'section' | 'div';
  id?: string;
  labelledBy?: string;
}) {
  const ref = useRef<HTMLElement | null>(null);
  // Every section starts shown and still, as the server draws it (decision 184), so hydrating finds it as
  // drawn. Before the first paint, a section below the fold is hidden to fade up later; one already in view
  // stays shown (it is part of the first screen, not something that enters it).
  const [phase, setPhase] = useState<'static' | 'hidden' | 'shown'>('static');
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return;
    const r = el.getBoundingClientRect();
    setPhase(r.top < window.innerHeight && r.bottom > 0 ? 'shown' : 'hidden');
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (phase !== 'hidden' || !el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setPhase('shown');
          io.disconnect();
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [phase]);
  const motion =
    phase === 'static'
      ? ''
      : `transition-[opacity,transform] duration-700 ease-out ${phase === 'shown' ? 'translate-y-0 opacity-100' : 'translate-y-6 opacity-0'}`;
  return (
    <Tag ref={ref as never} id={id} aria-labelledby={labelledBy} data-reveal={phase} className={`${motion} ${className}`}>
      {children}
    </Tag>
  );
}
