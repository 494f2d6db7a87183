/**
 * The one scaffold of every console list: heading, download link, tabs,
 * the search box with the list's filters, the rows and the pager. The search
 * form is a plain GET form, so a searched and filtered list is a link that
 * works without JavaScript and can be shared; tabs and pages keep the search.
 * With JavaScript it applies itself: a filter as soon as it is changed, the
 * search a moment after the typing stops, without a page load, the address
 * still saying what is shown.
 */
import { type FormEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { Form, Link, useFetcher, useSubmit } from "react-router";
import { can, type Permission } from "~/domain/staff/access";
import type { ListState, RecordListData } from "~/domain/staff/lists";
import { type RecordKind, STATUS_LABELS, statusOptions } from "~/domain/staff/records";
import { EXPORT_LISTS, type ExportList, staffPath } from "~/domain/staff/routes";
import { ExportLink, useStaffUser } from "./export-link";
import { type ActionMessage, StatusBadge, useStatusChoice } from "./record";
import { Pager, StaffHeading, TextField, When } from "./ui";

export interface ListTabs {
  /** The URL parameter the tabs set. */
  name: string;
  label: string;
  current: string;
  options: readonly { value: string; label: string }[];
}

/** The application statuses: "open" is everything not archived. */
const STATUS_TABS: ListTabs["options"] = [
  { value: "open", label: "Open" },
  { value: "new", label: "New" },
  { value: "maybe", label: "Maybe" },
  { value: "definitely", label: "Definitely" },
  { value: "no", label: "No" },
  { value: "archived", label: "Archived" },
  { value: "all", label: "All" },
];

/** A link to the same list with one parameter changed, its search and other filters kept, from its first page. */
function withParam(search: string, name: string, value: string) {
  const params = new URLSearchParams(search);
  params.set(name, value);
  params.delete("page");
  return `?${params}`;
}

/** Every tab in sight: on a phone they wrap onto a second row rather than hide past the screen's edge. */
function Tabs({ tabs, search }: { tabs: ListTabs; search: string }) {
  return (
    <nav aria-label={tabs.label} className="mb-4">
      <ul className="flex flex-wrap gap-1 whitespace-nowrap">
        {tabs.options.map((tab) => (
          <li key={tab.value}>
            <Link
              to={withParam(search, tabs.name, tab.value)}
              aria-current={tab.value === tabs.current ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded-full border border-line px-3 text-sm ${tab.value === tabs.current ? "bg-ink text-ivory" : "bg-white hover:bg-sand"}`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** How many of the list's own filters are set: the search box, the page and the tabs are not filters. */
function filtersInUse(search: string, keep?: string) {
  let count = 0;
  for (const [name, value] of new URLSearchParams(search)) {
    if (value && name !== "q" && name !== "page" && name !== keep) count++;
  }
  return count;
}

/**
 * The filters fold away behind one line, so on a phone the search box and
 * the first rows are on the first screen; they stay open while any is set,
 * so staff always see what narrows the list.
 */
function Filters({
  search,
  keep,
  inView,
  children,
}: {
  search: string;
  keep?: string;
  inView?: boolean;
  children: ReactNode;
}) {
  const inUse = filtersInUse(search, keep);
  const fields = <div className="mt-2 grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">{children}</div>;
  if (inView)
    return (
      <fieldset className="mb-4">
        <legend className="font-semibold">Filters{inUse > 0 ? ` (${inUse} in use)` : ""}</legend>
        {fields}
      </fieldset>
    );
  return (
    <details open={inUse > 0} className="group mb-4">
      <summary className="inline-flex min-h-11 cursor-pointer items-center gap-2 font-semibold underline-offset-2 hover:underline">
        <span aria-hidden="true" className="inline-block transition-transform group-open:rotate-90">
          ▸
        </span>
        <span>Filters{inUse > 0 ? ` (${inUse} in use)` : ""}</span>
      </summary>
      {fields}
    </details>
  );
}

/** The typing in the search box pauses this long before the list is asked for, so a word makes one request (one audited look). */
const SEARCH_DELAY_MS = 400;

/**
 * The search form's change handler (`onChange`): sends it at once for a
 * filter, after a pause for the search box; and `cancel`, for when the list
 * is asked for another way first (the Search button, Enter, Clear). Left
 * waiting, the pause would ask again a moment later: a second audited look,
 * and a navigation that cuts short whatever was sent in between (marking
 * the ticked quotes, say).
 */
function useApplyAsChanged() {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const cancel = () => clearTimeout(timer.current);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const typed = event.target instanceof HTMLInputElement && event.target.type === "search";
    cancel();
    // Replacing the entry: Back leaves the list rather than stepping through every letter typed.
    timer.current = setTimeout(
      () => submit(form, { replace: true, preventScrollReset: true }),
      typed ? SEARCH_DELAY_MS : 0,
    );
  };
  return { onChange, cancel };
}

/** Each list's words: its heading, what its search looks in, what it says when it shows nothing. */
const LISTS = {
  leads: {
    title: "Quotes",
    intro: "Every quote saved on the website, newest first.",
    hint: "Name, e-mail, mobile number or a note",
    empty: "No quotes match.",
  },
  jobs: {
    title: "Job applications",
    intro: "From the stylist, apprentice and Saturday forms, newest first.",
    hint: "Name, e-mail, mobile number, what they say about themselves, or a note",
    empty: "No applications here.",
  },
  models: {
    title: "Model applications",
    intro: "People offering to be hair models for training.",
    hint: "Name, mobile number, what they wrote or a note",
    empty: "No model applications here.",
  },
  feedback: {
    title: "Feedback",
    intro: "Answers to the client survey, newest first.",
    hint: "Name, mobile number, comments or a note",
    empty: "No feedback here.",
  },
  messages: {
    title: "Messages",
    intro: "E-mails and texts the site sends, from the outbox.",
    hint: "Address or mobile number it went to, what it was, or why it failed",
    empty: "No messages here.",
  },
  audit: {
    title: "Audit log",
    intro: "Every change, and every look at someone's details, newest first.",
    hint: "Who did it, a record’s number or words in its details",
    empty: "Nothing recorded that matches.",
  },
} as const satisfies Record<string, { title: string; intro: string; hint: string; empty: string }>;
export type ListKind = keyof typeof LISTS;

const isExportList = (kind: ListKind): kind is ListKind & ExportList =>
  (EXPORT_LISTS as readonly string[]).includes(kind);

/**
 * A console list: `count` is how many rows this page shows; `filters` the
 * list's own fields (FilterSelect, FilterDate), sent with the search,
 * folded away unless `filtersInView` (or one is in use);
 * `notice` the answer to an action taken on the list.
 */
export function ListPage({
  kind,
  list,
  count,
  tabs,
  filters,
  filtersInView,
  notice,
  children,
}: {
  kind: ListKind;
  list: ListState;
  count: number;
  tabs?: ListTabs;
  filters?: ReactNode;
  filtersInView?: boolean;
  notice?: ReactNode;
  children: ReactNode;
}) {
  const words = LISTS[kind];
  const applyAsChanged = useApplyAsChanged();
  // Fields are the browser's own (uncontrolled): when the list changes by a link (a tab, "Clear"), each field not
  // being typed in is set to what the list now shows, as a page load would.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const params = new URLSearchParams(list.search);
    for (const field of form.current?.elements ?? []) {
      if (field === document.activeElement) continue;
      if (field instanceof HTMLSelectElement || (field instanceof HTMLInputElement && field.type !== "hidden"))
        field.value = field.name === "q" ? list.q : (params.get(field.name) ?? "");
    }
  }, [list.search, list.q]);
  return (
    <>
      <StaffHeading title={words.title}>{words.intro}</StaffHeading>
      {isExportList(kind) ? <ExportLink list={kind} /> : null}
      {notice}
      {tabs ? <Tabs tabs={tabs} search={list.search} /> : null}
      <Form
        ref={form}
        method="get"
        className="card mb-6 p-4"
        aria-label="Search and filters"
        preventScrollReset
        onChange={applyAsChanged.onChange}
        onSubmit={applyAsChanged.cancel}
      >
        {tabs ? <input type="hidden" name={tabs.name} value={tabs.current} /> : null}
        <TextField label="Search" name="q" type="search" defaultValue={list.q} hint={words.hint} maxLength={100} />
        {filters ? (
          <Filters search={list.search} keep={tabs?.name} inView={filtersInView}>
            {filters}
          </Filters>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary">
            Search
          </button>
          {/* "clear" also forgets the filters remembered for this list (list-page.server.ts). */}
          <Link
            to={tabs ? `?${tabs.name}=${tabs.current}&clear=1` : "?clear=1"}
            onClick={applyAsChanged.cancel}
            className="underline underline-offset-2"
          >
            {filters ? "Clear search and filters" : "Clear search"}
          </Link>
        </div>
      </Form>
      {count === 0 ? (
        <p className="text-muted" role="status">
          {list.q ? `${words.empty} Nothing matches “${list.q}”.` : words.empty}
        </p>
      ) : (
        children
      )}
      <Pager page={list.page} hasNext={list.hasNext} search={list.search} />
    </>
  );
}

/** A list's rows as cards: its name (a link to the record, where it has a page), a line or two, and on the right its status or an action. */
export function ListCards({
  label,
  tableAbove,
  children,
}: {
  label: string;
  /** The same rows are a ListTable on wide screens: the cards are for narrower ones only. */
  tableAbove?: boolean;
  children: ReactNode;
}) {
  return (
    <ul className={`space-y-3 ${tableAbove ? "lg:hidden" : ""}`} aria-label={label}>
      {children}
    </ul>
  );
}

/** The whole card opens the record (its name's link stretched over it), so a thumb anywhere on it will do. */
export function ListCard(props: { title: string; href?: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <li
      className={`card flex flex-wrap items-start justify-between gap-3 p-4 ${props.href ? "relative hover:bg-sand/60 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-accent-dark" : ""}`}
    >
      <div className="min-w-0">
        {props.href ? (
          <Link
            to={props.href}
            className="text-lg font-semibold wrap-anywhere underline underline-offset-2 after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {props.title}
          </Link>
        ) : (
          <p className="font-semibold wrap-anywhere">{props.title}</p>
        )}
        {props.children}
      </div>
      {props.aside}
    </li>
  );
}

/** What the loader of an application or feedback list gives its page (loadRecordList). */

/** Where each record of a list worked by status has its page. */
const RECORD_PAGES = {
  jobs: staffPath("applications"),
  models: staffPath("models"),
  feedback: staffPath("feedback"),
} as const;

export function RecordListPage({ kind, data }: { kind: keyof typeof RECORD_PAGES; data: RecordListData }) {
  const recordKind = RECORD_KINDS_OF[kind];
  // What the role may do decides whether the row offers it; the record's action checks it again.
  const staff = useStaffUser();
  const canUpdate = staff !== null && can(staff.role, UPDATE_PERMISSION[kind]);
  return (
    <ListPage
      kind={kind}
      list={data.list}
      count={data.items.length}
      tabs={{ name: "status", label: "By status", current: data.status, options: STATUS_TABS }}
    >
      <ListTable label={LISTS[kind].title}>
        <thead>
          <tr className="border-b border-ink text-left">
            <th scope="col" className="py-2 pr-3">
              Name
            </th>
            <th scope="col" className="py-2 pr-3">
              Details
            </th>
            <th scope="col" className="py-2 pr-3">
              Received
            </th>
            <th scope="col" className="py-2">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((item) => (
            <tr key={item.id} className="border-b border-line align-middle">
              <th scope="row" className="py-2 pr-3 text-left font-semibold">
                <Link to={`${RECORD_PAGES[kind]}/${item.id}`} className="underline underline-offset-2">
                  {item.name}
                </Link>
              </th>
              <td className="py-2 pr-3 text-sm text-muted">{item.detail}</td>
              <td className="py-2 pr-3 text-sm whitespace-nowrap">
                <When at={item.createdAt} />
              </td>
              <td className="py-2">
                {canUpdate ? (
                  <InlineStatus
                    kind={recordKind}
                    action={`${RECORD_PAGES[kind]}/${item.id}`}
                    status={item.status}
                    who={item.name}
                  />
                ) : (
                  <StatusBadge status={item.status} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <ListCards label={LISTS[kind].title} tableAbove>
        {data.items.map((item) => (
          <ListCard
            key={item.id}
            title={item.name}
            href={`${RECORD_PAGES[kind]}/${item.id}`}
            aside={<StatusBadge status={item.status} />}
          >
            <p className="text-sm text-muted">
              {item.detail ? `${item.detail} · ` : ""}
              <When at={item.createdAt} />
            </p>
          </ListCard>
        ))}
      </ListCards>
    </ListPage>
  );
}

const UPDATE_PERMISSION = {
  jobs: "applications.update",
  models: "applications.update",
  feedback: "feedback.update",
} as const satisfies Record<keyof typeof RECORD_PAGES, Permission>;

const RECORD_KINDS_OF = { jobs: "job", models: "model", feedback: "feedback" } as const satisfies Record<
  keyof typeof RECORD_PAGES,
  RecordKind
>;

/**
 * A list's rows as a table, on a screen wide enough for one (from 1024 px);
 * below that the same rows show as cards (ListCards, hidden here in turn).
 */
export function ListTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <table className="hidden w-full lg:table">
      <caption className="sr-only">{label}</caption>
      {children}
    </table>
  );
}

/**
 * A record's status changed from its row, without opening it: the record's
 * own page's form (same action, same checks, same history line), sent by a
 * fetcher so the list stays where it is.
 */
export function InlineStatus({
  kind,
  action,
  status,
  who,
}: {
  kind: RecordKind;
  action: string;
  status: string;
  who: string;
}) {
  const save = useFetcher<ActionMessage>({ key: `status-of-${action}` });
  const id = useId();
  const saving = save.state !== "idle";
  const answer = saving ? undefined : save.data;
  const choice = useStatusChoice(status, save);
  return (
    <save.Form
      method="post"
      action={action}
      preventScrollReset
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => (saving ? event.preventDefault() : choice.sent())}
    >
      <label htmlFor={id} className="sr-only">
        Status of {who}
      </label>
      <select
        id={id}
        name="status"
        value={choice.value}
        onChange={(event) => choice.pick(event.currentTarget.value)}
        className="min-h-11 rounded-lg border border-muted bg-white px-2 py-1 text-sm text-ink focus:outline-2 focus:outline-accent-dark"
      >
        {statusOptions(kind).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <button
        type="submit"
        name="intent"
        value="status"
        className="min-h-11 rounded-full border border-ink px-3 text-sm font-semibold hover:bg-ink hover:text-ivory"
        aria-disabled={saving || undefined}
      >
        {saving ? (
          "Saving…"
        ) : (
          <>
            Save<span className="sr-only"> status of {who}</span>
          </>
        )}
      </button>
      <span role={answer && "error" in answer ? "alert" : "status"} className="text-sm empty:hidden">
        {answer ? ("error" in answer ? answer.error : `${STATUS_LABELS[status] ?? status} saved`) : ""}
      </span>
    </save.Form>
  );
}

/** A column heading that sorts the list by it: the first press in `first`, the next in `then`. */
export function SortHeader({
  label,
  search,
  current,
  first,
  then,
}: {
  label: string;
  search: string;
  current: string;
  first: { value: string; direction: "ascending" | "descending" };
  then: { value: string; direction: "ascending" | "descending" };
}) {
  const active = current === first.value ? first : current === then.value ? then : null;
  const next = active === first ? then : first;
  return (
    <th scope="col" aria-sort={active?.direction ?? "none"} className="py-2 pr-3">
      <Link to={withParam(search, "sort", next.value)} preventScrollReset className="underline underline-offset-2">
        {label}
        <span aria-hidden="true">{active ? (active.direction === "ascending" ? " ↑" : " ↓") : ""}</span>
        <span className="sr-only">, sort {next.direction}</span>
      </Link>
    </th>
  );
}
