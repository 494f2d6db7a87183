import { data, redirect } from "react-router";
import { STEP_HEADING } from "~/components/calculator/calculator-view";
import { serviceTypeCopy } from "~/components/calculator/labels";
import { Link } from "~/components/link";
import { seo } from "~/components/page-meta";
import {
  CALCULATOR_PATH,
  FINISH_PATH,
  HAPPY_PARAM,
  PRICES_PATH,
  stateHref,
  TOTAL_BY_LEVEL_PATH,
} from "~/components/quote/links";
import { QuotePageHeader } from "~/components/quote/page-header";
import { SelectionTable } from "~/components/quote/selection-table";
import { StylistPortrait } from "~/components/quote/stylist-portrait";
import type { CalculatorState } from "~/domain/calculator-state";
import { lineLabel } from "~/domain/line-labels";
import { levelTakesNewClients, nearestOpenLevelId, resolveQuote } from "~/domain/quote-resolution";
import { ACADEMY_SALON_ID } from "~/domain/salon-info";
import { memberPhoto } from "~/server/queries/content.server";
import { loadQuoteCatalogue, stateFromUrl } from "~/server/queries/quote-pricing.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/prices-total-by-stylist";

/** "Have you been to the salon before?", which "I'm Happy!" reveals and leads to. */
const QUESTION_ID = "returning-question";

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.data;
  const title =
    loaded?.kind === "quote"
      ? `Your quote with ${loaded.stylist.firstName}`
      : loaded?.kind === "unavailable"
        ? `${loaded.stylist.firstName} isn't taking new clients`
        : loaded?.kind === "unknown-stylist"
          ? "Stylist not found"
          : "Your quote with your stylist";
  return seo(args, {
    title,
    description:
      "Your itemised price estimate with the stylist you chose. Happy with it? Save it and we'll send it to you.",
    noIndex: true,
  });
};

/** A note when the stylist works at a different salon from the one chosen; the academy has its own wording. */
function salonNote(firstName: string, salon: { id: number; name: string; shortName: string }): string {
  return salon.id === ACADEMY_SALON_ID
    ? `${firstName} works at ${salon.name}, our training academy`
    : `${firstName} works at our ${salon.shortName} salon`;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const catalogue = await loadQuoteCatalogue(context.get(requestContext).db);
  const fromUrl = stateFromUrl(url, catalogue);
  if (fromUrl.type === undefined) throw redirect(PRICES_PATH);
  if (fromUrl.stylist === undefined) {
    // No stylist yet: the level's stylists to choose from, or the calculator when no level either.
    const { stylist: _none, ...levelState } = fromUrl;
    throw redirect(
      levelState.level !== undefined
        ? stateHref(TOTAL_BY_LEVEL_PATH, { ...levelState, mode: "level" })
        : stateHref(CALCULATOR_PATH, levelState),
    );
  }
  const state: CalculatorState = { ...fromUrl, mode: "stylist" };
  const { stylist: _slug, ...withoutStylist } = state;
  const chooseAgainHref = stateHref(CALCULATOR_PATH, withoutStylist);

  const resolution = resolveQuote(state, catalogue);
  if (!resolution.ok) {
    const problem = resolution.problem;
    switch (problem.kind) {
      case "unknown-stylist":
        return data({ kind: "unknown-stylist" as const, slug: problem.slug, chooseAgainHref }, { status: 404 });
      case "stylist-unavailable": {
        const { stylist } = problem;
        // "See other Advanced Seniors" only when one of them takes new clients; else the nearest level where one does.
        const levelId = levelTakesNewClients(catalogue.stylists, stylist.levelId)
          ? stylist.levelId
          : nearestOpenLevelId(catalogue.stylists, catalogue.levels, stylist.levelId);
        const level = catalogue.levels.find((candidate) => candidate.id === levelId);
        return {
          kind: "unavailable" as const,
          stylist: {
            firstName: stylist.firstName,
            name: `${stylist.firstName} ${stylist.lastName}`,
            image: stylist.image,
            photo: await memberPhoto(context.get(requestContext).db, { slug: stylist.slug }),
            levelName: catalogue.levels.find((candidate) => candidate.id === stylist.levelId)?.name,
          },
          levelName: level?.name ?? null,
          sameLevel: level?.id === stylist.levelId,
          sameLevelHref: level
            ? stateHref(TOTAL_BY_LEVEL_PATH, { ...withoutStylist, mode: "level", level: level.id })
            : chooseAgainHref,
          chooseAgainHref,
        };
      }
      case "selection":
        throw redirect(stateHref(CALCULATOR_PATH, problem.state));
      default:
        throw redirect(stateHref(CALCULATOR_PATH, state));
    }
  }

  const quote = resolution.quote;
  const stylist = quote.stylist;
  if (!stylist) throw new Error("A stylist quote resolved without its stylist");
  const stylistSalon = quote.stylistSalon;
  return {
    kind: "quote" as const,
    typeName: serviceTypeCopy(quote.state.type).name,
    stylist: {
      firstName: stylist.firstName,
      name: `${stylist.firstName} ${stylist.lastName}`,
      image: stylist.image,
      photo: await memberPhoto(context.get(requestContext).db, { slug: stylist.slug }),
      detail: [quote.level.name, stylistSalon?.name].filter(Boolean).join(" · "),
    },
    salonNote: stylistSalon && stylistSalon.id !== quote.salon.id ? salonNote(stylist.firstName, stylistSalon) : null,
    levelName: quote.level.name,
    lines: quote.lines.map((line) => ({
      key: line.serviceId,
      label: lineLabel(line.service),
      pricePence: line.pricePence,
    })),
    totalPence: quote.totalPence,
    happy: url.searchParams.get(HAPPY_PARAM) === "1",
    changeHref: stateHref(CALCULATOR_PATH, quote.state),
    // The anchor brings the question into view and, once there, it takes the focus.
    happyHref: stateHref(url.pathname, quote.state, { [HAPPY_PARAM]: "1" }, QUESTION_ID),
    yesHref: stateHref(FINISH_PATH, { ...quote.state, regular: true }),
    noHref: stateHref(FINISH_PATH, { ...quote.state, regular: false }),
  };
}

