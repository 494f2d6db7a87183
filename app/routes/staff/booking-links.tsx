import { data, Form, Link } from "react-router";
import { ActionNotice } from "~/components/staff/record";
import { SelectField, StaffHeading, StaffSection, staffMeta, TextArea, TextField } from "~/components/staff/ui";
import { BOOKING_LINK_SOURCE_WORDS, checkBookingUrl, resolveBookingLink } from "~/domain/booking-links";
import { londonTime } from "~/domain/salon-time";
import { parseSkinTestWords } from "~/domain/skin-test";
import { inScope } from "~/domain/staff/access";
import { STAFF_ROUTES, staffPath } from "~/domain/staff/routes";
import { failingLinks, lastCheckedAt } from "~/server/booking-link-check.server";
import { bookingMapForConsole, saveBookingLink, saveSkinTestLink } from "~/server/booking-links.server";
import { refusedDestination } from "~/server/outbound.server";
import { requestContext } from "~/server/request-context.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { setSkinTestWords, skinTestWords } from "~/server/staff/skin-tests.server";
import type { Route } from "./+types/booking-links";

export const meta = () => staffMeta("Booking links");

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "bookingLinks");
  const db = args.context.get(requestContext).db;
  const [map, failing, checkedAt, words] = await Promise.all([
    bookingMapForConsole(db, staff.scope),
    failingLinks(db),
    lastCheckedAt(db),
    skinTestWords(db),
  ]);
  const salonName = (id: number) => map.salons.find((s) => s.id === id)?.name ?? `Salon ${id}`;
  const salonUrl = (id: number) => map.salons.find((s) => s.id === id)?.url ?? "";
  const health = (url: string) => {
    const bad = failing.get(url);
    return bad ? `Not answering since ${londonTime(bad.since)}: ${bad.problem}` : null;
  };
  const serviceName = (id: number | null) => map.services.find((s) => s.id === id)?.name ?? `Service ${id}`;
  const stylistName = (id: number | null) => map.stylists.find((s) => s.id === id)?.name ?? "A former team member";
  return {
    checkedAt: checkedAt ? londonTime(checkedAt) : null,
    salons: map.salons.map((s) => ({ id: s.id, name: s.name, url: s.url, problem: health(s.url) })),
    // Where a colour client with no skin test on record books one: the salon's own skin-test link, else its default.
    skinTests: map.salons.map((s) => ({
      id: s.id,
      name: s.name,
      own: s.skinTestUrl ?? "",
      problem: s.skinTestUrl ? health(s.skinTestUrl) : null,
    })),
    skinTestWords: words.join("\n"),
    // Each stylist's Book buttons without a service of their own: the team page, an offer for them.
    stylists: map.stylists.map((st) => {
      const own = map.links.find((l) => l.stylistId === st.id && l.serviceId === null);
      const resolved = resolveBookingLink(map.links, salonUrl(st.salonId), { salonId: st.salonId, stylistId: st.id });
      return {
        id: st.id,
        name: st.name,
        salon: salonName(st.salonId),
        own: own?.url ?? "",
        resolved: resolved.url,
        source: BOOKING_LINK_SOURCE_WORDS[resolved.source],
        problem: health(resolved.url),
      };
    }),
    // The links for a service, alone or with a stylist: a quote naming the service books there.
    serviceLinks: map.links
      .filter((l) => l.serviceId !== null)
      .map((l) => ({
        key: l.id,
        salonId: l.salonId,
        stylistId: l.stylistId,
        serviceId: l.serviceId,
        case:
          l.stylistId === null
            ? `${serviceName(l.serviceId)} at ${salonName(l.salonId)}`
            : `${serviceName(l.serviceId)} with ${stylistName(l.stylistId)}`,
        url: l.url,
        problem: health(l.url),
      })),
    salonOptions: map.salons.map((s) => ({ value: String(s.id), label: s.name })),
    stylistOptions: [
      { value: "", label: "Any stylist at the salon" },
      ...map.stylists.map((s) => ({ value: String(s.id), label: s.name })),
    ],
    serviceOptions: map.services.map((s) => ({ value: String(s.id), label: s.name, group: s.group })),
  };
}

