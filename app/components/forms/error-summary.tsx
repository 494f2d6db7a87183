import type { ReactNode } from "react";
import type { AnyField } from "./fields";

export interface SummaryEntry {
  meta: AnyField;
  /** Put before the message when the message alone does not say which question it is about. */
  label?: string;
}

/** The job, model and quote forms' summary heading; the feedback form has its own. */
export const CORRECT_FIELDS_MESSAGE = "Please correct the highlighted fields";

const linkClass =
  "font-medium text-red-800 underline decoration-red-800/40 underline-offset-2 hover:decoration-red-800";

/**
 * Shown at the top of a form after a failed submit: what is wrong, each line a
 * link to its field. It takes the focus (as the page loads after a post
 * without JavaScript, or after a submit in the browser), so a screen reader
 * reads it at once and a keyboard user starts from it.
 */
export function ErrorSummary({
  title,
  entries,
  others = [],
}: {
  title: string;
  entries: readonly SummaryEntry[];
  /** Messages about fields the form does not show (a tampered post, the quote's choices): listed, without a link. */
  others?: readonly string[];
}) {
  const invalid = entries.filter((entry) => entry.meta.errors?.length);
  if (invalid.length === 0 && others.length === 0) return null;
  return (
    <SummaryFrame title={title} autoFocus>
      {invalid.map(({ meta, label }) => (
        <SummaryItem key={meta.name} href={`#${meta.id}`}>
          {label ? `${label} ` : ""}
          {meta.errors?.[0]}
        </SummaryItem>
      ))}
      {others.map((message) => (
        <li key={message} className="font-medium text-red-800">
          {message}
        </li>
      ))}
    </SummaryFrame>
  );
}

/** The summary's box and list. */
function SummaryFrame({ title, autoFocus, children }: { title: string; autoFocus?: boolean; children?: ReactNode }) {
  return (
    <div
      tabIndex={-1}
      role="alert"
      data-error-summary=""
      // biome-ignore lint/a11y/noAutofocus: shown only in answer to a submit, where the visitor's next step starts
      autoFocus={autoFocus}
      className="scroll-mt-28 rounded-2xl border-2 border-red-700 bg-red-50 p-5 outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent sm:p-6"
    >
      <h2 className="font-sans text-base font-semibold text-red-900">{title}</h2>
      <ul className="mt-3 space-y-1.5 text-sm">{children}</ul>
    </div>
  );
}

/** One line of the summary: a link to the field it is about. */
function SummaryItem({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <li>
      <a href={href} className={linkClass}>
        {children}
      </a>
    </li>
  );
}
