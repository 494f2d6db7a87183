/**
 * The focal point of a photo, chosen in the member form: a tap or click on
 * the whole photo puts the point there, the arrow keys move it (Shift for ten
 * steps, Home back to the middle), and two range inputs say and set the same
 * values, which is what the form posts, so it works before (or without) the
 * script too. Beside it, the photo as each place on the site crops it, with
 * the point applied as those pages apply it (object-position).
 */
import { type KeyboardEvent, type MouseEvent, useId, useRef, useState } from "react";
import { type Focus, focusAfterKey, focusAt, focusText, objectPosition } from "~/domain/picture-focus";

/**
 * The boxes the site puts a portrait in, as their classes say: the team card,
 * the quote and the stylist dialog are 4 wide by 5 high (a small one on a
 * phone, a column wide above); the profile too, larger; an offer's page
 * shows a round one; the top of the member's page is 2 by 1 until a montage
 * is uploaded.
 */
const PREVIEWS = [
  { label: "Team card", className: "h-32 w-[6.4rem] rounded-xl" },
  { label: "Quote", className: "h-24 w-20 rounded-xl" },
  { label: "Profile", className: "aspect-[4/5] w-36 rounded-2xl" },
  { label: "Offer page", className: "size-18 rounded-full" },
  { label: "Top of their page, until a montage is uploaded", className: "aspect-[2/1] w-64 rounded-2xl" },
] as const;

interface FocusField {
  name: string;
  id: string;
  /** The stored or posted value ("30"). */
  value: string;
  error?: string;
}

const percent = (value: string) => {
  const n = Number(value);
  return Number.isFinite(n) && value !== "" ? Math.min(100, Math.max(0, Math.round(n))) : 50;
};

export function FocusChooser(props: {
  /** The photo to choose on: the one chosen for upload, else the one on the site; none: the fields alone. */
  src: string | null;
  x: FocusField;
  y: FocusField;
}) {
  const [focus, setFocus] = useState<Focus>({ x: percent(props.x.value), y: percent(props.y.value) });
  const photo = useRef<HTMLImageElement>(null);
  const baseId = useId();
  const statusId = `${baseId}-status`;
  const hintId = `${baseId}-hint`;

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    // Enter or Space on the button "clicks" at no point: the arrow keys are the keyboard's way.
    if (event.detail === 0 || !photo.current) return;
    setFocus(focusAt(photo.current.getBoundingClientRect(), event.clientX, event.clientY));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = focusAfterKey(focus, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    setFocus(next);
  };
  const position = objectPosition(focus);

  return (
    <fieldset className="mt-4 rounded-lg border border-line p-3">
      <legend className="px-1 font-semibold">Focal point</legend>
      <p id={hintId} className="text-sm text-muted">
        The part to keep in view (usually the face) wherever the site crops the photo.
        {props.src ? " Tap it on the photo, or focus the photo and use the arrow keys (Shift: ten at a time)." : ""}
      </p>
      {props.src ? (
        <div className="mt-3 flex flex-wrap items-start gap-4">
          <button
            type="button"
            onClick={onClick}
            onKeyDown={onKeyDown}
            aria-label="Focal point on the photo"
            aria-describedby={`${statusId} ${hintId}`}
            className="relative block w-full max-w-56 shrink-0 cursor-crosshair overflow-hidden rounded-lg border border-line bg-sand focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent"
          >
            <img ref={photo} src={props.src} alt="" className="block h-auto w-full" data-testid="focus-photo" />
            <span
              aria-hidden="true"
              data-testid="focus-marker"
              className="pointer-events-none absolute size-8 -translate-x-1/2 -translate-y-1/2 rounded-full border-[3px] border-white shadow-[0_0_0_2px_rgba(0,0,0,0.6)]"
              style={{ left: `${focus.x}%`, top: `${focus.y}%` }}
            />
          </button>
          <div className="flex min-w-0 flex-1 basis-64 flex-wrap items-start gap-3">
            {PREVIEWS.map((preview) => (
              <figure key={preview.label} className="text-sm">
                <img
                  src={props.src as string}
                  alt=""
                  data-testid="focus-preview"
                  className={`${preview.className} border border-line bg-sand object-cover`}
                  style={{ objectPosition: position }}
                />
                {/* As wide as the picture (its own width counts for nothing): the caption wraps under it. */}
                <figcaption className="mt-1 w-0 min-w-full text-muted">{preview.label}</figcaption>
              </figure>
            ))}
          </div>
        </div>
      ) : null}
      <p id={statusId} aria-live="polite" className="mt-3 font-medium">
        Focal point: {focusText(focus)}
      </p>
      <div className="mt-2 grid gap-x-4 sm:grid-cols-2">
        {[
          { field: props.x, label: "Across, from the left (%)", axis: "x" as const },
          { field: props.y, label: "Down, from the top (%)", axis: "y" as const },
        ].map(({ field, label, axis }) => (
          <div key={field.name} className="mb-2">
            <label htmlFor={field.id} className="block text-sm font-semibold">
              {label}
            </label>
            <input
              id={field.id}
              name={field.name}
              type="range"
              min={0}
              max={100}
              step={1}
              value={focus[axis]}
              onChange={(event) => setFocus({ ...focus, [axis]: percent(event.currentTarget.value) })}
              aria-invalid={field.error ? true : undefined}
              aria-describedby={field.error ? `${field.id}-error` : undefined}
              className="mt-1 block w-full accent-accent-dark"
            />
            {field.error ? (
              <p id={`${field.id}-error`} className="mt-1 font-semibold text-accent-dark">
                {field.error}
              </p>
            ) : null}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
