/**
 * The console's edit forms, one way for every content screen. The form
 * carries the row's version (see app/server/staff/content.server.ts) and,
 * after a refused save, shows what was typed rather than the stored row, so
 * nothing is lost with or without JavaScript. On a conflict it shows the
 * other person's values beside each field they changed.
 */
import {
  type ChangeEvent,
  createContext,
  type FormEvent,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { Form, Link, type ShouldRevalidateFunction, useActionData, useNavigation } from "react-router";
import { MAX_PICTURE_BYTES, PICTURE_INPUT_TYPES, type PictureRef, pictureUrl } from "~/domain/pictures";
import { decodeTextFile } from "~/domain/staff/text-file";
import type { EditResult } from "~/server/staff/content.server";
import { Picture } from "../picture";
import { useConsoleState } from "./console-state";
import { FocusChooser } from "./focus-chooser";
import { describedBy, Notice, SelectField, TextArea, TextField } from "./ui";

type Values = Readonly<Record<string, string | undefined>>;

interface EditState {
  /** The stored row, as the form's fields name it. */
  current: Values;
  /** What was posted in a refused save, if this answer is one. */
  posted?: Values;
  fieldErrors: Readonly<Record<string, string>>;
  stale: boolean;
  idSuffix: string;
}

const EditContext = createContext<EditState | null>(null);

function useField(name: string) {
  const state = useContext(EditContext);
  if (!state) throw new Error(`The field ${name} is outside an EditForm`);
  const id = `edit-${name}${state.idSuffix}`;
  const stored = state.current[name] ?? "";
  const value = state.posted ? (state.posted[name] ?? "") : stored;
  return {
    id,
    value,
    error: state.fieldErrors[name],
    /** On a conflict: the other person's value, where it differs from what was typed. */
    theirs: state.stale && state.posted && stored !== value ? stored : undefined,
  };
}

interface FieldProps {
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
}

/** A field of the row: its stored or typed value, message and the other person's value, from the EditForm around it. */
function useEditProps<P extends FieldProps>(props: P) {
  const { value, ...field } = useField(props.name);
  return { ...props, ...field, defaultValue: value };
}

export function EditText(
  props: FieldProps & {
    type?: "text" | "date" | "time" | "datetime-local" | "number" | "url" | "email" | "tel";
    maxLength?: number;
    inputMode?: "numeric" | "decimal" | "text";
  },
) {
  return <TextField {...useEditProps(props)} />;
}

export function EditTextArea(props: FieldProps & { rows?: number; maxLength?: number }) {
  return <TextArea {...useEditProps(props)} rows={props.rows ?? 4} maxLength={props.maxLength ?? 20_000} />;
}

export function EditSelect(props: FieldProps & { options: readonly { value: string; label: string }[] }) {
  return <SelectField {...useEditProps(props)} />;
}

/** A switch posted as "on" when ticked and absent when not (see `checkbox` in app/domain/staff/content.ts). */
export function EditCheckbox(props: Omit<FieldProps, "required">) {
  const field = useField(props.name);
  return (
    <div className="mb-4">
      <label htmlFor={field.id} className="flex items-center gap-3 font-semibold">
        <input
          id={field.id}
          name={props.name}
          type="checkbox"
          defaultChecked={field.value === "on"}
          aria-describedby={describedBy(field.id, props.hint, field.error)}
          className="size-5 accent-accent-dark"
        />
        {props.label}
      </label>
      {props.hint ? (
        <p id={`${field.id}-hint`} className="ml-8 text-sm text-muted">
          {props.hint}
        </p>
      ) : null}
      {field.error ? (
        <p id={`${field.id}-error`} className="ml-8 font-semibold text-accent-dark">
          {field.error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A picture field: the picture shown now, a file to replace it and the
 * description the upload needs (posted as `{name}Alt`). The form must be
 * multipart (EditForm's `encType`) and its action must take files
 * (requireStaffAction with `uploads`), then hand them to storePicture.
 * A file too large is refused as soon as it is chosen; the server checks
 * everything again. A chosen photo is shown beside the current one before it
 * is sent. With JavaScript a refused save leaves the page in place, so the
 * chosen file stays chosen (the form is not remounted: see EditForm); without
 * it the browser cannot keep it, so the message asks for it again.
 */
export function EditPicture(props: {
  name: string;
  label: string;
  hint?: string;
  current: PictureRef | null;
  /** What the site shows while no picture is uploaded. */
  fallback: { src: string; width: number; height: number };
  /** A description such a photo might have, for the hint. */
  example?: string;
  /**
   * While a picture is uploaded, a box to go back to the illustration
   * (`name`, such as "removePicture"; `hint` says what shows instead).
   */
  remove?: { name: string; hint: string };
  /** Offers the focal point chooser, posted as `{name}FocusX` and `{name}FocusY` (see focus-chooser.tsx). */
  focus?: boolean;
}) {
  const file = useField(props.name);
  const hintId = `${file.id}-hint`;
  const chosen = useChosenPhoto();
  const focusX = useField(`${props.name}FocusX`);
  const focusY = useField(`${props.name}FocusY`);
  const current = props.current;
  // The photo to choose on: the one just chosen (its point starts in the middle), else the one on the site.
  const focusSrc =
    chosen.preview?.url ??
    (current ? pictureUrl(current.id, current.widths[Math.min(1, current.widths.length - 1)] as number, "jpg") : null);
  return (
    <fieldset className="mb-6 rounded-xl border border-line p-4">
      <legend className="px-1 font-semibold">{props.label}</legend>
      <div className="flex flex-wrap items-start gap-4">
        <div className="w-28 shrink-0">
          <Picture
            picture={props.current}
            fallback={props.fallback.src}
            fallbackWidth={props.fallback.width}
            fallbackHeight={props.fallback.height}
            sizes="112px"
            alt={props.current ? `Now: ${props.current.alt}` : "Now: the demo illustration"}
            className="h-auto w-28 rounded-lg border border-line bg-sand object-cover"
          />
          {chosen.preview ? (
            <figure className="mt-2">
              <img
                src={chosen.preview.url}
                alt={`Chosen, not saved yet: ${chosen.preview.name}`}
                data-testid="photo-preview"
                className="h-auto w-28 rounded-lg border-2 border-accent-dark object-cover"
              />
              <figcaption className="text-sm text-muted">Chosen, not saved yet</figcaption>
            </figure>
          ) : null}
        </div>
        {/* At least 13rem wide: on a phone the field goes below the picture instead of squeezing beside it. */}
        <div className="min-w-0 flex-1 basis-52">
          <label htmlFor={file.id} className="block font-semibold">
            New photo (optional)
          </label>
          <p id={hintId} className="text-sm text-muted">
            {props.hint ? `${props.hint} ` : ""}JPEG, PNG, WebP or an iPhone's HEIC, up to{" "}
            {MAX_PICTURE_BYTES / 1024 / 1024} MB.
          </p>
          <input
            id={file.id}
            name={props.name}
            type="file"
            accept={PICTURE_INPUT_TYPES}
            aria-invalid={file.error || chosen.problem ? true : undefined}
            aria-describedby={describedBy(file.id, "hint", file.error || chosen.problem)}
            onChange={chosen.onChange}
            className="mt-1 block w-full text-base"
          />
          {chosen.problem ? (
            <p id={`${file.id}-error`} role="alert" className="mt-1 font-semibold text-accent-dark">
              {chosen.problem}
            </p>
          ) : file.error ? (
            <p id={`${file.id}-error`} className="mt-1 font-semibold text-accent-dark">
              {file.error}
            </p>
          ) : null}
        </div>
      </div>
      <div className="mt-4">
        <EditText
          name={`${props.name}Alt`}
          label="Description of the new photo"
          hint={`Required with a new photo: what it shows, for people who cannot see it (“${props.example ?? "Isla smiling at the colour bar"}”).`}
          maxLength={250}
        />
        {props.current && props.remove ? (
          <EditCheckbox name={props.remove.name} label="Remove the uploaded photo" hint={props.remove.hint} />
        ) : null}
      </div>
      {props.focus ? (
        <FocusChooser
          // A newly chosen photo starts with its point in the middle.
          key={chosen.preview?.url ?? "current"}
          src={focusSrc}
          x={{
            name: `${props.name}FocusX`,
            id: focusX.id,
            value: chosen.preview ? "50" : focusX.value,
            error: focusX.error,
          }}
          y={{
            name: `${props.name}FocusY`,
            id: focusY.id,
            value: chosen.preview ? "50" : focusY.value,
            error: focusY.error,
          }}
        />
      ) : null}
    </fieldset>
  );
}

/**
 * One edit form: `current` is the stored row as the fields name it
 * (checkboxes as "on" or ""), `version` the row's version. Several forms on
 * one page need their own `idSuffix` and `intent`.
 */
export function EditForm(props: {
  intent: string;
  version: number;
  current: Values;
  submitLabel: string;
  /** The button's name for screen readers where several forms share a label: it must start with the label. */
  submitName?: string;
  idSuffix?: string;
  /** Extra hidden fields, such as the id of the row on a page of many. */
  hidden?: Values;
  encType?: "multipart/form-data";
  /** Empties the fields when it changes, as a new version does (a form that adds rows: their count). */
  resetKey?: string | number;
  children: ReactNode;
}) {
  const answer = useActionData() as EditResult | undefined;
  const mine = answer && "error" in answer && answer.values?.intent === props.intent ? answer : undefined;
  const posted = mine?.values && (props.hidden?.id === undefined || mine.values.id === props.hidden.id);
  const state: EditState = {
    current: props.current,
    posted: posted ? mine?.values : undefined,
    fieldErrors: (posted && mine?.fieldErrors) || {},
    stale: Boolean(posted && mine?.stale),
    idSuffix: props.idSuffix ?? "",
  };
  const formId = useId();
  const shared = useConsoleState();
  const navigation = useNavigation();
  const sentHere = shared.lastSent === formId;
  const sending = sentHere && navigation.state !== "idle" && navigation.formMethod !== undefined;
  const saved = sentHere && navigation.state === "idle" && answer && "done" in answer ? answer.done : undefined;
  const button = useRef<HTMLButtonElement>(null);
  const { markDirty } = shared;
  // Refused: what was typed is still unsaved.
  useEffect(() => {
    if (posted) markDirty(formId, true);
  }, [posted, formId, markDirty]);
  useEffect(() => () => markDirty(formId, false), [formId, markDirty]);
  // A save remounts the fields (below): the focus goes back to the button that was pressed, not to the top.
  useEffect(() => {
    if (saved && (document.activeElement === document.body || document.activeElement === null)) button.current?.focus();
  }, [saved]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Sent once: the same version posted again would be refused as stale.
    if (sending) {
      event.preventDefault();
      return;
    }
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    // The blog's Preview button saves nothing: the changes are still unsaved after it.
    if (submitter?.getAttribute("name") !== "preview") markDirty(formId, false);
    shared.noteSent(formId);
  };
  const changed = () => markDirty(formId, true);
  return (
    <EditContext value={state}>
      {/* A new version remounts the fields, so a save shows what is now stored; a refused save keeps them, chosen files included. */}
      <Form
        key={`${props.version}-${props.resetKey ?? ""}`}
        method="post"
        encType={props.encType}
        className="max-w-2xl"
        preventScrollReset
        onSubmit={onSubmit}
        onInput={changed}
        onChange={changed}
      >
        <input type="hidden" name="intent" value={props.intent} />
        <input type="hidden" name="version" value={props.version} />
        {Object.entries(props.hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value ?? ""} />
        ))}
        {props.children}
        <button
          ref={button}
          type="submit"
          className="btn-primary"
          aria-label={sending ? undefined : props.submitName}
          aria-disabled={sending ? true : undefined}
        >
          {sending ? "Saving…" : props.submitLabel}
        </button>
      </Form>
      {/* Beside the form it answers, and polite: said without moving anyone's focus or scroll. */}
      <p role="status" className="mt-2 font-semibold empty:hidden">
        {saved ?? ""}
      </p>
    </EditContext>
  );
}

/**
 * A photo chosen in a picture field: a preview of it (an object URL, let go
 * when another is chosen or the field goes), or why it is refused.
 */
function useChosenPhoto() {
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null);
  const [problem, setProblem] = useState("");
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview.url) : undefined), [preview]);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    const refusal = file ? photoRefusal(file.size) : "";
    input.setCustomValidity(refusal);
    setProblem(refusal);
    setPreview(file && !refusal ? { url: URL.createObjectURL(file), name: file.name } : null);
    if (refusal) input.reportValidity();
  };
  return { preview, problem, onChange };
}

