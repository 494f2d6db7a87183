/**
 * The form fields every public form uses, built on Conform's field metadata:
 * a visible label, an optional hint, the message list tied to the control with
 * `aria-describedby`, and `aria-invalid` once a submit has failed.
 */
import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { ChevronIcon } from "../icons";

/** Any form's field: the components read only its ids, name, value and messages. */
// biome-ignore lint/suspicious/noExplicitAny: one form's fields must fit, whatever its schema; `unknown` would not accept them
export type AnyField = FieldMetadata<any, any, string[]>;

const labelClass = "block text-sm font-semibold text-ink";
const hintClass = "mt-1 text-sm leading-relaxed text-muted";
const controlClass =
  "mt-2 block w-full rounded-xl border bg-white px-4 py-3 text-base text-ink shadow-[inset_0_1px_2px_rgba(31,27,22,0.05)] transition-colors placeholder:text-muted/70 hover:border-muted";

/** Red while the control says it is invalid: Conform marks it, on the server's answer and in the browser. */
const controlBorder =
  "border-line aria-invalid:border-red-700 aria-invalid:bg-red-50/60 aria-invalid:hover:border-red-800";
/** The same for a radio tile, whose group carries the mark. */
const tileBorder =
  "border-line group-aria-invalid:border-red-700 group-aria-invalid:bg-red-50/60 group-aria-invalid:hover:border-red-800";

function WarningIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="mt-0.5 size-4 shrink-0">
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <path d="M8 4.5v4.2" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
      <circle cx="8" cy="11.3" r="0.95" fill="#fff" />
    </svg>
  );
}

/**
 * A field's messages; its id is what the control's `aria-describedby` points
 * at. Always there, hidden while empty, so the list a screen reader was
 * pointed at is the one that fills.
 */
function ErrorList({ id, errors }: { id?: string; errors?: readonly string[] | null }) {
  return (
    <ul id={id} hidden={!errors?.length} className="mt-2 space-y-1">
      {errors?.map((error) => (
        <ErrorItem key={error}>{error}</ErrorItem>
      ))}
    </ul>
  );
}

/** One message under a field. */
function ErrorItem({ children }: { children?: ReactNode }) {
  return (
    <li className="flex gap-1.5 text-sm font-medium text-red-800">
      <WarningIcon />
      <span>{children}</span>
    </li>
  );
}

function Label({
  htmlFor,
  id,
  children,
  optional,
}: {
  htmlFor?: string;
  id?: string;
  children: ReactNode;
  optional?: boolean;
}) {
  return (
    <label htmlFor={htmlFor} id={id} className={labelClass}>
      {children}
      {optional ? <span className="ml-1.5 font-normal text-muted">(optional)</span> : null}
    </label>
  );
}

interface CommonProps {
  meta: AnyField;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
}

const hintIdOf = (meta: AnyField, hint: ReactNode) => (hint ? `${meta.id}-hint` : undefined);

/** Label, hint and messages around one control. */
function FieldShell({
  meta,
  label,
  hint,
  hintId,
  optional,
  className,
  children,
}: CommonProps & { hintId?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <Label htmlFor={meta.id} optional={optional}>
        {label}
      </Label>
      {hint ? (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      ) : null}
      {children}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function Field({
  meta,
  label,
  hint,
  optional,
  className,
  type = "text",
  autoComplete = type === "text" ? undefined : type,
}: CommonProps & {
  /** "tel" and "email" also bring the phone's keyboard and the browser's autofill for that kind. */
  type?: "text" | "email" | "tel";
  autoComplete?: string;
}) {
  const kindOfValue = type === "text" ? undefined : type;
  const hintId = hintIdOf(meta, hint);
  const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: hintId });
  return (
    <FieldShell meta={meta} label={label} hint={hint} hintId={hintId} optional={optional} className={className}>
      <input
        key={key}
        {...props}
        autoComplete={autoComplete}
        inputMode={kindOfValue}
        aria-required={optional ? undefined : true}
        className={`${controlClass} ${controlBorder}`}
      />
    </FieldShell>
  );
}

export function TextareaField({ meta, label, hint, optional, className, rows = 5 }: CommonProps & { rows?: number }) {
  const hintId = hintIdOf(meta, hint);
  const { key, ...props } = getTextareaProps(meta, { ariaDescribedBy: hintId });
  return (
    <FieldShell meta={meta} label={label} hint={hint} hintId={hintId} optional={optional} className={className}>
      <textarea
        key={key}
        {...props}
        rows={rows}
        aria-required={optional ? undefined : true}
        className={`${controlClass} ${controlBorder} min-h-28 resize-y leading-relaxed`}
      />
    </FieldShell>
  );
}

