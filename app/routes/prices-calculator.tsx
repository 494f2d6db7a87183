import { redirect, useSearchParams } from "react-router";
import { Calculator } from "~/components/calculator/calculator";
import { calculatorData, EDIT_PARAM } from "~/components/calculator/calculator-view";
import { serviceTypeCopy } from "~/components/calculator/labels";
import { Island } from "~/components/island";
import { answersLinksInPlace } from "~/components/page-handle";
import { seo } from "~/components/page-meta";
import { PRICES_PATH, SELECTOR_PATH, stateHref } from "~/components/quote/links";
import { parseCalculatorState } from "~/domain/calculator-state";
import { DEFAULT_SALON_ID } from "~/domain/salon-info";
import { resolveStylist } from "~/domain/stylist-choice";
import { loadCalculatorData } from "~/server/queries/calculator.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/prices-calculator";

export const handle = answersLinksInPlace;

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
 * The calculator is an island: the page is rendered here from the address,
 * and in the browser every choice is worked out from the catalogue in the
 * island's props, with no request (app/components/calculator/calculator.tsx).
 */
export default function PricesCalculator({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  return (
    <Island
      name="calculator"
      component={Calculator}
      props={{
        data: calculatorData(loaderData),
        state: parseCalculatorState(searchParams),
        edit: searchParams.get(EDIT_PARAM),
      }}
    />
  );
}
