/** A list's filters: a plain GET form, so filtered lists are links that can be shared and bookmarked. */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";

export function FilterForm({ children, clearTo }: { children: ReactNode; clearTo: string }) {
  return (
    <Form method="get" className="card mb-6 p-4" aria-label="Filters">
      <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">{children}</div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary">
          Show
        </button>
        <Link to={clearTo} className="underline underline-offset-2">
          Clear filters
        </Link>
      </div>
    </Form>
  );
}

export function FilterSelect(props: {
  label: string;
  name: string;
  value: string | number | undefined;
  options: readonly { value: string | number; label: string }[];
}) {
  const id = `filter-${props.name}`;
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block text-sm font-semibold">
        {props.label}
      </label>
      <select
        id={id}
        name={props.name}
        defaultValue={props.value === undefined ? "" : String(props.value)}
        className="mt-1 block w-full rounded-lg border border-muted bg-white px-3 py-2"
      >
        <option value="">Any</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function FilterDate({ label, name, value }: { label: string; name: string; value: string | undefined }) {
  const id = `filter-${name}`;
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        type="date"
        name={name}
        defaultValue={value}
        className="mt-1 block w-full rounded-lg border border-muted bg-white px-3 py-2"
      />
    </div>
  );
}

const STATUS_TABS = [
  { value: "open", label: "Open" },
  { value: "new", label: "New" },
  { value: "maybe", label: "Maybe" },
  { value: "definitely", label: "Definitely" },
  { value: "no", label: "No" },
  { value: "archived", label: "Archived" },
  { value: "all", label: "All" },
];

/** The application statuses as links: a list narrowed to one of them. */
export function StatusTabs({ current, extra = "" }: { current: string; extra?: string }) {
  return (
    <nav aria-label="By status" className="mb-6 overflow-x-auto">
      <ul className="flex gap-1 whitespace-nowrap">
        {STATUS_TABS.map((tab) => (
          <li key={tab.value}>
            <Link
              to={`?status=${tab.value}${extra}`}
              aria-current={tab.value === current ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded-full border border-line px-3 text-sm ${tab.value === current ? "bg-ink text-ivory" : "bg-white hover:bg-sand"}`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
