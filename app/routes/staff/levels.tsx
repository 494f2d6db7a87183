import { Link, redirect, useSearchParams } from "react-router";
import { EditForm, EditNotice, EditText, ViewOnSite } from "~/components/staff/edit";
import { QuotePreviewTables } from "~/components/staff/price-fields";
import { Notice, StaffHeading, staffMeta } from "~/components/staff/ui";
import { previewQuotes } from "~/domain/price-preview";
import { levelSchema, percentText } from "~/domain/staff/price-list";
import { staffPath } from "~/domain/staff/routes";
import { requestContext } from "~/server/request-context.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { parseEdit, refuse } from "~/server/staff/content.server";
import { priceListForStaff, pricingCatalogue, saveLevel } from "~/server/staff/price-list.server";
import { recordId } from "~/server/staff/records.server";
import type { Route } from "./+types/levels";

export const meta = () => staffMeta("Stylist levels");

/** The levels, and with ?preview (a level form's Preview button, a GET) what its typed uplift does to typical quotes. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "levels");
  const { services, levels, rounding } = await priceListForStaff(args.context.get(requestContext).db);
  const url = new URL(args.request.url);
  const previewId = url.searchParams.has("preview") ? recordId(url.searchParams.get("id") ?? undefined) : null;
  let preview = null;
  let previewError: string | null = null;
  const typed = { name: url.searchParams.get("name") ?? "", uplift: url.searchParams.get("uplift") ?? "" };
  if (previewId !== null && levels.some((level) => level.id === previewId)) {
    const parsed = levelSchema.safeParse(typed);
    if (!parsed.success) previewError = parsed.error.issues.map((issue) => issue.message).join(" ");
    else {
      const before = pricingCatalogue(services, levels, rounding);
      const after = pricingCatalogue(
        services,
        levels.map((level) =>
          level.id === previewId ? { ...level, name: parsed.data.name, adapterBp: parsed.data.uplift } : level,
        ),
        rounding,
      );
      preview = { levelId: previewId, quotes: previewQuotes({ before, after, levelIds: [previewId] }) };
    }
  }
  return {
    levels: levels.map((level) => {
      const previewing = level.id === previewId;
      return {
        id: level.id,
        version: previewing ? Number(url.searchParams.get("version")) || level.version : level.version,
        current: previewing ? typed : { name: level.name, uplift: percentText(level.adapterBp) },
      };
    }),
    preview,
    previewError,
    previewId,
    saved: levels.find((level) => String(level.id) === url.searchParams.get("saved"))?.name ?? null,
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, input } = await requireStaffAction(args, "levels");
  const id = recordId(input.id);
  if (!id) return refuse(404, { error: "That level no longer exists." });
  const parsed = parseEdit(levelSchema, input);
  if (!parsed.ok) return parsed.refusal;
  const refusal = await saveLevel(args.context.get(requestContext).db, staff, id, input, parsed.value);
  if (refusal) return refusal;
  // A fresh address: the forms then carry the new versions, not the one a preview's address named.
  return redirect(staffPath(`content/levels?saved=${id}`));
}

export default function Levels({ loaderData, actionData }: Route.ComponentProps) {
  const { levels, preview, previewError, previewId, saved } = loaderData;
  const [search] = useSearchParams();
  return (
    <>
      <StaffHeading title="Stylist levels">
        Each level's uplift is added to the{" "}
        <Link to={staffPath("content/prices")} className="underline">
          price list
        </Link>{" "}
        for colour, cutting and styling (treatments cost the same at every level). Quotes already given keep their
        prices. <ViewOnSite href="/prices">Open the calculator</ViewOnSite>
      </StaffHeading>
      <EditNotice />
      {saved && !actionData ? (
        <Notice tone="success">{saved} saved. The calculator and the price pages use it now.</Notice>
      ) : null}
      {previewError ? <Notice tone="error">The preview needs another look: {previewError}</Notice> : null}
      {preview ? <QuotePreviewTables previews={preview.quotes} heading="Typical quotes at this level" /> : null}
      <ol className="grid gap-4 lg:grid-cols-2">
        {levels.map((level) => (
          <li key={level.id} className="card p-5">
            <h2 className="mb-3 text-xl">Level {level.id}</h2>
            <EditForm
              key={level.id === previewId && search.has("preview") ? "preview" : "stored"}
              intent="level"
              version={level.version}
              current={level.current}
              hidden={{ id: String(level.id) }}
              idSuffix={`-${level.id}`}
              submitLabel={`Save level ${level.id}`}
            >
              <EditText name="name" label="Name" required maxLength={80} />
              <EditText
                name="uplift"
                label="Uplift (%)"
                required
                inputMode="text"
                hint="Added to the Stylist price: 12.32 adds 12.32%, -20 takes 20% off."
              />
              <button type="submit" name="preview" value="1" formMethod="get" className="btn-outline mb-4 mr-3">
                Preview level {level.id}
              </button>
            </EditForm>
          </li>
        ))}
      </ol>
    </>
  );
}