function UnknownStylist({ slug, chooseAgainHref }: { slug: string; chooseAgainHref: string }) {
  return (
    <div className="container-page py-16 sm:py-24">
      <QuotePageHeader eyebrow="Your quote" title="We couldn't find that stylist">
        <p>
          The link names a stylist (“{slug}”) who isn't on our team. They may have moved on, or the link may be
          mistyped. Your other choices are safe.
        </p>
      </QuotePageHeader>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to={chooseAgainHref} className="btn-primary">
          Choose a stylist or level
        </Link>
        <Link to="/team-info" className="btn-outline">
          Meet the team
        </Link>
      </div>
    </div>
  );
}

function QuestionAnswers({ yesHref, noHref }: { yesHref: string; noHref: string }) {
  return (
    <ul className="mt-5 flex flex-wrap gap-3">
      <li>
        <Link to={yesHref} className="btn-primary min-w-28">
          Yes
        </Link>
      </li>
      <li>
        <Link to={noHref} className="btn-primary min-w-28">
          No
        </Link>
      </li>
    </ul>
  );
}

export default function TotalByStylist({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "unknown-stylist") return <UnknownStylist {...loaderData} />;

  if (loaderData.kind === "unavailable") {
    const { stylist } = loaderData;
    return (
      <div className="container-page py-16 sm:py-24">
        <div className="grid gap-10 sm:grid-cols-[14rem_minmax(0,1fr)] sm:items-start">
          <StylistPortrait name={stylist.name} image={stylist.image} photo={stylist.photo} detail={stylist.levelName} />
          <div>
            <QuotePageHeader eyebrow="Your quote" title={`${stylist.firstName} isn't taking new clients at the moment`}>
              <p>
                {stylist.firstName}'s column is full. Our other stylists would love to look after you, and your choices
                are kept.
              </p>
            </QuotePageHeader>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to={loaderData.sameLevelHref} className="btn-primary">
                {loaderData.levelName
                  ? `See ${loaderData.sameLevel ? "other" : "our"} ${loaderData.levelName}s`
                  : "See other stylists"}
              </Link>
              <Link to={loaderData.chooseAgainHref} className="btn-outline">
                Change Choices
              </Link>
            </div>
          </div>
        </div>
      </div>
    );
  }

  const { stylist } = loaderData;
  return (
    <div className="container-page py-12 sm:py-16">
      <QuotePageHeader eyebrow={`${loaderData.typeName} quote`} title={`Your quote with ${stylist.firstName}`}>
        <p>
          Your estimate with {stylist.firstName}, at {loaderData.levelName} level prices. We'll confirm everything at
          your free consultation.
        </p>
      </QuotePageHeader>

      <div className="mt-10 grid gap-8 md:grid-cols-[15rem_minmax(0,1fr)] md:items-start lg:grid-cols-[18rem_minmax(0,1fr)]">
        <StylistPortrait
          name={stylist.name}
          image={stylist.image}
          photo={stylist.photo}
          detail={stylist.detail}
          note={loaderData.salonNote}
        />

        <div className="flex flex-col gap-6">
          <SelectionTable
            lines={loaderData.lines}
            totalPence={loaderData.totalPence}
            caption={`Prices at ${loaderData.levelName} level`}
          />

          {loaderData.happy ? (
            <section aria-labelledby={QUESTION_ID} className="card animate-[fade-in_300ms_ease-out] bg-blush/50 p-6">
              <h2
                id={QUESTION_ID}
                {...{ [STEP_HEADING]: "" }}
                tabIndex={-1}
                className="scroll-mt-24 text-2xl outline-none"
              >
                Have you been to the salon before (within the last 18 months)?
              </h2>
              <QuestionAnswers yesHref={loaderData.yesHref} noHref={loaderData.noHref} />
            </section>
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <Link to={loaderData.happyHref} className="btn-accent">
                I'm Happy!
              </Link>
              <Link to={loaderData.changeHref} className="btn-outline">
                Change Choices
              </Link>
            </div>
          )}
          {loaderData.happy ? (
            <p>
              <Link to={loaderData.changeHref} className="text-accent-dark underline underline-offset-4 hover:text-ink">
                Change Choices
              </Link>
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
