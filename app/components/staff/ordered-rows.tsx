/**
 * A list staff keep in order (news items, shop banners, shop tiles): each row
 * with its edit form folded away, buttons to move it up or down, a "Move to"
 * list of places, a pin where the list has pins, and a button to remove it;
 * and a form to add one (at the end, or first where new rows go first).
 * Plain forms, so it all works without JavaScript; the intents end in the
 * screen's suffix ("save-banner").
 *
 * With JavaScript a row can also be dragged by its handle, with a mouse or a
 * finger (decision 090), and every change of order is sent without a page
 * load, as a fetcher of its own: the list shows the new order at once (each
 * change still on its way is applied to the stored order), several can be on
 * their way together, and the focus stays on the control that was used as
 * its row moves.
 */
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Form, useActionData, useFetcher, useFetchers, useSubmit } from "react-router";
import { type OrderChange, placeAt, withChanges } from "~/domain/staff/order";
import type { EditResult } from "~/server/staff/content.server";
import { DragHandle, useDragOrder } from "./drag-order";
import { EditForm, ViewOnSite } from "./edit";

/** Each change of order gets a fetcher of its own, so a second one does not cancel the first. */
let changeCount = 0;

type Values = Readonly<Record<string, string | undefined>>;

/** The "Pinned" mark before a pinned row's title, in the console's lists. */
export function PinnedMark() {
  return (
    <span className="mr-2 inline-block rounded-full bg-ink px-2.5 py-0.5 align-middle text-xs font-semibold tracking-wide text-ivory uppercase">
      Pinned
    </span>
  );
}

/** Pins a row first, or takes its pin away: a form of its own, so it works without JavaScript. */
export function PinForm(props: { intent?: string; id: number; pinned: boolean; title: string }) {
  return (
    <Form method="post" preventScrollReset className="contents">
      <input type="hidden" name="intent" value={props.intent ?? "pin"} />
      <input type="hidden" name="id" value={props.id} />
      <input type="hidden" name="pinned" value={props.pinned ? "0" : "1"} />
      <button type="submit" className="btn-outline">
        {props.pinned ? "Unpin" : "Pin first"}
        <span className="sr-only"> “{props.title}”</span>
      </button>
    </Form>
  );
}

