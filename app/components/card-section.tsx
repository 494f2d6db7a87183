import type { ReactNode } from "react";

/** A card that is a section of its page (`id`, for links to it), named by its own heading for screen readers. */
export function CardSection({
  id,
  title,
  className = "",
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={`card p-6 sm:p-8 ${className}`}>
      <h2 id={headingId} className="text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
