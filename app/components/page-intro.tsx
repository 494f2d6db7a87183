import type { ReactNode } from "react";

/**
 * The opening band of a content page: a small eyebrow, the page's one h1, a
 * lead paragraph and optional actions, on the same blush ground as the home
 * page's hero so every page starts the same calm way.
 */
export function PageIntro({
  eyebrow,
  title,
  lead,
  children,
  align = "left",
}: {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  align?: "left" | "center";
}) {
  const centred = align === "center";
  return (
    <section className="bg-blush/60">
      <div className={`container-page py-14 sm:py-20 ${centred ? "text-center" : ""}`}>
        <div className={`max-w-3xl ${centred ? "mx-auto" : ""}`}>
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h1 className="mt-3 text-4xl leading-tight sm:text-5xl">{title}</h1>
          {lead ? <div className="mt-5 text-lg leading-relaxed text-muted">{lead}</div> : null}
          {children ? (
            <div className={`mt-8 flex flex-wrap gap-3 ${centred ? "justify-center" : ""}`}>{children}</div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
