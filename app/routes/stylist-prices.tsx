import { data, redirect } from "react-router";
import { ServiceTypeList } from "~/components/calculator/service-type-list";
import { Link } from "~/components/link";
import { seo } from "~/components/page-meta";
import { Portrait } from "~/components/picture";
import { CALCULATOR_PATH, PRICES_PATH, stateHref } from "~/components/quote/links";
import { listLevels, listSalons, listStylists } from "~/server/queries/catalogue.server";
import { teamPhotos } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/stylist-prices";

/** How many other stylists to suggest when the one asked for is not taking new clients. */
const SUGGESTIONS = 4;

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  if (!loaded?.found) {
    return seo(args, {
      title: "Stylist not found",
      description: "We couldn't find that stylist. Meet the team or get a price quote by stylist level.",
      noIndex: true,
    });
  }
  const { firstName, lastName, levelName } = loaded.stylist;
  return seo(args, {
    title: `Prices with ${firstName} ${lastName}`,
    description: `Get an instant price quote with ${firstName} ${lastName}, ${levelName}, for colour, cutting and styling or men's hairdressing.`,
  });
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = params.stylist;
  const [stylists, levels, salons, photos] = await Promise.all([
    listStylists(context.get(requestContext).db),
    listLevels(context.get(requestContext).db),
    listSalons(context.get(requestContext).db),
    teamPhotos(context.get(requestContext).db),
  ]);
  const lowerCase = slug.toLowerCase();
  if (lowerCase !== slug && stylists.some((row) => row.slug === lowerCase))
    throw redirect(`${PRICES_PATH}/${lowerCase}`, 301);

  const row = stylists.find((candidate) => candidate.slug === slug);
  if (!row) return data({ found: false as const }, { status: 404 });

  const card = (stylist: (typeof stylists)[number]) => ({
    slug: stylist.slug,
    firstName: stylist.firstName,
    lastName: stylist.lastName,
    image: stylist.image,
    photo: photos.get(stylist.slug) ?? null,
    levelId: stylist.levelId,
    salonId: stylist.salonId,
    levelName: levels.find((level) => level.id === stylist.levelId)?.name ?? "",
    salonName: salons.find((salon) => salon.id === stylist.salonId)?.name ?? "",
  });

  // Someone at the same level first (same price), then at the same salon (same place).
  const suggestions = row.acceptingNewClients
    ? []
    : stylists
        .filter((other) => other.slug !== row.slug && other.acceptingNewClients)
        .filter((other) => other.levelId === row.levelId || other.salonId === row.salonId)
        .sort(
          (a, b) =>
            Number(b.levelId === row.levelId) - Number(a.levelId === row.levelId) ||
            Math.abs(a.levelId - row.levelId) - Math.abs(b.levelId - row.levelId),
        )
        .slice(0, SUGGESTIONS)
        .map(card);

  return {
    found: true as const,
    stylist: { ...card(row), para1: row.para1, acceptingNewClients: row.acceptingNewClients },
    suggestions,
  };
}

export default function StylistPrices({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <UnknownStylist />;
  const { stylist, suggestions } = loaderData;
  const name = `${stylist.firstName} ${stylist.lastName}`;

  return (
    <div className="container-page py-12 sm:py-16">
      <div className="grid items-center gap-8 md:grid-cols-[16rem_minmax(0,1fr)] md:gap-12">
        <Portrait
          of={stylist}
          alt={`Portrait of ${name}`}
          sizes="(min-width: 768px) 16rem, 12rem"
          fetchPriority="high"
          className="mx-auto aspect-[4/5] w-48 rounded-2xl bg-sand object-cover shadow-sm md:w-full"
        />
        <div>
          <p className="eyebrow">Prices with</p>
          <h1 className="mt-3 text-4xl leading-tight sm:text-5xl">{name}</h1>
          <p className="mt-2 text-lg text-muted">
            {stylist.levelName} · {stylist.salonName}
          </p>
          <p className="mt-5 max-w-2xl leading-relaxed">{stylist.para1}</p>
        </div>
      </div>

      {stylist.acceptingNewClients ? (
        <section aria-labelledby="types-heading" className="mt-14">
          <h2 id="types-heading" className="mb-6 text-2xl sm:text-3xl">
            What would you like a quote for with {stylist.firstName}?
          </h2>
          <ServiceTypeList
            headingLevel={3}
            hrefFor={(type) =>
              stateHref(CALCULATOR_PATH, {
                type,
                mode: "stylist",
                stylist: stylist.slug,
                level: stylist.levelId,
                salon: stylist.salonId,
              })
            }
          />
        </section>
      ) : (
        <section aria-labelledby="full-heading" className="mt-14">
          <div className="rounded-2xl border border-accent/30 bg-blush/60 p-6 sm:p-8">
            <h2 id="full-heading" className="text-2xl sm:text-3xl">
              {stylist.firstName} isn't taking new clients at the moment
            </h2>
            <p className="mt-3 max-w-2xl leading-relaxed text-muted">
              {stylist.firstName}'s diary is full with existing clients, so we can't offer a quote with{" "}
              {stylist.firstName} just now. These stylists would love to look after you instead.
            </p>
          </div>
          {suggestions.length > 0 ? (
            <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {suggestions.map((other) => (
                <li key={other.slug}>
                  <Link
                    to={`${PRICES_PATH}/${other.slug}`}
                    className="card flex items-center gap-4 p-3 hover:border-ink"
                  >
                    <Portrait
                      of={other}
                      alt=""
                      sizes="3.5rem"
                      loading="lazy"
                      className="h-[70px] w-14 shrink-0 rounded-lg bg-sand object-cover"
                    />
                    <span>
                      <span className="block font-medium">
                        {other.firstName} {other.lastName}
                      </span>
                      <span className="block text-sm text-muted">
                        {other.levelName}, {other.salonName}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-6">
            <Link to={PRICES_PATH} className="btn-outline">
              Get a quote by stylist level
            </Link>
          </p>
        </section>
      )}

      <p className="mt-12">
        <Link to="/team-info" className="text-sm font-semibold text-accent-dark underline underline-offset-2">
          <span aria-hidden="true">← </span>Meet the whole team
        </Link>
      </p>
    </div>
  );
}

function UnknownStylist() {
  return (
    <div className="container-page py-20 text-center sm:py-28">
      <p className="eyebrow">Prices</p>
      <h1 className="mt-3 text-4xl leading-tight sm:text-5xl">We couldn't find that stylist</h1>
      <p className="mx-auto mt-5 max-w-xl leading-relaxed text-muted">
        The link may be old or mistyped, or the stylist may have moved on. Meet the team to find who you're looking for,
        or get a quote by stylist level.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/team-info" className="btn-primary">
          Meet the team
        </Link>
        <Link to={PRICES_PATH} className="btn-outline">
          Get a price quote
        </Link>
      </div>
    </div>
  );
}