/** A positive whole number from a form field, null when empty, undefined when it is not one. */
function idOf(value: string | undefined): number | null | undefined {
  const text = (value ?? "").trim();
  if (!text) return null;
  return /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input } = await requireStaffAction(args, "bookingLinks");
  const db = args.context.get(requestContext).db;
  if (intent === "skin-test-words") {
    const words = parseSkinTestWords(input.words ?? "");
    if (!words)
      return data(
        { error: "Give one to ten words or phrases, one a line, each up to 40 characters." },
        { status: 400 },
      );
    await setSkinTestWords(db, staff, words);
    return { done: "Saved: appointments whose service names one of these are skin tests from the next import on." };
  }
  if (intent === "skin-test-link") {
    const salonId = idOf(input.salonId);
    const url = (input.url ?? "").trim();
    const checked = url ? checkBookingUrl(url) : null;
    if (checked && !checked.ok) return data({ error: checked.error }, { status: 400 });
    const internal = url ? refusedDestination(url) : null;
    if (internal) return data({ error: internal }, { status: 400 });
    // Only a salon of the account's own: another salon's skin-test link is not theirs to change.
    const saved =
      typeof salonId === "number" &&
      inScope(staff.scope, salonId) &&
      (await saveSkinTestLink(db, staff, salonId, checked?.url ?? null));
    if (!saved) return data({ error: "Choose one of the salons." }, { status: 400 });
    return {
      done: url
        ? "Skin-test link saved: colour quotes' messages lead there at once."
        : "Skin-test link removed: the salon's default link is used.",
    };
  }
  // The account's salons, their stylists and links only: any other salon's case is refused below.
  const map = await bookingMapForConsole(db, staff.scope);
  const stylistId = idOf(input.stylistId);
  const serviceId = idOf(input.serviceId);
  const stylist = map.stylists.find((s) => s.id === stylistId);
  const salonId = stylist ? stylist.salonId : idOf(input.salonId);
  if (
    stylistId === undefined ||
    serviceId === undefined ||
    (stylistId === null && serviceId === null) ||
    (stylistId !== null && !stylist) ||
    (serviceId !== null && !map.services.some((s) => s.id === serviceId)) ||
    !map.salons.some((s) => s.id === salonId)
  )
    return data({ error: "Choose a salon, a stylist on the team or a service on the price list." }, { status: 400 });
  const which = { salonId: salonId as number, stylistId, serviceId };
  if (intent === "remove" || !(input.url ?? "").trim()) {
    await saveBookingLink(db, staff, which, null);
    return { done: "Link removed: those Book buttons use the next link in line." };
  }
  const internal = refusedDestination(input.url ?? "");
  if (internal) return data({ error: internal }, { status: 400 });
  const url = checkBookingUrl(input.url ?? "");
  if (!url.ok) return data({ error: url.error }, { status: 400 });
  await saveBookingLink(db, staff, which, url.url);
  return { done: "Link saved: the Book buttons use it at once." };
}

function Problem({ text }: { text: string | null }) {
  return text ? <p className="mt-1 text-sm font-medium text-red-800">{text}</p> : null;
}

