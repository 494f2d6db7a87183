import { redirect } from "react-router";
import { serviceTypeCopy } from "~/components/calculator/labels";
import { Link } from "~/components/link";
import { seo } from "~/components/page-meta";
import {
  CALCULATOR_PATH,
  PRICES_PATH,
  stateHref,
  TOTAL_BY_LEVEL_PATH,
  TOTAL_BY_PRICE_PATH,
  TOTAL_BY_STYLIST_PATH,
} from "~/components/quote/links";
import { QuotePageHeader } from "~/components/quote/page-header";
import { SelectionTable } from "~/components/quote/selection-table";
import { StylistDialog } from "~/components/quote/stylist-card";
import type { ChoosableStylist } from "~/components/quote/stylist-dialog";
import type { CalculatorState } from "~/domain/calculator-state";
import { lineLabel } from "~/domain/line-labels";
import { levelTakesNewClients, resolveQuote, stylistsForLevel } from "~/domain/quote-resolution";
import type { StylistRow } from "~/server/queries/catalogue.server";
import { teamPhotos } from "~/server/queries/content.server";
import { loadQuoteCatalogue, type QuoteCatalogue, stateFromUrl } from "~/server/queries/quote-pricing.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/prices-total-by-level";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: args.data ? `Your quote at ${args.data.level.name} level` : "Your quote by stylist level",
    description:
      "Your itemised price estimate at the stylist level you chose, and the stylists of that level at our salons. Choose one to see your quote with them.",
    noIndex: true,
  });

