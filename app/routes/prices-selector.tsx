import { useSearchParams } from "react-router";
import { serviceTypeCopy } from "~/components/calculator/labels";
import { ServiceTypeList } from "~/components/calculator/service-type-list";
import { Link } from "~/components/link";
import { seo } from "~/components/page-meta";
import { CALCULATOR_PATH, PRICES_PATH, SELECTOR_PATH, stateHref } from "~/components/quote/links";
import { parseCalculatorState, type SelectorMode, withChange } from "~/domain/calculator-state";
import { campaignParams } from "~/domain/funnel";
import type { Route } from "./+types/prices-selector";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Choose how to get your quote",
    description:
      "Get a price quote for a stylist you already know, or compare prices by stylist level and then meet the stylists.",
  });

/** The service types, shown under the modes once a mode is chosen without a type. */
const TYPES_ID = "service-types";

const MODES: { mode: SelectorMode; title: string; text: string }[] = [
  {
    mode: "stylist",
    title: "Get a quote for a specific stylist",
    text: "Know who you'd like to see? Choose them and get their prices for your services.",
  },
  {
    mode: "level",
    title: "Get a quote based on a stylist level",
    text: "Compare what each level of experience costs, then meet the stylists at your level.",
  },
];

/**
 * Not guarded: reached without a service type (a bookmark, a link from
 * elsewhere), the page asks how to quote first and the service type after it,
 * on this page, rather than sending the visitor back to the start.
 */
export default function PricesSelector() {
  const [searchParams] = useSearchParams();
  const state = parseCalculatorState(searchParams);
  const type = state.type;
  // A campaign's tags, carried on to the calculator, which keeps them for the quote.
  const campaign = campaignParams(searchParams.toString());
  // Keep what was already chosen; a stylist only means something in stylist mode.
  const hrefFor = (mode: SelectorMode) => {
    const next = withChange(state, mode === "level" ? { mode, stylist: undefined } : { mode });
    return type ? stateHref(CALCULATOR_PATH, next, campaign) : stateHref(SELECTOR_PATH, next, campaign, TYPES_ID);
  };

  return (
    <div className="container-page py-12 sm:py-16">
      <p className="eyebrow">{type ? serviceTypeCopy(type).name : "Prices"}</p>
      <h1 className="mt-3 max-w-3xl text-4xl leading-tight sm:text-5xl">How would you like your quote?</h1>
      <ul className="mt-10 grid gap-4 md:grid-cols-2">
        {MODES.map((choice) => (
          <li key={choice.mode} className="relative">
            <div
              className={`card flex h-full flex-col p-6 transition-colors hover:border-ink sm:p-8 ${state.mode === choice.mode ? "border-accent-dark ring-1 ring-accent-dark" : ""}`}
            >
              <h2 className="text-2xl">
                <Link
                  to={hrefFor(choice.mode)}
                  aria-current={state.mode === choice.mode ? "true" : undefined}
                  className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:ring-3 focus-visible:after:ring-accent"
                >
                  {choice.title}
                </Link>
              </h2>
              <p className="mt-3 flex-1 leading-relaxed text-muted">{choice.text}</p>
              <span aria-hidden="true" className="mt-6 text-sm font-semibold text-accent-dark">
                Continue →
              </span>
            </div>
          </li>
        ))}
      </ul>
      {!type && state.mode ? (
        <section aria-labelledby={TYPES_ID} className="mt-12 scroll-mt-24">
          <h2 id={TYPES_ID} className="mb-6 text-2xl sm:text-3xl">
            What would you like a quote for?
          </h2>
          <ServiceTypeList
            headingLevel={3}
            hrefFor={(chosen) => stateHref(CALCULATOR_PATH, withChange(state, { type: chosen }), campaign)}
          />
        </section>
      ) : null}
      <p className="mt-10">
        <Link to={PRICES_PATH} className="text-sm font-semibold text-accent-dark underline underline-offset-2">
          <span aria-hidden="true">← </span>Choose a different service
        </Link>
      </p>
    </div>
  );
}
