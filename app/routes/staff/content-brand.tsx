/**
 * How the group describes itself on every page: the day the first salon
 * opened, from which "celebrating N years" counts, and the line "two salons
 * and a training academy", counted from the salons unless staff write their
 * own. Two settings, two forms, each saved against its own version.
 */
import { parseISO } from "date-fns";
import { EditForm, EditNotice, EditText, revalidateAfterSave, ViewOnSite } from "~/components/staff/edit";
import { StaffHeading, StaffSection, staffMeta } from "~/components/staff/ui";
import { beginnings, brandFacts, DEFAULT_BRAND, groupLine } from "~/domain/brand";
import { formatLongDate } from "~/domain/dates";
import { now } from "~/server/clock.server";
import { listSalons } from "~/server/queries/catalogue.server";
import { requestContext } from "~/server/request-context.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { brandForConsole, saveFounded, saveGroupLine } from "~/server/staff/brand.server";
import type { Route } from "./+types/content-brand";

export const shouldRevalidate = revalidateAfterSave;

export const meta = () => staffMeta("About the group");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "contentBrand");
  const [brand, salons] = await Promise.all([
    brandForConsole(args.context.get(requestContext).db),
    listSalons(args.context.get(requestContext).db),
  ]);
  const facts = brandFacts(salons, now(), { founded: brand.founded.value, groupLine: brand.groupLine.value });
  return {
    ...brand,
    years: facts.years,
    line: groupLine(facts),
    // Written here rather than in the page: the group's module brings Zod, which the browser need not load.
    demoFounded: formatLongDate(parseISO(DEFAULT_BRAND.founded)),
    /** What the line says when left empty. */
    counted: groupLine({ ...facts, line: undefined }),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input } = await requireStaffAction(args, "contentBrand");
  const { db } = args.context.get(requestContext);
  if (intent === "founded") return (await saveFounded(db, staff, input)) ?? { done: "Saved the founding date." };
  return (await saveGroupLine(db, staff, input)) ?? { done: "Saved the group's line." };
}

export default function ContentBrand({ loaderData }: Route.ComponentProps) {
  const { founded, groupLine: line, years } = loaderData;
  return (
    <>
      <StaffHeading title="About the group">
        What every page says about the group as a whole: the <ViewOnSite href="/">home page</ViewOnSite>, About,
        Contact, recruitment and the footer.
      </StaffHeading>
      <EditNotice />
      <div className="grid gap-6 md:grid-cols-2">
        <StaffSection id="founded-heading" title="Founded" className="card min-w-0 p-5" headingClass="mb-3 text-2xl">
          <p className="mb-4 text-muted" data-testid="brand-years">
            The site says: celebrating {years} years.
          </p>
          <EditForm intent="founded" version={founded.version} current={{ founded: founded.value }} submitLabel="Save">
            <EditText
              name="founded"
              label="The day the first salon opened"
              type="date"
              required
              hint={`The years count from this day: a year more on each anniversary. The demo's is ${loaderData.demoFounded}.`}
            />
          </EditForm>
        </StaffSection>
        <StaffSection
          id="line-heading"
          title="The group in a few words"
          className="card min-w-0 p-5"
          headingClass="mb-3 text-2xl"
        >
          <p className="mb-4 text-muted" data-testid="brand-line">
            The site says: “{loaderData.line}”.
          </p>
          <EditForm intent="group-line" version={line.version} current={{ groupLine: line.value }} submitLabel="Save">
            <EditText
              name="groupLine"
              label="How the group describes itself (optional)"
              maxLength={120}
              hint={`It follows “What began as ${beginnings()} is now …”, so start with a small letter. Left empty, it is counted from the salons: “${loaderData.counted}”.`}
            />
          </EditForm>
        </StaffSection>
      </div>
    </>
  );
}