/** The nearest levels, below and above, where someone can be chosen for this very selection. */
function nearestLevelsWithStylists(state: CalculatorState, levelId: number, catalogue: QuoteCatalogue) {
  const usable = (id: number) => {
    if (!levelTakesNewClients(catalogue.stylists, id)) return false;
    return resolveQuote({ ...state, level: id }, catalogue).ok;
  };
  const ids = catalogue.levels.map((level) => level.id);
  const below = ids.filter((id) => id < levelId && usable(id)).sort((a, b) => b - a)[0];
  const above = ids.filter((id) => id > levelId && usable(id)).sort((a, b) => a - b)[0];
  const view = (id: number | undefined) => {
    const level = catalogue.levels.find((candidate) => candidate.id === id);
    return level ? { name: level.name, href: stateHref(TOTAL_BY_LEVEL_PATH, { ...state, level: level.id }) } : null;
  };
  return { below: view(below), above: view(above) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [catalogue, photos] = await Promise.all([
    loadQuoteCatalogue(context.get(requestContext).db),
    teamPhotos(context.get(requestContext).db),
  ]);
  const { stylist: _levelModeNamesNoStylist, ...fromUrl } = stateFromUrl(new URL(request.url), catalogue);
  if (fromUrl.type === undefined) throw redirect(PRICES_PATH);
  const state: CalculatorState = { ...fromUrl, mode: "level" };

  const resolution = resolveQuote(state, catalogue);
  if (!resolution.ok) {
    const back = resolution.problem.kind === "selection" ? resolution.problem.state : state;
    throw redirect(stateHref(CALCULATOR_PATH, back));
  }
  const quote = resolution.quote;

  const salonName = (id: number) => catalogue.salons.find((salon) => salon.id === id)?.name ?? "";
  const choosable = (stylist: StylistRow): ChoosableStylist => ({
    slug: stylist.slug,
    firstName: stylist.firstName,
    lastName: stylist.lastName,
    image: stylist.image,
    photo: photos.get(stylist.slug) ?? null,
    paragraphs: [stylist.para1, stylist.para2, stylist.para3].filter((p): p is string => Boolean(p?.trim())),
    salonName: salonName(stylist.salonId),
    // "via" keeps that the visitor chose by level: the saved quote records the selector they used.
    chooseHref: stateHref(TOTAL_BY_STYLIST_PATH, { ...state, mode: "stylist", stylist: stylist.slug, via: "level" }),
  });
  const { atSalon, elsewhere } = stylistsForLevel(catalogue.stylists, quote.level.id, quote.salon.id);

  return {
    typeName: serviceTypeCopy(quote.state.type).name,
    level: { id: quote.level.id, name: quote.level.name },
    salon: { name: quote.salon.name, shortName: quote.salon.shortName },
    lines: quote.lines.map((line) => ({
      key: line.serviceId,
      label: lineLabel(line.service),
      pricePence: line.pricePence,
    })),
    totalPence: quote.totalPence,
    atSalon: atSalon.map(choosable),
    elsewhere: elsewhere.map(choosable),
    otherLevels:
      atSalon.length + elsewhere.length === 0 ? nearestLevelsWithStylists(state, quote.level.id, catalogue) : null,
    changeHref: stateHref(CALCULATOR_PATH, state),
    budgetHref: stateHref(TOTAL_BY_PRICE_PATH, state),
  };
}

function StylistList({ heading, stylists }: { heading: string; stylists: ChoosableStylist[] }) {
  return (
    <section aria-label={heading} className="mt-8 first:mt-0">
      <h3 className="text-xl">{heading}</h3>
      {/* The team's order from the server; the cards' script puts them in this visit's random order. */}
      <ul data-stylist-order="" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {stylists.map((stylist) => (
          <StylistDialog key={stylist.slug} stylist={stylist} />
        ))}
      </ul>
    </section>
  );
}

export default function TotalByLevel({ loaderData }: Route.ComponentProps) {
  const { level, salon, atSalon, elsewhere, otherLevels } = loaderData;
  const nobody = atSalon.length + elsewhere.length === 0;
  return (
    <div className="container-page py-12 sm:py-16">
      <QuotePageHeader eyebrow={`${loaderData.typeName} quote`} title={`Your quote at ${level.name} level`}>
        <p>Here's your estimate at {level.name} level. Choose a stylist to see your quote with them and save it.</p>
      </QuotePageHeader>

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start">
        <div className="flex flex-col gap-4">
          <SelectionTable
            lines={loaderData.lines}
            totalPence={loaderData.totalPence}
            caption={`Prices at ${level.name} level`}
          />
          <div className="flex flex-wrap gap-3">
            <Link to={loaderData.changeHref} className="btn-outline">
              Change Choices
            </Link>
            <Link
              to={loaderData.budgetHref}
              className="btn px-2 text-accent-dark underline underline-offset-4 hover:text-ink"
            >
              Find stylists within my budget
            </Link>
          </div>
        </div>

        <section aria-labelledby="stylists-heading">
          <h2 id="stylists-heading" className="text-3xl">
            Choose your stylist
          </h2>
          {nobody ? (
            <div className="card mt-6 p-6">
              <p className="leading-relaxed">
                None of our {level.name}s are taking new clients at the moment, so there is nobody to choose at this
                level right now.
              </p>
              {otherLevels && (otherLevels.below || otherLevels.above) ? (
                <>
                  <p className="mt-3 leading-relaxed text-muted">Try a neighbouring level for the same services:</p>
                  <div className="mt-4 flex flex-wrap gap-3">
                    {otherLevels.below ? (
                      <Link to={otherLevels.below.href} className="btn-outline">
                        Level down: {otherLevels.below.name}
                      </Link>
                    ) : null}
                    {otherLevels.above ? (
                      <Link to={otherLevels.above.href} className="btn-outline">
                        Level up: {otherLevels.above.name}
                      </Link>
                    ) : null}
                  </div>
                </>
              ) : (
                <p className="mt-3 leading-relaxed text-muted">
                  Please{" "}
                  <Link to={loaderData.changeHref} className="text-accent-dark underline underline-offset-2">
                    change your choices
                  </Link>
                  .
                </p>
              )}
            </div>
          ) : (
            <div className="mt-6">
              <p className="leading-relaxed text-muted">Tap a stylist to meet them.</p>
              <div className="mt-6">
                {atSalon.length > 0 ? <StylistList heading={`At ${salon.name}`} stylists={atSalon} /> : null}
                {elsewhere.length > 0 ? (
                  <StylistList
                    heading={
                      atSalon.length > 0 ? "At our other salons" : `At our other salons (none at ${salon.shortName})`
                    }
                    stylists={elsewhere}
                  />
                ) : null}
              </div>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
