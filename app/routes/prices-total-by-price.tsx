import { Form, redirect } from "react-router";
import { serviceTypeCopy } from "~/components/calculator/labels";
import { Link } from "~/components/link";
import { seo } from "~/components/page-meta";
import { Portrait } from "~/components/picture";
import {
  CALCULATOR_PATH,
  PRICES_PATH,
  stateFields,
  stateHref,
  TOTAL_BY_PRICE_PATH,
  TOTAL_BY_STYLIST_PATH,
} from "~/components/quote/links";
import { QuotePageHeader } from "~/components/quote/page-header";
import type { CalculatorState } from "~/domain/calculator-state";
import { formatGBP } from "~/domain/format";
import { lineLabel } from "~/domain/line-labels";
import { pricesByStylist, resolveQuote } from "~/domain/quote-resolution";
import { teamPhotos } from "~/server/queries/content.server";
import { loadQuoteCatalogue, stateFromUrl } from "~/server/queries/quote-pricing.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/prices-total-by-price";

export const MIN_BUDGET = 1;
export const MAX_BUDGET = 10_000;
export const BUDGET_MESSAGE = "Please enter your budget in whole pounds, from £1 to £10,000";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Stylists within your budget",
    description:
      "Tell us your budget and see which of our stylists can do your chosen services for it, cheapest first.",
    noIndex: true,
  });

/** The budget as typed: absent, whole pounds within the limits, or a message saying what is wrong. */
function readBudget(raw: string | null): { pounds: number | null; error: string | null; typed: string } {
  const typed = (raw ?? "").trim();
  if (typed === "") return { pounds: null, error: null, typed };
  const normalised = typed.replace(/^£/, "").replace(/,/g, "");
  const pounds = /^\d{1,6}$/.test(normalised) ? Number(normalised) : Number.NaN;
  if (!(pounds >= MIN_BUDGET && pounds <= MAX_BUDGET)) return { pounds: null, error: BUDGET_MESSAGE, typed };
  return { pounds, error: null, typed };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [catalogue, photos] = await Promise.all([
    loadQuoteCatalogue(context.get(requestContext).db),
    teamPhotos(context.get(requestContext).db),
  ]);
  const { stylist: _anyStylist, budget: _budget, ...fromUrl } = stateFromUrl(url, catalogue);
  if (fromUrl.type === undefined) throw redirect(PRICES_PATH);

  // Each stylist is priced at their own level; the selection itself must be complete. The highest
  // level can do every service, so it checks the selection without ruling anything out.
  const topLevel = Math.max(...catalogue.levels.map((level) => level.id));
  const state: CalculatorState = { ...fromUrl, mode: "level" };
  const check = resolveQuote({ ...state, level: topLevel }, catalogue);
  if (!check.ok) throw redirect(stateHref(CALCULATOR_PATH, state));

  const budget = readBudget(url.searchParams.get("budget"));
  const prices = pricesByStylist(state, catalogue);
  const salonName = (id: number) => catalogue.salons.find((salon) => salon.id === id)?.name ?? "";
  const within =
    budget.pounds === null
      ? []
      : prices
          .filter((price) => price.totalPence <= (budget.pounds ?? 0) * 100)
          .map(({ stylist, level, totalPence }) => ({
            slug: stylist.slug,
            name: `${stylist.firstName} ${stylist.lastName}`,
            image: stylist.image,
            photo: photos.get(stylist.slug) ?? null,
            detail: `${level.name} · ${salonName(stylist.salonId)}`,
            totalPence,
            href: stateHref(TOTAL_BY_STYLIST_PATH, {
              ...state,
              mode: "stylist",
              stylist: stylist.slug,
              level: level.id,
            }),
          }));
  const cheapest = prices[0];

  return {
    typeName: serviceTypeCopy(fromUrl.type).name,
    services: check.quote.lines.map((line) => ({ key: line.serviceId, label: lineLabel(line.service) })),
    budget,
    within,
    cheapest: cheapest
      ? {
          name: cheapest.stylist.firstName,
          totalPence: cheapest.totalPence,
          href: stateHref(TOTAL_BY_STYLIST_PATH, {
            ...state,
            mode: "stylist",
            stylist: cheapest.stylist.slug,
            level: cheapest.level.id,
          }),
        }
      : null,
    hiddenFields: stateFields(state),
    action: TOTAL_BY_PRICE_PATH,
    changeHref: stateHref(CALCULATOR_PATH, fromUrl),
  };
}

