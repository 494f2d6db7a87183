import { redirect } from "react-router";
import { serviceTypeCopy } from "~/components/calculator/labels";
import { QuoteFormIsland } from "~/components/forms/form-islands";
import { Link } from "~/components/link";
import { seo } from "~/components/page-meta";
import { Portrait } from "~/components/picture";
import { EstimateTable } from "~/components/quote/estimate-table";
import {
  CALCULATOR_PATH,
  FINISH_PATH,
  HAPPY_PARAM,
  PRICES_PATH,
  QUOTE_PARAM,
  SUBMITTED_PATH,
  stateFields,
  stateHref,
  TOTAL_BY_LEVEL_PATH,
  TOTAL_BY_STYLIST_PATH,
} from "~/components/quote/links";
import { QuotePageHeader } from "~/components/quote/page-header";
import { type CalculatorState, parseCalculatorState } from "~/domain/calculator-state";
import { QUOTE_SUCCESS } from "~/domain/forms";
import { newIdempotencyKey } from "~/domain/idempotency";
import { lineLabel } from "~/domain/line-labels";
import { quoteBookPath, quotePath } from "~/domain/paths";
import { resolveQuote, selectorModeOf } from "~/domain/quote-resolution";
import { offersConsultation, quoteNeedsSkinTest } from "~/domain/skin-test";
import { memberPhoto } from "~/server/queries/content.server";
import { loadQuoteCatalogue, type QuoteCatalogue, stateFromUrl } from "~/server/queries/quote-pricing.server";
import { savedQuoteStatus, saveQuote, saveQuoteSchema } from "~/server/queries/quotes.server";
import { requestContext } from "~/server/request-context.server";
import { submissionFormAction } from "~/server/submission-http.server";
import type { Route } from "./+types/prices-finish";

const SUBMITTED_STATUS = "submitted";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: args.data?.kind === "submitted" ? "Your quote is on its way" : "Save your quote",
    description:
      "Tell us where to send your estimated quote and we'll e-mail and text it to you, with any first-visit offer.",
    noIndex: true,
  });

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** Where a visitor goes when the finish form cannot be shown for the state in the URL. */
function finishGuard(fromUrl: CalculatorState, catalogue: QuoteCatalogue) {
  const mode = selectorModeOf(fromUrl);
  const { stylist: _levelModeHasNoStylist, ...levelState } = fromUrl;
  const state: CalculatorState = mode === "stylist" ? { ...fromUrl, mode } : { ...levelState, mode };
  const resolution = resolveQuote(state, catalogue);
  if (!resolution.ok) {
    const problem = resolution.problem;
    switch (problem.kind) {
      case "unknown-stylist":
      case "stylist-unavailable":
        return { redirect: stateHref(TOTAL_BY_STYLIST_PATH, state) };
      case "no-stylist":
        return {
          redirect:
            levelState.level !== undefined
              ? stateHref(TOTAL_BY_LEVEL_PATH, { ...levelState, mode: "level" })
              : stateHref(CALCULATOR_PATH, levelState),
        };
      case "selection":
        return { redirect: stateHref(CALCULATOR_PATH, problem.state) };
      default:
        return { redirect: stateHref(CALCULATOR_PATH, state) };
    }
  }
  const quote = resolution.quote;
  if (quote.state.regular === undefined) {
    // The returning question comes first.
    return {
      redirect: quote.stylist
        ? stateHref(TOTAL_BY_STYLIST_PATH, quote.state, { [HAPPY_PARAM]: "1" })
        : stateHref(TOTAL_BY_LEVEL_PATH, quote.state),
    };
  }
  return { quote };
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  if (params.status !== undefined && params.status !== SUBMITTED_STATUS) throw redirect(`${FINISH_PATH}${url.search}`);
  const catalogue = await loadQuoteCatalogue(context.get(requestContext).db);
  const fromUrl = stateFromUrl(url, catalogue);
  if (fromUrl.type === undefined) throw redirect(PRICES_PATH);

  if (params.status === SUBMITTED_STATUS) {
    const link = url.searchParams.get(QUOTE_PARAM) ?? "";
    const saved = await savedQuoteStatus(context.get(requestContext).db, link);
    if (!saved.exists) throw redirect(stateHref(FINISH_PATH, fromUrl));
    return {
      kind: "submitted" as const,
      quoteHref: quotePath(link),
      bookHref: saved.exists ? quoteBookPath(link) : null,
      messagesSent: saved.messagesSent,
    };
  }

  const guard = finishGuard(fromUrl, catalogue);
  if (!guard.quote) throw redirect(guard.redirect);
  const { quote } = guard;
  const services = quote.lines.map((line) => line.service);
  return {
    kind: "form" as const,
    typeName: serviceTypeCopy(quote.state.type).name,
    who: quote.stylist
      ? {
          name: `${quote.stylist.firstName} ${quote.stylist.lastName}`,
          image: quote.stylist.image,
          photo: await memberPhoto(context.get(requestContext).db, { slug: quote.stylist.slug }),
          detail: quote.level.name,
        }
      : { name: `A ${quote.level.name}`, image: null, photo: null, detail: quote.salon.name },
    lines: quote.lines.map((line) => ({
      key: line.serviceId,
      label: lineLabel(line.service),
      pricePence: line.pricePence,
    })),
    totalPence: quote.totalPence,
    colour: quoteNeedsSkinTest(services) ? { consultation: offersConsultation(services) } : null,
    regular: quote.state.regular === true,
    changeHref: stateHref(CALCULATOR_PATH, quote.state),
    action: stateHref(FINISH_PATH, quote.state),
    hiddenFields: stateFields(quote.state),
    formKey: newIdempotencyKey(),
  };
}

