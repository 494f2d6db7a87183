/** The staff console's small shared pieces: page heading, fields, notices, pagination, dates. */
import { type ReactNode, type Ref, useEffect, useRef } from "react";
import { Form, Link, useActionData } from "react-router";
import { telHref } from "~/domain/format";
import { nationalMobile } from "~/domain/typed-text";

/** What every console page says of itself to a browser or a link preview, with its own title in it. */
export const staffDescription = (title: string) =>
  `${title}: Maison Ivy's staff console, where the salons' team works the site's quotes, applications and content.`;

/** Console pages are for staff only: a title and a description of their own, never indexed. */
export function staffMeta(title: string) {
  return [
    { title: `${title} | Maison Ivy staff` },
    { name: "description", content: staffDescription(title) },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export function StaffHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      {/* A long name (a 35-letter surname) wraps rather than pushing a phone's page sideways. */}
      <h1 className="text-3xl wrap-anywhere sm:text-4xl">{title}</h1>
      {children ? <div className="mt-2 text-muted">{children}</div> : null}
    </div>
  );
}

/** A form of one button that acts on one row of a list, named for screen readers by the row it acts on. */
export function RowAction(props: {
  /** The hidden field that names the row, and its value. */
  field: string;
  value: string | number;
  intent: string;
  label: string;
  of: string;
  className?: string;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name={props.field} value={props.value} />
      <button type="submit" name="intent" value={props.intent} className={`btn-outline ${props.className ?? ""}`}>
        {props.label}
        <span className="sr-only"> {props.of}</span>
      </button>
    </Form>
  );
}

