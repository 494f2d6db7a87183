/**
 * A list staff keep in order (news items, shop banners, shop tiles): each row
 * with its edit form folded away, buttons to move it up or down and to remove
 * it, and a form to add one (at the end, or first where new rows go first).
 * Plain forms, so it all works without JavaScript; the intents end in the
 * screen's suffix ("save-banner").
 *
 * With JavaScript a move is sent without a page load, as a fetcher of its
 * own: the list shows the new order at once (each move still on its way is
 * applied to the stored order), several moves can be on their way together,
 * and the focus stays on the button that was pressed as its row moves.
 */
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { Form, useActionData, useFetcher, useFetchers, useSubmit } from "react-router";
import type { EditResult } from "~/server/staff/content.server";
import { EditForm, ViewOnSite } from "./edit";

/** The rows in the order they will have once the moves still being sent are stored. */
export function withMoves<R extends { id: number }>(
  rows: readonly R[],
  moves: readonly { id: number; direction: "up" | "down" }[],
): R[] {
  const order = [...rows];
  for (const { id, direction } of moves) {
    const at = order.findIndex((row) => row.id === id);
    const to = direction === "up" ? at - 1 : at + 1;
    if (at < 0 || to < 0 || to >= order.length) continue;
    [order[at], order[to]] = [order[to] as R, order[at] as R];
  }
  return order;
}

/** Each move gets a fetcher of its own, so a second press does not cancel the first. */
let moveCount = 0;

type Values = Readonly<Record<string, string | undefined>>;

export function OrderedRows<R extends { id: number; version: number }>(props: {
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
}) {
  const encType = props.withPicture ? "multipart/form-data" : undefined;
  const answer = useActionData() as (EditResult & { saved?: Values }) | undefined;
  const refused = answer && "error" in answer ? answer.values : undefined;
  // The row whose form was sent last: unfolded again, whether it was refused or saved.
  const sent = refused ?? answer?.saved;
  const { suffix, noun } = props;
  const submit = useSubmit();
  const moveIntent = `move${suffix}`;
  const moving = useFetchers().filter((f) => f.state !== "idle" && f.formData?.get("intent") === moveIntent);
  const rows = withMoves(
    props.rows,
    moving.map((f) => ({
      id: Number(f.formData?.get("id")),
      direction: f.formData?.get("direction") === "up" ? ("up" as const) : ("down" as const),
    })),
  );
  const [addOpen, setAddOpen] = useState(false);
  const [focus, setFocus] = useState<{ id: number; direction: "up" | "down" } | null>(null);
  // The last move's fetcher, held by its key so its answer stays to be shown once it is done.
  const [lastMove, setLastMove] = useState(`${moveIntent}-none`);
  const lastAnswer = useFetcher<{ done?: string; error?: string }>({ key: lastMove }).data;
  const order = rows.map((row) => row.id).join();
  // The pressed button's row has moved in the page, which takes the focus from a button: it goes back to that
  // button, or to its twin once the row is at an end (where the pressed one is disabled).
  useEffect(() => {
    if (!focus || order === "") return;
    const lost = document.activeElement === null || document.activeElement === document.body;
    const row = document.getElementById(`row${suffix}-${focus.id}`);
    const button =
      row?.querySelector<HTMLButtonElement>(`button[value="${focus.direction}"]:not([disabled])`) ??
      row?.querySelector<HTMLButtonElement>("button[value]:not([disabled])");
    if (lost) button?.focus();
  }, [focus, order, suffix]);
  const pending = moving.length > 0;
  const said = pending ? "Saving the order…" : (lastAnswer?.error ?? lastAnswer?.done ?? "");
  const move = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!submitter) return;
    event.preventDefault();
    const body = new FormData(event.currentTarget, submitter);
    const id = Number(body.get("id"));
    const direction = body.get("direction") === "up" ? "up" : "down";
    setFocus({ id, direction });
    const key = `${moveIntent}-${++moveCount}`;
    setLastMove(key);
    submit(body, { method: "post", navigate: false, fetcherKey: key, preventScrollReset: true });
  };
  return (
    <>
      <ol className="space-y-4">
        {rows.map((row, index) => {
          const title = props.titleOf(row);
          const open = sent?.intent === `save${suffix}` && sent.id === String(row.id);
          return (
            <li key={row.id} id={`row${suffix}-${row.id}`} className="card p-4 sm:p-5">
              <h3 className="text-xl">
                <span className="text-muted">{index + 1}. </span>
                {title}
              </h3>
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <Form method="post" className="contents" onSubmit={move}>
                  <input type="hidden" name="intent" value={moveIntent} />
                  <input type="hidden" name="id" value={row.id} />
                  <button type="submit" name="direction" value="up" className="btn-outline" disabled={index === 0}>
                    Up<span className="sr-only">: move “{title}” up</span>
                  </button>
                  <button
                    type="submit"
                    name="direction"
                    value="down"
                    className="btn-outline"
                    disabled={index === rows.length - 1}
                  >
                    Down<span className="sr-only">: move “{title}” down</span>
                  </button>
                </Form>
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
