import type { ReactNode } from 'react';

/**
 * A wide table's own sideways-scrolling region: focusable and named, so a keyboard user can scroll it to the columns
 * a narrow screen hides (axe-core's scrollable-region-focusable).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={`${label} (scrolls sideways)`}>
      {children}
    </div>
  );
}
