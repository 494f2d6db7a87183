import { redirect, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { CalculatorSteps, ProgressLine, useFocusStepAfterChoice } from "~/components/calculator/calculator-steps";
import { calculatorHref, calculatorView, EDIT_PARAM } from "~/components/calculator/calculator-view";
import { serviceTypeCopy } from "~/components/calculator/labels";
import { PhoneEstimate, QuotePanel } from "~/components/calculator/quote-panel";
import { Link } from "~/components/link";
import { seo } from "~/components/page-meta";
import { PRICES_PATH, SELECTOR_PATH, stateHref } from "~/components/quote/links";
import { parseCalculatorState } from "~/domain/calculator-state";
import { DEFAULT_SALON_ID } from "~/domain/salon-info";
import { resolveStylist } from "~/domain/stylist-choice";
import { loadCalculatorData } from "~/server/queries/calculator.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/prices-calculator";

export const meta: Route.MetaFunction = (args) => {
  const { type } = parseCalculatorState(new URLSearchParams(args.location.search));
  return seo(args, {
    title: type ? `${serviceTypeCopy(type).name} price calculator` : "Price calculator",
    description:
      "Choose your services step by step and see an itemised estimate at your stylist's level, with the total as you go.",
  });
};

/**
 * Guards: no calculator type → /prices; no selector mode → the
 * selector. A stylist link with a stale level or salon is corrected to the
 * stylist's own, and an unknown salon to the default, so the totals screens
 * read the same state the page shows.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const requested = parseCalculatorState(url.searchParams);
  if (requested.type === undefined) throw redirect(PRICES_PATH);
  if (requested.mode === undefined) throw redirect(stateHref(SELECTOR_PATH, requested));

  const data = await loadCalculatorData(context.get(requestContext).db);
  const resolved = resolveStylist(requested, data.stylists);
  const unknownSalon = !data.salons.some((salon) => salon.id === resolved.state.salon);
  if (resolved.redirect || unknownSalon) {
    const state = unknownSalon ? { ...resolved.state, salon: DEFAULT_SALON_ID } : resolved.state;
    const edit = url.searchParams.get(EDIT_PARAM);
    throw redirect(stateHref(url.pathname, state, edit ? { [EDIT_PARAM]: edit } : {}));
  }
  return data;
}

/**
 * Every choice is a link that changes only the search parameters, and the
 * page is worked out from them with the shared domain code: the catalogue
 * need not be fetched again for each step.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export default function PricesCalculator({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  useFocusStepAfterChoice();
  const resolved = resolveStylist(parseCalculatorState(searchParams), loaderData.stylists);
  const view = calculatorView(resolved.state, loaderData, {
    edit: searchParams.get(EDIT_PARAM),
    stylist: resolved.stylist,
  });
  const { state } = view;
  if (state.type === undefined) return null; // the loader has already redirected
  const copy = serviceTypeCopy(state.type);

  return (
    // The phone estimate sticks to the bottom of the screen while the page is in view, and stops above the footer.
    <div>
      <div className="container-page py-10 sm:py-14">
        <p className="eyebrow">Price quote · {copy.name}</p>
        <h1 className="mt-3 text-4xl leading-tight sm:text-5xl">{copy.quoteTitle}</h1>
        <p className="mt-3 text-sm text-muted">
          {state.mode === "stylist" ? "For a stylist of your choice." : "By stylist level."}{" "}
          <Link
            to={stateHref(SELECTOR_PATH, state)}
            className="font-semibold text-accent-dark underline underline-offset-2"
          >
            Change how you get your quote
          </Link>
          <span aria-hidden="true"> · </span>
          <Link to={PRICES_PATH} className="font-semibold text-accent-dark underline underline-offset-2">
            Choose a different service
          </Link>
        </p>

        <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="space-y-5">
            <ProgressLine view={view} />
            {view.closedLevelNotice ? (
              <p role="status" className="rounded-xl border border-accent/40 bg-blush/60 p-4 text-sm font-medium">
                {view.closedLevelNotice}{" "}
                <Link
                  to={calculatorHref(state, "level")}
                  className="font-semibold text-accent-dark underline underline-offset-2"
                >
                  Choose a level
                </Link>
              </p>
            ) : null}
            {resolved.notice ? (
              <p role="status" className="rounded-xl border border-accent/40 bg-blush/60 p-4 text-sm font-medium">
                {resolved.notice}
              </p>
            ) : null}
            <CalculatorSteps view={view} />
          </div>
          <QuotePanel view={view} />
        </div>
      </div>
      <PhoneEstimate view={view} />
    </div>
  );
}
