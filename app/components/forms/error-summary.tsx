import type { MouseEvent, Ref } from "react";
import type { AnyField } from "./fields";

export interface SummaryEntry {
  meta: AnyField;
  /** Put before the message when the message alone does not say which question it is about. */
  label?: string;
}

/** The job and model forms' summary heading; the feedback form has its own. */
export const CORRECT_FIELDS_MESSAGE = "Please correct the highlighted fields";

/**
 * Shown at the top of a form after a failed submit: what is wrong, each line a
 * link to its field. It takes focus (the form moves it here), so a screen
 * reader reads it at once and a keyboard user starts from it.
 */
export function ErrorSummary({
  title,
  entries,
  others = [],
  ref,
}: {
  title: string;
  entries: readonly SummaryEntry[];
  /** Messages about fields the form does not show (a tampered post): listed, without a link. */
  others?: readonly string[];
  ref?: Ref<HTMLDivElement>;
}) {
  const invalid = entries.filter((entry) => entry.meta.errors?.length);
  if (invalid.length === 0 && others.length === 0) return null;

  const goTo = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView({ block: "center", behavior: "smooth" });
  };

  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="scroll-mt-28 rounded-2xl border-2 border-red-700 bg-red-50 p-5 outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent sm:p-6"
    >
      <h2 className="font-sans text-base font-semibold text-red-900">{title}</h2>
      <ul className="mt-3 space-y-1.5 text-sm">
        {invalid.map(({ meta, label }) => (
          <li key={meta.name}>
            <a
              href={`#${meta.id}`}
              onClick={(event) => goTo(event, meta.id)}
              className="font-medium text-red-800 underline decoration-red-800/40 underline-offset-2 hover:decoration-red-800"
            >
              {label ? `${label} ` : ""}
              {meta.errors?.[0]}
            </a>
          </li>
        ))}
        {others.map((message) => (
          <li key={message} className="font-medium text-red-800">
            {message}
          </li>
        ))}
      </ul>
    </div>
  );
}