/** The form's post, with or without JavaScript: the same saving as the JSON endpoint, answered as a page. */
export function action({ request, context }: Route.ActionArgs) {
  return submissionFormAction(request, context, {
    schema: saveQuoteSchema,
    submit: saveQuote,
    // The submitted page replaces the form: Back from it goes to the totals, not to a filled-in form.
    sent: (saved, values) =>
      redirect(
        stateHref(SUBMITTED_PATH, parseCalculatorState(new URLSearchParams(values)), { [QUOTE_PARAM]: saved.link }),
        303,
      ),
  });
}

/** Said instead of the usual success when the address already had its quota of quote messages today. */
export const QUOTE_NOT_RESENT =
  "Your quote is saved. We've already sent several quotes to this mobile number or e-mail address today, so we haven't sent this one by e-mail or text message: use the link below to see it.";

function Submitted({
  quoteHref,
  bookHref,
  messagesSent,
}: {
  quoteHref: string;
  bookHref: string | null;
  messagesSent: boolean;
}) {
  return (
    <div className="container-page py-16 sm:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <p className="eyebrow">Quote saved</p>
        <h1 className="mt-3 text-4xl leading-tight sm:text-5xl">
          {messagesSent ? "Your quote is on its way" : "Your quote is saved"}
        </h1>
        <p role="status" className="mt-6 text-xl leading-relaxed">
          {messagesSent ? QUOTE_SUCCESS : QUOTE_NOT_RESENT}
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          {/* The moment a client is readiest to book: the button counts the click on the quote, then goes on. */}
          {bookHref ? (
            <a href={bookHref} className="btn-accent" rel="nofollow">
              Book a free consultation
            </a>
          ) : null}
          <Link to={quoteHref} className={bookHref ? "btn-outline" : "btn-accent"}>
            View your quote
          </Link>
          <Link to={PRICES_PATH} className="btn-outline">
            Start a new quote
          </Link>
        </div>
      </div>
    </div>
  );
}

export default function Finish({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "submitted")
    return (
      <Submitted
        quoteHref={loaderData.quoteHref}
        bookHref={loaderData.bookHref}
        messagesSent={loaderData.messagesSent}
      />
    );
  const { who } = loaderData;
  return (
    <div className="container-page py-12 sm:py-16">
      <QuotePageHeader eyebrow={`${loaderData.typeName} quote`} title="Where shall we send your quote?">
        <p>We'll e-mail and text your estimated quote to you, so it's there when you book your free consultation.</p>
      </QuotePageHeader>

      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:items-start">
        <QuoteFormIsland
          action={loaderData.action}
          hiddenFields={loaderData.hiddenFields}
          actionData={actionData}
          formKey={loaderData.formKey}
          colour={loaderData.colour}
        />

        <aside aria-labelledby="summary-heading" className="card order-first p-5 sm:p-7 lg:order-none">
          <h2 id="summary-heading" className="text-2xl">
            Your quote
          </h2>
          <div className="mt-4 flex items-center gap-4">
            {who.image ? (
              <Portrait
                of={{ photo: who.photo, image: who.image }}
                alt=""
                sizes="4rem"
                className="h-20 w-16 shrink-0 rounded-lg object-cover"
              />
            ) : null}
            <div>
              <p className="font-display text-xl">{who.name}</p>
              <p className="text-sm text-muted">{who.detail}</p>
            </div>
          </div>
          <EstimateTable
            lines={loaderData.lines}
            totalPence={loaderData.totalPence}
            caption="Your services and estimated prices"
            totalLabel="Total estimate"
            totalTestId="quote-total"
            className="mt-5 border-t border-line"
          />
          {loaderData.regular ? null : (
            <p className="mt-4 rounded-lg bg-blush px-3 py-2 text-sm leading-snug">
              As a new client, your quote comes with 20% off your first visit.
            </p>
          )}
          <Link
            to={loaderData.changeHref}
            className="mt-5 inline-block text-accent-dark underline underline-offset-4 hover:text-ink"
          >
            Change Choices
          </Link>
        </aside>
      </div>
    </div>
  );
}
