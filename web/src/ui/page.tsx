import { useEffect, useRef, type ReactNode } from 'react';

/**
 * One page: its level-1 heading names what it shows, and the browser tab says the same. `focusHeading`: the page
 * replaced another in place (a form's outcome), so keyboard focus moves to its heading instead of the page's body.
 */
export function Page({
  title,
  lead,
  actions,
  focusHeading = false,
  children,
}: {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  focusHeading?: boolean;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Feedback Analysis`;
  }, [title]);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  return (
    <>
      <div className="page-header">
        <div>
          <h1 ref={heading} tabIndex={focusHeading ? -1 : undefined}>
            {title}
          </h1>
          {lead && <p className="lead">{lead}</p>}
        </div>
        {actions && <div className="page-header__actions">{actions}</div>}
      </div>
      {children}
    </>
  );
}

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  const headingId = id ?? `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}
