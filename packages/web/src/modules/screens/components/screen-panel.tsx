import type { ReactNode } from 'react';

/** A titled panel of a wall; its title names the region. */
export function ScreenPanel({ title, className, children }: { title: string; className: string; children: ReactNode }) {
  return (
    <section className={`data-view-panel ${className}`} aria-label={title}>
      <h2 className="data-view-panel__title">{title}</h2>
      <div className="data-view-panel__body">{children}</div>
    </section>
  );
}
