import type { ReactNode } from "react";
import { ReturnLink } from "~/components/return-link";
import { TickIcon } from "../icons";

/**
 * The frame of the form pages: a calm heading band, then the form in a card
 * beside (on wide screens) or above (on phones) what the visitor may want to
 * know first.
 */
export function FormPage({
  eyebrow,
  title,
  intro,
  back,
  aside,
  asideFirst,
  children,
}: {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  /** A link back to the page above, in the heading band. */
  back?: { to: string; label: string };
  aside?: ReactNode;
  /** On phones, show the aside above the form (when the form makes little sense without it). */
  asideFirst?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <section className="bg-blush/50">
        <div className="container-page py-12 sm:py-20">
          {back ? (
            <div className="mb-8">
              <ReturnLink
                to={back.to}
                className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-ink underline-offset-4 hover:text-accent-dark hover:underline"
              >
                {back.label}
              </ReturnLink>
            </div>
          ) : null}
          <p className="eyebrow">{eyebrow}</p>
          <h1 className="mt-4 max-w-3xl text-4xl leading-tight sm:text-5xl">{title}</h1>
          <div className="mt-6 max-w-2xl space-y-4 text-lg leading-relaxed text-muted">{intro}</div>
        </div>
      </section>
      <div className="container-page grid gap-10 py-10 sm:py-16 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.75fr)] lg:gap-16">
        <div className="card p-5 sm:p-10 lg:order-2">{children}</div>
        {aside ? <aside className={`space-y-8 lg:order-1 ${asideFirst ? "order-first" : ""}`}>{aside}</aside> : null}
      </div>
    </>
  );
}

/** A list with a small accent tick before each line. */
export function TickList({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className="space-y-3">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of text that never reorders
        <li key={index} className="flex gap-3">
          <TickIcon className="mt-1 size-4 shrink-0 text-accent-dark" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** A short titled block for the aside. */
export function AsideBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-2xl">{title}</h2>
      <div className="mt-4 space-y-3 leading-relaxed text-muted">{children}</div>
    </section>
  );
}