export default function TotalByPrice({ loaderData }: Route.ComponentProps) {
  const { budget, within, cheapest } = loaderData;
  const searched = budget.pounds !== null;
  return (
    <div className="container-page py-12 sm:py-16">
      <QuotePageHeader eyebrow={`${loaderData.typeName} quote`} title="Stylists within your budget">
        <p>
          Tell us what you'd like to spend and we'll show the stylists who can do your choices for it, cheapest first.
        </p>
      </QuotePageHeader>

      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start lg:gap-x-10">
        <Form
          method="get"
          action={loaderData.action}
          className="card p-5 sm:p-7 lg:col-start-1 lg:row-start-1"
          noValidate
        >
          {loaderData.hiddenFields.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor="budget" className="block font-display text-xl">
            Your budget
          </label>
          <p id="budget-hint" className="mt-1 text-sm text-muted">
            In whole pounds, e.g. 120
          </p>
          <div className="mt-3 flex flex-wrap items-start gap-3">
            <div className="flex items-center rounded-full border border-line bg-white px-4 focus-within:border-accent has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent">
              <span aria-hidden="true" className="text-muted">
                £
              </span>
              <input
                id="budget"
                name="budget"
                inputMode="numeric"
                autoComplete="off"
                defaultValue={budget.typed}
                key={budget.typed}
                aria-invalid={budget.error ? true : undefined}
                aria-describedby={budget.error ? "budget-hint budget-error" : "budget-hint"}
                className="min-h-11 w-28 bg-transparent px-2 outline-none"
              />
            </div>
            <button type="submit" className="btn-primary">
              Find stylists
            </button>
          </div>
          {budget.error ? (
            <p id="budget-error" role="alert" className="mt-3 text-sm font-semibold text-accent-dark">
              {budget.error}
            </p>
          ) : null}
        </Form>
        <section
          aria-labelledby="results-heading"
          aria-live="polite"
          className="lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          <h2 id="results-heading" className="text-3xl">
            {searched ? `Stylists within ${formatGBP((budget.pounds ?? 0) * 100)}` : "Your stylists"}
          </h2>
          {!searched ? (
            <p className="mt-4 leading-relaxed text-muted">Enter a budget to see who fits it.</p>
          ) : within.length > 0 ? (
            <ol className="mt-6 space-y-4">
              {within.map((stylist) => (
                <li key={stylist.slug}>
                  <Link
                    to={stylist.href}
                    className="card flex items-center gap-4 p-3 transition-colors hover:border-accent sm:p-4"
                  >
                    <Portrait
                      of={stylist}
                      alt=""
                      sizes="4rem"
                      loading="lazy"
                      className="h-20 w-16 shrink-0 rounded-lg object-cover"
                    />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="font-display text-xl">{stylist.name}</span>
                      <span className="text-sm text-muted">{stylist.detail}</span>
                    </span>
                    <span className="font-display text-2xl tabular-nums" data-testid="stylist-total">
                      {formatGBP(stylist.totalPence)}
                    </span>
                  </Link>
                </li>
              ))}
            </ol>
          ) : (
            <div className="card mt-6 p-6">
              <p className="leading-relaxed">
                Nobody can do these choices within {formatGBP((budget.pounds ?? 0) * 100)}.
              </p>
              {cheapest ? (
                <p className="mt-3 leading-relaxed text-muted">
                  The lowest price for them is {formatGBP(cheapest.totalPence)}, with{" "}
                  <Link to={cheapest.href} className="text-accent-dark underline underline-offset-2">
                    {cheapest.name}
                  </Link>
                  .
                </p>
              ) : null}
            </div>
          )}
        </section>

        <section aria-labelledby="selection-heading" className="card p-5 sm:p-7 lg:col-start-1 lg:row-start-2">
          <h2 id="selection-heading" className="text-2xl">
            Your Selection
          </h2>
          <ul className="mt-4 space-y-2 leading-snug">
            {loaderData.services.map((service) => (
              <li key={service.key} className="border-b border-line/70 pb-2 last:border-0">
                {service.label}
              </li>
            ))}
          </ul>
          <Link to={loaderData.changeHref} className="btn-outline mt-5">
            Change Choices
          </Link>
        </section>
      </div>
    </div>
  );
}