export function OrderedRows<R extends { id: number; version: number; pinned?: boolean }>(props: {
  /** "" or "-banner": appended to each intent. */
  suffix: string;
  rows: readonly R[];
  /** "news item", "banner"… */
  noun: string;
  titleOf: (row: R) => string;
  valuesOf: (row: R) => Values;
  viewHref?: (row: R) => string;
  /** The fields of one row's form, or of the new row's (undefined). */
  fields: (row: R | undefined) => ReactNode;
  /** The rows' forms carry a photo (an EditPicture among the fields). */
  withPicture?: boolean;
  /** Rows can be pinned first (decision 090). */
  pins?: boolean;
}) {
  const encType = props.withPicture ? "multipart/form-data" : undefined;
  const answer = useActionData() as (EditResult & { saved?: Values }) | undefined;
  const refused = answer && "error" in answer ? answer.values : undefined;
  // The row whose form was sent last: unfolded again, whether it was refused or saved.
  const sent = refused ?? answer?.saved;
  const { suffix, noun } = props;
  const submit = useSubmit();
  const moveIntent = `move${suffix}`;
  const placeIntent = `place${suffix}`;
  const changing = useFetchers().filter((f) => {
    const intent = f.formData?.get("intent");
    return f.state !== "idle" && (intent === moveIntent || intent === placeIntent);
  });
  const stored = withChanges(
    props.rows,
    changing.map((f): OrderChange => {
      const id = Number(f.formData?.get("id"));
      if (f.formData?.get("intent") === placeIntent) return { id, to: Number(f.formData?.get("to")) - 1 };
      return { id, direction: f.formData?.get("direction") === "up" ? "up" : "down" };
    }),
  );
  const list = useRef<HTMLOListElement>(null);
  const { drag, pickUp } = useDragOrder({
    list,
    rowId: (id) => `row${suffix}-${id}`,
    // One request stores the drop: the row's id and its new place, counted from 1.
    onDrop: (id, to) => {
      const body = new FormData();
      body.set("intent", placeIntent);
      body.set("id", String(id));
      body.set("to", String(to + 1));
      send(body, id, null);
    },
  });
  const rows = drag ? placeAt(stored, drag.id, drag.to) : stored;
  const pending = changing.length > 0;
  const [addOpen, setAddOpen] = useState(false);
  // The row last moved, and the control to give the focus back to once it has moved (none after a drag).
  const [focus, setFocus] = useState<{ id: number; selector: string | null } | null>(null);
  // The last change's fetcher, held by its key so its answer stays to be shown once it is done.
  const [lastChange, setLastChange] = useState(`${moveIntent}-none`);
  const lastAnswer = useFetcher<{ done?: string; error?: string }>({ key: lastChange }).data;
  const order = rows.map((row) => row.id).join();
  // The row has moved in the page, which takes the focus from the control that moved it: it goes back to that
  // control, or to another of its row's once the row is at an end (where the pressed one is disabled).
  useEffect(() => {
    if (!focus?.selector || order === "") return;
    const lost = document.activeElement === null || document.activeElement === document.body;
    const row = document.getElementById(`row${suffix}-${focus.id}`);
    const control =
      row?.querySelector<HTMLElement>(`${focus.selector}:not([disabled])`) ??
      row?.querySelector<HTMLElement>("button[value]:not([disabled])");
    if (lost) control?.focus();
  }, [focus, order, suffix]);
  const said = pending ? "Saving the order…" : (lastAnswer?.error ?? lastAnswer?.done ?? "");
  const send = (body: FormData, id: number, selector: string | null) => {
    setFocus({ id, selector });
    const key = `${moveIntent}-${++changeCount}`;
    setLastChange(key);
    submit(body, { method: "post", navigate: false, fetcherKey: key, preventScrollReset: true });
  };
  /** A step up or down, or "Move to": sent as a fetcher once the page's script runs. */
  const change = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!submitter) return;
    event.preventDefault();
    const body = new FormData(event.currentTarget, submitter);
    const direction = body.get("direction");
    send(body, Number(body.get("id")), direction ? `button[value="${direction}"]` : 'select[name="to"]');
  };
  return (
    <>
      <ol className="space-y-4" ref={list}>
        {rows.map((row, index) => {
          const title = props.titleOf(row);
          const open = sent?.intent === `save${suffix}` && sent.id === String(row.id);
          const carried = drag?.id === row.id;
          // Up and down stay within the row's own group: pinned rows before the rest.
          const first = index === 0 || (!row.pinned && rows[index - 1]?.pinned === true);
          const last = index === rows.length - 1 || (row.pinned === true && !rows[index + 1]?.pinned);
          return (
            <li
              key={row.id}
              id={`row${suffix}-${row.id}`}
              className={`card p-4 sm:p-5 ${carried ? "relative z-10 bg-white shadow-xl ring-2 ring-accent-dark" : ""}`}
            >
              <div className="flex items-start gap-2">
                <DragHandle carried={carried} onPointerDown={(event) => !pending && pickUp(event, row.id, index)} />
                <h3 className="text-xl">
                  <span className="text-muted">{index + 1}. </span>
                  {row.pinned ? <PinnedMark /> : null}
                  {title}
                </h3>
              </div>
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <Form method="post" className="contents" onSubmit={change}>
                  <input type="hidden" name="intent" value={moveIntent} />
                  <input type="hidden" name="id" value={row.id} />
                  <button type="submit" name="direction" value="up" className="btn-outline" disabled={first}>
                    Up<span className="sr-only">: move “{title}” up</span>
                  </button>
                  <button type="submit" name="direction" value="down" className="btn-outline" disabled={last}>
                    Down<span className="sr-only">: move “{title}” down</span>
                  </button>
                </Form>
                <Form method="post" className="flex items-center gap-2" onSubmit={change}>
                  <input type="hidden" name="intent" value={placeIntent} />
                  <input type="hidden" name="id" value={row.id} />
                  <label htmlFor={`to${suffix}-${row.id}`} className="text-sm font-semibold">
                    Move to<span className="sr-only"> a place for “{title}”</span>
                  </label>
                  {/* Keyed by the order, so it shows where the row now is once the order changes. */}
                  <select
                    key={order}
                    id={`to${suffix}-${row.id}`}
                    name="to"
                    defaultValue={index + 1}
                    className="min-h-11 rounded-lg border border-muted bg-white px-2 py-1 text-sm text-ink focus:outline-2 focus:outline-accent-dark"
                  >
                    {rows.map((other, place) => (
                      <option key={other.id} value={place + 1}>
                        {place + 1}
                      </option>
                    ))}
                  </select>
                  <button type="submit" className="btn-outline px-4">
                    Move<span className="sr-only"> “{title}” there</span>
                  </button>
                </Form>
                {props.pins ? (
                  <PinForm intent={`pin${suffix}`} id={row.id} pinned={row.pinned === true} title={title} />
                ) : null}
                <Form method="post" className="contents" preventScrollReset>
                  <input type="hidden" name="intent" value={`delete${suffix}`} />
                  <input type="hidden" name="id" value={row.id} />
                  <input type="hidden" name="version" value={row.version} />
                  <button type="submit" className="btn-outline">
                    Remove<span className="sr-only"> “{title}”</span>
                  </button>
                </Form>
                {props.viewHref ? <ViewOnSite href={props.viewHref(row)} /> : null}
              </div>
              {/* Beside the row that moved, said politely: the page neither moves nor takes the focus. */}
              <p role="status" className="mt-2 font-semibold empty:hidden">
                {focus?.id === row.id ? said : ""}
              </p>
              <details className="mt-3" open={open}>
                <summary className="cursor-pointer font-semibold underline">Edit “{title}”</summary>
                <div className="mt-3">
                  <EditForm
                    intent={`save${suffix}`}
                    version={row.version}
                    current={props.valuesOf(row)}
                    hidden={{ id: String(row.id) }}
                    idSuffix={`${suffix}-${row.id}`}
                    submitLabel={`Save the ${noun}`}
                    encType={encType}
                  >
                    {props.fields(row)}
                  </EditForm>
                </div>
              </details>
            </li>
          );
        })}
      </ol>
      {/* Open after a refused addition; and, in the browser, as long as it was left open, so an addition's answer shows. */}
      <details
        className="card mt-6 p-4 sm:p-5"
        open={addOpen || refused?.intent === `add${suffix}`}
        onToggle={(event) => setAddOpen(event.currentTarget.open)}
      >
        <summary className="cursor-pointer font-semibold underline">Add a {noun}</summary>
        {/* A new row empties the form again after an addition; the answer stays beside it. */}
        <div className="mt-3">
          <EditForm
            intent={`add${suffix}`}
            version={1}
            resetKey={props.rows.length}
            current={{}}
            idSuffix={`${suffix}-new`}
            submitLabel={`Add the ${noun}`}
            encType={encType}
          >
            {props.fields(undefined)}
          </EditForm>
        </div>
      </details>
    </>
  );
}
