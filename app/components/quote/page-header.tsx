import type { ReactNode } from "react";

/** The calm header every quote screen opens with: a small eyebrow, the page's one h1 and an intro line. */
export function QuotePageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <header className="max-w-3xl">
      <p className="eyebrow">{eyebrow}</p>
      {/* A name of one long word (the client's, on her quote) breaks rather than runs off a phone's screen. */}
      <h1 className="mt-3 text-4xl leading-tight wrap-anywhere sm:text-5xl">{title}</h1>
      {children ? <div className="mt-4 text-lg leading-relaxed text-muted">{children}</div> : null}
    </header>
  );
}