/**
 * A file field whose chosen text file is read into the text box `into` (an
 * id), which the form posts as text; pasting into that box works without a
 * script. The file's bytes are read in the encoding they were written in
 * (decodeTextFile: UTF-8, UTF-16 or Windows-1252), posted as `encodingName`
 * when given so the server can say which it was. A file longer than the box
 * takes leaves it empty (and the import refused as such), never cut short.
 */
export function TextFileInto(props: {
  id: string;
  accept: string;
  into: string;
  encodingName?: string;
  className?: string;
}) {
  const [encoding, setEncoding] = useState("");
  // Text typed or pasted over the file's is no longer in the file's encoding: only the script's own event is untrusted.
  useEffect(() => {
    const box = document.getElementById(props.into);
    const typed = (event: Event) => event.isTrusted && setEncoding("");
    box?.addEventListener("input", typed);
    return () => box?.removeEventListener("input", typed);
  }, [props.into]);
  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.currentTarget.files?.[0];
    const box = document.getElementById(props.into);
    if (!chosen || !(box instanceof HTMLTextAreaElement)) return;
    const file = decodeTextFile(new Uint8Array(await chosen.arrayBuffer()));
    const fits = !(box.maxLength > 0 && file.text.length > box.maxLength);
    box.value = fits ? file.text : "";
    setEncoding(fits ? file.encoding : "");
    // As if typed: its form now has changes to keep.
    box.dispatchEvent(new Event("input", { bubbles: true }));
  };
  return (
    <>
      <input
        id={props.id}
        type="file"
        accept={props.accept}
        className={props.className}
        onChange={(e) => void read(e)}
      />
      {props.encodingName ? <input type="hidden" name={props.encodingName} value={encoding} /> : null}
    </>
  );
}