export default function BookingLinks({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  return (
    <>
      <StaffHeading title="Booking links">
        Where each Book button sends clients. The most particular link wins: a stylist's link for a service, then the
        stylist's link, then a service's link at the salon, then the salon's default.
      </StaffHeading>
      <ActionNotice message={actionData} />
      <p className="mb-6 text-muted">
        {d.checkedAt
          ? `Every link was last checked ${d.checkedAt} (UK time); it is checked each night, and the owner is e-mailed when one stops answering.`
          : "Every link is checked each night; the owner is e-mailed when one stops answering."}
      </p>
      <StaffSection id="defaults-heading" title="Each salon's default" className="card mb-6 p-5">
        <p className="my-2 text-muted">
          Changed on the{" "}
          <Link to={staffPath(STAFF_ROUTES.salons.path)} className="underline underline-offset-2">
            Salons page
          </Link>
          .
        </p>
        <ul className="grid gap-3">
          {d.salons.map((s) => (
            <li key={s.id}>
              <strong>{s.name}</strong>: <span className="break-all">{s.url}</span>
              <Problem text={s.problem} />
            </li>
          ))}
        </ul>
      </StaffSection>
      <StaffSection id="skin-tests-heading" title="Skin tests" className="card mb-6 p-5">
        <p className="my-2 text-muted">
          A colour quote whose client has had no skin test with us in 6 months (or is not sure) carries this link in its
          e-mail and text. Leave it empty to use the salon's default link.
        </p>
        <ul className="grid gap-4">
          {d.skinTests.map((s) => (
            <li key={s.id}>
              <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-3">
                <input type="hidden" name="salonId" value={s.id} />
                <div className="min-w-0 flex-1 basis-64 sm:max-w-xl">
                  <TextField
                    label={`Skin test at ${s.name}`}
                    name="url"
                    type="url"
                    defaultValue={s.own}
                    idSuffix={`-skin-test-${s.id}`}
                    maxLength={300}
                  />
                </div>
                <button type="submit" name="intent" value="skin-test-link" className="btn-outline mb-4">
                  Save<span className="sr-only"> the skin-test link at {s.name}</span>
                </button>
              </Form>
              <Problem text={s.problem} />
            </li>
          ))}
        </ul>
        <Form method="post" preventScrollReset className="mt-4 grid gap-2 sm:max-w-xl">
          <TextArea
            label="Words that mark a skin-test appointment"
            name="words"
            rows={3}
            maxLength={500}
            defaultValue={d.skinTestWords}
            hint="One a line. An imported or webhook appointment whose service names one of them records the client's skin test instead of booking their quote."
          />
          <div>
            <button type="submit" name="intent" value="skin-test-words" className="btn-outline">
              Save words
            </button>
          </div>
        </Form>
      </StaffSection>
      <StaffSection id="stylists-heading" title="Each stylist" className="card mb-6 p-5">
        <p className="my-2 text-muted">
          Their page on the site, an offer for them and quotes with them book here. Leave the link empty to use their
          salon's.
        </p>
        <ul className="grid gap-6">
          {d.stylists.map((st) => (
            <li key={st.id} className="border-t border-line pt-4">
              <h3 className="text-xl">{st.name}</h3>
              <p className="text-sm text-muted">
                {st.salon}. Books at <span className="break-all">{st.resolved}</span> ({st.source}).
              </p>
              <Problem text={st.problem} />
              <Form method="post" preventScrollReset className="mt-2 flex flex-wrap items-end gap-3">
                <input type="hidden" name="stylistId" value={st.id} />
                <div className="min-w-0 flex-1 basis-64 sm:max-w-xl">
                  <TextField
                    label={`${st.name}'s own link`}
                    name="url"
                    type="url"
                    defaultValue={st.own}
                    idSuffix={`-stylist-${st.id}`}
                    maxLength={300}
                  />
                </div>
                <button type="submit" name="intent" value="link" className="btn-outline mb-4">
                  Save<span className="sr-only"> {st.name}'s link</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </StaffSection>
      <StaffSection id="services-heading" title="Links for a service" className="card p-5">
        <p className="my-2 text-muted">
          A quote naming the service books here (its first service that has a link, in the quote's order).
        </p>
        {d.serviceLinks.length === 0 ? (
          <p className="my-2">No links for a service yet.</p>
        ) : (
          <ul className="grid gap-3">
            {d.serviceLinks.map((l) => (
              <li key={l.key} className="flex flex-wrap items-start justify-between gap-3 border-t border-line pt-3">
                <div>
                  <strong>{l.case}</strong>: <span className="break-all">{l.url}</span>
                  <Problem text={l.problem} />
                </div>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="salonId" value={l.salonId} />
                  <input type="hidden" name="stylistId" value={l.stylistId ?? ""} />
                  <input type="hidden" name="serviceId" value={l.serviceId ?? ""} />
                  <button type="submit" name="intent" value="remove" className="btn-outline">
                    Remove<span className="sr-only"> the link for {l.case}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <h3 className="mt-6 mb-2 text-xl">Add a link for a service</h3>
        <Form method="post" preventScrollReset className="grid items-end gap-x-4 sm:grid-cols-2">
          <SelectField label="Salon" name="salonId" options={d.salonOptions} />
          <SelectField
            label="Stylist"
            name="stylistId"
            options={d.stylistOptions}
            hint="A stylist's link counts at their own salon."
          />
          <SelectField label="Service" name="serviceId" options={d.serviceOptions} />
          <TextField label="Booking link" name="url" type="url" required maxLength={300} idSuffix="-new" />
          <div>
            <button type="submit" name="intent" value="link" className="btn-primary">
              Add link
            </button>
          </div>
        </Form>
      </StaffSection>
    </>
  );
}
