/** A titled section of a long form; with an id it can take the focus when a problem inside it is shown. */
import type { ReactNode } from 'react';

export function FormSection({ title, id, description, children }: { title: string; id?: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id ? `${id}-heading` : undefined} id={id} tabIndex={id ? -1 : undefined} className="space-y-3 focus:outline-none">
      <div>
        <h3 id={id ? `${id}-heading` : undefined} className="text-sm font-bold uppercase tracking-wide text-muted">{title}</h3>
        {description && <p className="mt-0.5 text-sm text-muted">{description}</p>}
      </div>
      {children}
    </section>
  );
}
