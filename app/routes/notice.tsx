import { redirect } from "react-router";
import { Link } from "~/components/link";
import { OfferStylists } from "~/components/offer-page-parts";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { telHref, truncate } from "~/domain/format";
import { paragraphsOf } from "~/domain/staff/site-content";
import { listSalons } from "~/server/queries/catalogue.server";
import { getNotice, listTeam } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/notice";

export const meta: Route.MetaFunction = (args) => {
  const notice = args.loaderData?.notice;
  if (!notice) return seo(args, { title: "Team news", description: "News about the Maison Ivy team." });
  return seo(args, { title: notice.title, description: truncate(notice.paragraphs[0] ?? notice.title, 155) });
};

/**
 * A stylist's transfer or departure notice: a row of the notices table, found
 * by the address it was requested on, between its publish dates.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const path = url.pathname.replace(/\/+$/, "");
  const row = await getNotice(context.get(requestContext).db, path);
  if (!row || (row.kind !== "transfer" && row.kind !== "departure")) throw redirect("/", 302);
  const notice = {
    kind: row.kind,
    title: row.title,
    paragraphs: paragraphsOf(row.body),
    sisterSalonText: row.sisterSalonText ?? "",
    offer:
      row.offerCode && row.offerPercent !== null && row.offerText
        ? {
            code: row.offerCode,
            percent: row.offerPercent,
            text: row.offerText,
            smallPrint: (row.offerSmallPrint ?? "")
              .split("\n")
              .map((line) => line.trim())
              .filter(Boolean),
          }
        : null,
  };
  const alternativeSlugs = row.alternativeStylists.split(/[\s,]+/).filter(Boolean);
  const [team, salons] = await Promise.all([
    listTeam(context.get(requestContext).db),
    listSalons(context.get(requestContext).db),
  ]);
  const salonName = (id: number) => salons.find((salon) => salon.id === id)?.name ?? "";
  const alternatives = alternativeSlugs.flatMap((slug) =>
    team
      .filter((member) => member.slug === slug)
      .map((member) => ({
        slug: member.slug,
        name: `${member.firstName} ${member.lastName}`,
        levelName: member.levelName,
        image: member.image,
        photo: member.photo,
        salonName: salonName(member.salonId),
      })),
  );
  const sister = salons.find((salon) => salon.id === row.sisterSalonId);
  const from = salons.find((salon) => salon.id === row.fromSalonId);
  return {
    notice,
    alternatives,
    sister: sister && {
      name: sister.name,
      shortName: sister.shortName,
      address: `${sister.address}, ${sister.town} ${sister.postcode}`,
      telephone: sister.telephone,
      bookingUrl: sister.bookingUrl,
    },
    home: from && { shortName: from.shortName, bookingUrl: from.bookingUrl },
  };
}

export default function StylistNoticePage({ loaderData }: Route.ComponentProps) {
  const { notice, alternatives, sister, home } = loaderData;
  return (
    <>
      <PageIntro eyebrow={notice.kind === "transfer" ? "Team news" : "A fond farewell"} title={notice.title} />

      <div className="container-page grid gap-12 py-12 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-10">
          <div className="max-w-prose space-y-4 text-lg leading-relaxed">
            {notice.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>

          {notice.offer ? (
            <section
              aria-labelledby="notice-offer"
              className="max-w-prose rounded-2xl border border-dashed border-accent bg-white px-6 py-6"
            >
              <h2 id="notice-offer" className="text-2xl">
                {notice.offer.percent}% off your next visit
              </h2>
              <p className="mt-3 leading-relaxed">{notice.offer.text}</p>
              <p className="mt-4 text-sm text-muted">Your code</p>
              <p className="font-mono text-3xl font-semibold tracking-wider" data-testid="notice-code">
                {notice.offer.code}
              </p>
              <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-muted">
                {notice.offer.smallPrint.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </section>
          ) : null}

          {alternatives.length > 0 ? (
            <div className="max-w-2xl">
              <OfferStylists stylists={alternatives} heading="Stylists who would love to meet you" />
            </div>
          ) : null}
        </div>

        <aside aria-label="Where to book" className="space-y-5 lg:self-start">
          {sister ? (
            <section className="card p-6">
              <h2 id="sister-salon" className="text-xl">
                {sister.name}
              </h2>
              <p className="mt-3 text-sm leading-relaxed">{notice.sisterSalonText}</p>
              <p className="mt-4 text-sm text-muted">{sister.address}</p>
              <div className="mt-5 flex flex-wrap gap-3">
                <a href={sister.bookingUrl} className="btn-primary" rel="noopener">
                  Book at {sister.shortName}
                </a>
                <a href={telHref(sister.telephone)} className="btn-outline">
                  Call {sister.telephone}
                </a>
              </div>
            </section>
          ) : null}
          <div className="flex flex-wrap gap-3">
            {home ? (
              <a href={home.bookingUrl} className="btn-accent" rel="noopener">
                Book at {home.shortName}
              </a>
            ) : null}
            <Link to="/team-info" className="btn-outline">
              Meet the team
            </Link>
          </div>
        </aside>
      </div>
    </>
  );
}