export interface Option {
  value: string;
  label: string;
}

/** A native select; its first option should be "Please select" with the value "". */
export function SelectField({
  meta,
  label,
  hint,
  optional,
  className,
  options,
}: CommonProps & { options: readonly Option[] }) {
  const hintId = hintIdOf(meta, hint);
  const { key, ...props } = getSelectProps(meta, { ariaDescribedBy: hintId });
  return (
    <FieldShell meta={meta} label={label} hint={hint} hintId={hintId} optional={optional} className={className}>
      <div className="relative">
        <select
          key={key}
          {...props}
          aria-required={optional ? undefined : true}
          className={`${controlClass} ${controlBorder} appearance-none pr-11`}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronIcon className="pointer-events-none absolute top-1/2 right-4 mt-1 size-3 -translate-y-1/2 text-muted" />
      </div>
    </FieldShell>
  );
}

export interface RadioOption extends Option {
  /** Shown small under the label (e.g. "Poor" under "1"); part of the accessible name. */
  detail?: string;
}

/**
 * A required pick from a few options: a fieldset with its question as legend,
 * announced as a radio group. The first radio carries the field's id, so the
 * error summary's link lands on the group.
 */
export function RadioGroup({
  meta,
  label,
  hint,
  options,
  columns = options.length,
  className,
}: CommonProps & { options: readonly RadioOption[]; columns?: number }) {
  const legendId = `${meta.id}-legend`;
  const hintId = hintIdOf(meta, hint);
  const invalid = !!meta.errors;
  const describedBy = [invalid ? meta.errorId : undefined, hintId].filter(Boolean).join(" ") || undefined;
  return (
    // The wrapper carries any frame: a legend sits on its fieldset's border otherwise.
    <div className={className}>
      <fieldset
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a radio group may be marked required and invalid; a plain fieldset may not
        role="radiogroup"
        className="group"
        aria-labelledby={legendId}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-required
      >
        <legend id={legendId} className={`${labelClass} leading-snug`}>
          {label}
        </legend>
        {hint ? (
          <p id={hintId} className={hintClass}>
            {hint}
          </p>
        ) : null}
        <div
          className="mt-3 grid gap-1.5 sm:gap-2"
          style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        >
          {options.map((option, index) => {
            const { key, ...props } = getInputProps(meta, {
              type: "radio",
              value: option.value,
              ariaAttributes: false,
            });
            const id = index === 0 ? meta.id : `${meta.id}-${index}`;
            return (
              <label
                key={`${key ?? ""}${option.value}`}
                htmlFor={id}
                className={`relative flex min-h-12 cursor-pointer flex-col items-center justify-center rounded-xl border bg-white px-1 py-2 text-center transition-colors hover:border-ink has-[:checked]:border-ink has-[:checked]:bg-ink has-[:checked]:text-ivory has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent ${tileBorder}`}
              >
                {/* Transparent over the whole tile, so a tap anywhere on it is a tap on the radio itself. */}
                <input
                  {...props}
                  id={id}
                  aria-describedby={invalid ? meta.errorId : undefined}
                  className="absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-xl opacity-0 forced-colors:static forced-colors:mb-1 forced-colors:size-4 forced-colors:appearance-auto forced-colors:opacity-100"
                />
                <span className="text-base leading-tight font-semibold">{option.label}</span>
                {option.detail ? (
                  <>
                    <span className="sr-only"> – </span>
                    <span className="mt-0.5 text-[0.7rem] leading-tight tracking-wide opacity-80 sm:text-xs">
                      {option.detail}
                    </span>
                  </>
                ) : null}
              </label>
            );
          })}
        </div>
        <ErrorList id={meta.errorId} errors={meta.errors} />
      </fieldset>
    </div>
  );
}

/** An optional tick box. */
export function Checkbox({ meta, label, className }: { meta: AnyField; label: ReactNode; className?: string }) {
  const { key, ...props } = getInputProps(meta, { type: "checkbox" });
  return (
    <div className={className}>
      <label
        htmlFor={meta.id}
        className="flex cursor-pointer items-start gap-3 rounded-xl border border-line bg-white px-4 py-3 transition-colors hover:border-muted has-[:checked]:border-ink"
      >
        <input key={key} {...props} className="mt-0.5 size-5 shrink-0 accent-accent-dark" />
        <span className="text-sm leading-relaxed text-ink">{label}</span>
      </label>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
