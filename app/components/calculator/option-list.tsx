export interface OptionItem {
  key: string | number;
  name: string;
  /** Right-hand detail, e.g. the price at the chosen level. */
  detail?: string | null;
  /** Second line, e.g. a short description. */
  description?: string | null;
  href: string;
  selected: boolean;
  /** Why it cannot be chosen; set for options shown faded. */
  unavailable?: string | null;
}

const optionBase =
  "flex min-h-14 w-full items-center justify-between gap-4 rounded-xl border px-4 py-3 text-left transition-colors";

/**
 * A step's choices as a list of links (plain GET navigation, so it works
 * without JavaScript). An unavailable option is not a link: it is shown faded
 * with the reason, marked aria-disabled, and cannot be focused or chosen.
 */
export function OptionList({ items, columns = 2, label }: { items: OptionItem[]; columns?: 1 | 2; label?: string }) {
  // From the label, not useId: the calculator hydrates on its own, and its ids must match the server's (one list per label on a page).
  const idPrefix = `options-${(label ?? "").toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <ul aria-label={label} className={`grid gap-2.5 ${columns === 2 ? "sm:grid-cols-2" : ""}`}>
      {items.map((item) => (
        <li key={item.key}>
          {item.unavailable ? (
            <span
              aria-disabled="true"
              className={`${optionBase} cursor-not-allowed border-dashed border-line bg-sand/40 text-muted`}
            >
              <span>
                <span className="block font-medium">{item.name}</span>
                <span className="mt-0.5 block text-xs">{item.unavailable}</span>
              </span>
            </span>
          ) : (
            <a
              href={item.href}
              aria-current={item.selected ? "true" : undefined}
              // "Half Head, £33, your choice": one clear name; the description is read after it.
              aria-label={[item.name, item.detail, item.selected ? "your choice" : null].filter(Boolean).join(", ")}
              aria-describedby={item.description ? `${idPrefix}-${item.key}` : undefined}
              className={`${optionBase} group border-line bg-white hover:border-ink aria-[current=true]:border-accent-dark aria-[current=true]:bg-blush/50 aria-[current=true]:ring-1 aria-[current=true]:ring-accent-dark`}
            >
              <span>
                <span className="block font-medium">{item.name}</span>
                {item.description ? (
                  // Read as the description, after the name; hidden from the name itself, which is the label.
                  <span id={`${idPrefix}-${item.key}`} aria-hidden="true" className="mt-0.5 block text-sm text-muted">
                    {item.description}
                  </span>
                ) : null}
              </span>
              {/* Keeps the name and the price apart in the link's text, as in its label (a flex row draws no space). */}{" "}
              <span className="flex shrink-0 items-center gap-2">
                {item.detail ? <span className="font-semibold tabular-nums">{item.detail}</span> : null}
                {item.selected ? <CheckIcon /> : null}
              </span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

export function CheckIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" className="size-5 text-accent-dark">
      <path fill="currentColor" d="M8.1 13.4 4.7 10l-1.2 1.2 4.6 4.6 9-9-1.2-1.2z" />
    </svg>
  );
}
