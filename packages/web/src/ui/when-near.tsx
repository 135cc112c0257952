import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';
import { whenIdleAfterLoad } from './idle-queue.js';

/** How far outside the viewport a section starts rendering, so a reader scrolling finds it built. */
const NEAR_MARGIN = '200px 0px';

/**
 * Renders `children` once its place comes near the viewport, or else when the browser is idle
 * after the page has loaded (one such section per idle period): the first screen is rendered and
 * answers input before the sections below it are built. Until then `placeholder` holds the
 * section's place. The switch is a transition, so React renders the section in small slices.
 */
export function WhenNear({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const show = () => startTransition(() => setNear(true));
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) show();
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    const dequeue = whenIdleAfterLoad(show);
    return () => {
      observer.disconnect();
      dequeue();
    };
  }, [near]);
  if (near) return children;
  return <div ref={place}>{placeholder}</div>;
}