/** A part of a console page under its own heading, which names it for screen readers' list of regions. */
export function StaffSection(props: {
  id: string;
  title: ReactNode;
  className?: string;
  headingClass?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={props.id} className={props.className}>
      <h2 id={props.id} className={props.headingClass ?? "text-2xl"}>
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

/** With a `ref`, the notice can take the focus (a refusal the page moves to). */
export function Notice({
  tone = "info",
  children,
  ref,
}: {
  tone?: "info" | "error" | "success";
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  const colours =
    tone === "error"
      ? "border-accent-dark bg-blush text-ink"
      : tone === "success"
        ? "border-line bg-sand text-ink"
        : "border-line bg-white text-ink";
  return (
    <div
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      role={tone === "error" ? "alert" : "status"}
      className={`my-4 rounded-xl border px-4 py-3 outline-none focus-visible:outline-2 focus-visible:outline-accent-dark ${colours}`}
    >
      {children}
    </div>
  );
}

/**
 * The notice on a record's page just after it was created there: it takes the
 * focus as it appears, so a phone left scrolled down at the Create button
 * shows it, and a screen reader reads it. Without JavaScript the page opens
 * at its top, notice and all. Gone once the record is saved again: the form
 * posts to the page's own address, which still says it was just created, and
 * the save's own notice says what happened then.
 */
export function CreatedNotice({ children }: { children: ReactNode }) {
  const notice = useRef<HTMLDivElement>(null);
  const savedSince = useActionData() !== undefined;
  useEffect(() => {
    notice.current?.focus();
  }, []);
  if (savedSince) return null;
  return (
    <Notice tone="success" ref={notice}>
      {children}
    </Notice>
  );
}

const inputClass =
  "mt-1 block w-full rounded-lg border border-muted bg-white px-3 py-2 text-base text-ink focus:outline-2 focus:outline-accent-dark aria-[invalid=true]:border-accent-dark";

/** A field's label, hint, control and, on the editing screens, its message and the other person's version. */
function FieldShell(props: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  theirs?: string;
  children: ReactNode;
}) {
  return (
    <div className="mb-4">
      <label htmlFor={props.id} className="block font-semibold">
        {props.label}
      </label>
      {props.hint ? (
        <p id={`${props.id}-hint`} className="text-sm text-muted">
          {props.hint}
        </p>
      ) : null}
      {props.children}
      {props.error ? (
        <p id={`${props.id}-error`} className="mt-1 font-semibold text-accent-dark">
          {props.error}
        </p>
      ) : null}
      {props.theirs !== undefined ? (
        <p className="mt-1 rounded-lg bg-sand px-3 py-2 text-sm">
          <span className="font-semibold">Their version: </span>
          <span className="whitespace-pre-wrap">{props.theirs || "(empty)"}</span>
        </p>
      ) : null}
    </div>
  );
}

/** The field's id: its name, and the suffix that tells apart fields of one name in several forms on a page. */
const fieldId = (props: { name: string; idSuffix?: string }) => `field-${props.name}${props.idSuffix ?? ""}`;

/** What a control's `aria-describedby` names: its hint and its message, where it has them. */
export const describedBy = (id: string, hint?: string, error?: string) =>
  [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

/**
 * What every field takes. The editing screens (./edit.tsx) also give the id,
 * the message of a refused save and the other person's value on a conflict.
 */
interface ControlProps {
  label: string;
  name: string;
  defaultValue?: string;
  required?: boolean;
  hint?: string;
  /** Tells apart fields of the same name in several forms on one page. */
  idSuffix?: string;
  id?: string;
  error?: string;
  theirs?: string;
}

/** The shell around a control and the attributes that tie the control to it. */
function control(props: ControlProps) {
  const id = props.id ?? fieldId(props);
  return {
    shell: { id, label: props.label, hint: props.hint, error: props.error, theirs: props.theirs },
    attributes: {
      id,
      name: props.name,
      defaultValue: props.defaultValue,
      "aria-invalid": props.error ? true : undefined,
      "aria-describedby": describedBy(id, props.hint, props.error),
      className: inputClass,
    },
  };
}

export function TextField(
  props: ControlProps & {
    type?: string;
    autoComplete?: string;
    inputMode?: "numeric" | "decimal" | "email" | "text";
    maxLength?: number;
  },
) {
  const { shell, attributes } = control(props);
  return (
    <FieldShell {...shell}>
      <input
        {...attributes}
        type={props.type ?? "text"}
        required={props.required}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
      />
    </FieldShell>
  );
}

export function TextArea(props: ControlProps & { rows?: number; maxLength?: number }) {
  const { shell, attributes } = control(props);
  return (
    <FieldShell {...shell}>
      <textarea {...attributes} rows={props.rows ?? 3} required={props.required} maxLength={props.maxLength ?? 5000} />
    </FieldShell>
  );
}

interface SelectOption {
  value: string;
  label: string;
  /** Options that share a group are listed under it, in the order the groups first appear. */
  group?: string;
}

/**
 * A labelled list. Left to the browser (`defaultValue`) unless `value` is given, which makes it React's to keep
 * (with `onChange`).
 */
export function SelectField(
  props: ControlProps & { options: readonly SelectOption[]; value?: string; onChange?: (value: string) => void },
) {
  const { shell, attributes } = control(props);
  const { onChange, value } = props;
  const option = (o: SelectOption) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  );
  const groups = [...new Set(props.options.map((o) => o.group))];
  return (
    <FieldShell {...shell}>
      <select
        {...attributes}
        {...(value !== undefined && { value, defaultValue: undefined })}
        required={props.required}
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
      >
        {groups.length === 1 && groups[0] === undefined
          ? props.options.map(option)
          : groups.map((group) => (
              <optgroup key={group ?? ""} label={group ?? "Other"}>
                {props.options.filter((o) => o.group === group).map(option)}
              </optgroup>
            ))}
      </select>
    </FieldShell>
  );
}

const dateTime = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/London",
});

/** Call and e-mail buttons for the person a record is from: only those it has a number or address for. */
export function ContactButtons({ mobile, email }: { mobile: string; email?: string }) {
  if (!mobile && !email) return null;
  return (
    <div className="my-3 flex flex-wrap gap-3">
      {mobile ? (
        <a href={telHref(mobile)} className="btn-primary">
          Call {nationalMobile(mobile)}
        </a>
      ) : null}
      {email ? (
        <a href={`mailto:${email}`} className="btn-outline">
          E-mail {email}
        </a>
      ) : null}
    </div>
  );
}

/** Written on the server and the browser alike in London time, so hydration agrees. */
export function When({ at }: { at: string | Date | null }) {
  if (!at) return <>never</>;
  const date = typeof at === "string" ? new Date(at) : at;
  return <time dateTime={date.toISOString()}>{dateTime.format(date)}</time>;
}

/** Previous and next links that keep the list's filters. */
export function Pager({ page, hasNext, search }: { page: number; hasNext: boolean; search: string }) {
  const to = (n: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(n));
    return `?${params}`;
  };
  if (page === 1 && !hasNext) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center gap-3">
      {page > 1 ? (
        <Link to={to(page - 1)} className="btn-outline">
          Previous page
        </Link>
      ) : null}
      <span className="text-sm text-muted">Page {page}</span>
      {hasNext ? (
        <Link to={to(page + 1)} className="btn-outline">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
