/**
 * A list staff keep in order (news items, shop banners, shop tiles): each row
 * with its edit form folded away, buttons to move it up or down and to remove
 * it, and a form to add one at the end. Plain forms, so it all works without
 * JavaScript; the intents end in the screen's suffix ("save-banner").
 */
import type { ReactNode } from "react";
import { Form, useActionData } from "react-router";
import type { EditResult } from "~/server/staff/content.server";
import { EditForm, ViewOnSite } from "./edit";

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
  return (
    <>
      <ol className="space-y-4">
        {props.rows.map((row, index) => {
          const title = props.titleOf(row);
          const open = sent?.intent === `save${suffix}` && sent.id === String(row.id);
          return (
            <li key={row.id} className="card p-4 sm:p-5">
              <h3 className="text-xl">
                <span className="text-muted">{index + 1}. </span>
                {title}
              </h3>
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <Form method="post" className="contents">
                  <input type="hidden" name="intent" value={`move${suffix}`} />
                  <input type="hidden" name="id" value={row.id} />
                  <button type="submit" name="direction" value="up" className="btn-outline" disabled={index === 0}>
                    Up<span className="sr-only">: move “{title}” up</span>
                  </button>
                  <button
                    type="submit"
                    name="direction"
                    value="down"
                    className="btn-outline"
                    disabled={index === props.rows.length - 1}
                  >
                    Down<span className="sr-only">: move “{title}” down</span>
                  </button>
                </Form>
                <Form method="post" className="contents">
                  <input type="hidden" name="intent" value={`delete${suffix}`} />
                  <input type="hidden" name="id" value={row.id} />
                  <input type="hidden" name="version" value={row.version} />
                  <button type="submit" className="btn-outline">
                    Remove<span className="sr-only"> “{title}”</span>
                  </button>
                </Form>
                {props.viewHref ? <ViewOnSite href={props.viewHref(row)} /> : null}
              </div>
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
      <details className="card mt-6 p-4 sm:p-5" open={refused?.intent === `add${suffix}`}>
        <summary className="cursor-pointer font-semibold underline">Add a {noun}</summary>
        {/* A new row remounts the form, so it is empty again after an addition. */}
        <div className="mt-3" key={props.rows.length}>
          <EditForm
            intent={`add${suffix}`}
            version={1}
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