/** Why a photo of this size is refused, or "" when it is not: the server's limit, told before the upload. */
export function photoRefusal(bytes: number, max = MAX_PICTURE_BYTES): string {
  return bytes > max
    ? `That photo is ${(bytes / 1024 / 1024).toFixed(1)} MB: please choose one of up to ${max / 1024 / 1024} MB.`
    : "";
}

/**
 * The page's answer to the last save, at the top of the page. Once a form has
 * been sent without a page load, a save's confirmation shows beside its form
 * instead (EditForm); a refusal still shows here, and takes the focus, so the
 * page goes to what needs fixing. When the refusal is about fields, a button
 * takes the focus on to the first of them, which on a phone can be screens
 * further down (a bulk import's reasons are under its box).
 */
export function EditNotice() {
  const answer = useActionData() as EditResult | undefined;
  const { lastSent } = useConsoleState();
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer && "error" in answer && lastSent !== null) summary.current?.focus();
  }, [answer, lastSent]);
  if (!answer) return null;
  if ("done" in answer) return lastSent === null ? <Notice tone="success">{answer.done}</Notice> : null;
  const aboutFields = Object.keys(answer.fieldErrors ?? {}).length > 0;
  return (
    <Notice tone="error" ref={summary}>
      {answer.error}
      {aboutFields ? (
        <button
          type="button"
          className="mt-2 block font-semibold underline"
          onClick={() => document.querySelector<HTMLElement>('main form [aria-invalid="true"]')?.focus()}
        >
          Go to what needs correcting
        </button>
      ) : null}
    </Notice>
  );
}

/** The public page an edit screen changes, opened beside the console. */
export function ViewOnSite({ href, children = "View on the site" }: { href: string; children?: ReactNode }) {
  return (
    <Link to={href} reloadDocument target="_blank" rel="noopener" className="underline">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </Link>
  );
}

/**
 * An edit screen's `shouldRevalidate`: React Router skips reloading a page
 * after an action answers 4xx, but after a 409 the form must show the row as
 * it is now (the other person's version, and its new version number so a
 * second save can replace it). Export it from every edit screen's route.
 */
export const revalidateAfterSave: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod !== "GET" ? true : defaultShouldRevalidate;
