import { useEffect, useRef, useState, type ReactNode } from 'react';

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
  const [still] = useState(() => prefersReducedMotion() || typeof IntersectionObserver === 'undefined');
  const [shown, setShown] = useState(still);
  useEffect(() => {
    if (still || !ref.current) return;
    const el = ref.current;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setShown(true);
          io.disconnect();
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [still]);
  const motion = still ? '' : `transition-[opacity,transform] duration-700 ease-out ${shown ? 'translate-y-0 opacity-100' : 'translate-y-6 opacity-0'}`;
  return (
    <Tag
      ref={ref as never}
      id={id}
      aria-labelledby={labelledBy}
      data-reveal={still ? 'static' : shown ? 'shown' : 'hidden'}
      className={`${motion} ${className}`}
    >
      {children}
    </Tag>
  );
}
