import type { ReactNode } from "react";

/** A titled part of a long text page (privacy, accessibility): its heading names the section for screen readers. */
export function PageSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-2xl sm:text-3xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
