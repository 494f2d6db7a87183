import { EditForm, EditNotice, EditPicture, EditText, revalidateAfterSave, ViewOnSite } from "~/components/staff/edit";
import { StaffHeading, staffMeta } from "~/components/staff/ui";
import { hoursFieldNames, hoursFormValues, MAIN_SALON_ID, WEEK_DAYS } from "~/domain/salon-info";
import { requestContext } from "~/server/request-context.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { salonsForConsole, saveSalon } from "~/server/staff/salons.server";
import type { Route } from "./+types/salons";

export const shouldRevalidate = revalidateAfterSave;

export const meta = () => staffMeta("Salons and opening hours");

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "salons");
  const salons = await salonsForConsole(args.context.get(requestContext).db, me.scope);
  return {
    // Sent with the page rather than imported by it: the salons' module brings Zod, which the browser need not load.
    days: WEEK_DAYS.map((day) => ({ day, ...hoursFieldNames(day) })),
    salons: salons.map((s) => ({
      id: s.id,
      version: s.version,
      picture: s.picture,
      image: s.image,
      isMain: s.id === MAIN_SALON_ID,
      values: {
        name: s.name,
        address: s.address,
        town: s.town,
        postcode: s.postcode,
        telephone: s.telephone,
        bookingUrl: s.bookingUrl,
        alertEmail: s.alertEmail ?? "",
        alertMobile: s.alertMobile ?? "",
        ...hoursFormValues(s.openingHours),
      },
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, input, files } = await requireStaffAction(args, "salons");
  return (
    (await saveSalon(args.context.get(requestContext).db, staff, input, files)) ?? {
      done: `${input.name?.trim() ?? "The salon"} saved.`,
    }
  );
}

export default function Salons({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaffHeading title="Salons and opening hours">
        What the footer, the <ViewOnSite href="/contact">contact page</ViewOnSite> and{" "}
        <ViewOnSite href="/contact-info">contact and opening hours</ViewOnSite> show, and what search engines are told.
        The footer and contact page show the first salon's hours.
      </StaffHeading>
      <EditNotice />
      <div className="grid gap-8">
        {loaderData.salons.map((salon) => (
          <section key={salon.id} aria-labelledby={`salon-${salon.id}`} className="card p-5">
            <h2 id={`salon-${salon.id}`} className="mb-4 text-2xl">
              {salon.values.name}
            </h2>
            <EditForm
              intent="salon"
              version={salon.version}
              current={salon.values}
              hidden={{ id: String(salon.id) }}
              idSuffix={`-${salon.id}`}
              submitLabel="Save salon"
              submitName={`Save salon: ${salon.values.name}`}
              encType="multipart/form-data"
            >
              <EditText name="name" label="Name" required maxLength={80} />
              <EditText name="address" label="Street address" required maxLength={120} />
              <div className="grid gap-x-4 sm:grid-cols-2">
                <EditText name="town" label="Town" required maxLength={60} />
                <EditText name="postcode" label="Postcode" required maxLength={10} />
              </div>
              <EditText name="telephone" label="Telephone" type="tel" required maxLength={20} />
              <EditText
                name="bookingUrl"
                label="Online booking link"
                type="url"
                required
                maxLength={300}
                hint="The booking provider's page for this salon (https://…)."
              />
              <fieldset className="mb-4">
                <legend className="mb-2 text-lg font-semibold">Alerts of new leads</legend>
                <p className="mb-3 text-sm text-muted">
                  A new quote, job or model application for this salon is told here at once (never seen by visitors).
                  Leave both empty for no alerts.
                </p>
                <EditText
                  name="alertEmail"
                  label="Front-desk e-mail for alerts"
                  type="email"
                  maxLength={254}
                  hint="For example desk@maisonivy.example."
                />
                <EditText
                  name="alertMobile"
                  label="Mobile for a text as well (optional)"
                  type="tel"
                  maxLength={20}
                  hint="A UK mobile, such as 07700 900123."
                />
              </fieldset>
              <EditPicture
                name="picture"
                label="Photo"
                hint={
                  salon.isMain
                    ? "Wide, 3 by 2: the salon inside, at the foot of the About page."
                    : "Wide, 3 by 2: the salon inside."
                }
                current={salon.picture}
                fallback={{ src: salon.image, width: 1200, height: 800 }}
                example="Arched mirrors and salon chairs under pendant lights"
                remove={{ name: "removePicture", hint: "The salon goes back to its illustration." }}
              />
              <fieldset className="mb-4">
                <legend className="mb-2 text-lg font-semibold">Opening hours</legend>
                <p className="mb-3 text-sm text-muted">Leave both times empty on a day the salon is closed.</p>
                {loaderData.days.map(({ day, opens, closes }) => (
                  <div key={day} className="grid grid-cols-2 gap-x-4">
                    <EditText name={opens} label={`${day} opens`} type="time" />
                    <EditText name={closes} label={`${day} closes`} type="time" />
                  </div>
                ))}
              </fieldset>
            </EditForm>
          </section>
        ))}
      </div>
    </>
  );
}
