import { isbot } from "isbot";
import { data } from "react-router";
import { serviceTypeCopy } from "~/components/calculator/labels";
import { Link } from "~/components/link";
import { seo } from "~/components/page-meta";
import { PRICES_PATH } from "~/components/quote/links";
import { QuotePageHeader } from "~/components/quote/page-header";
import { SelectionTable } from "~/components/quote/selection-table";
import { StylistPortrait } from "~/components/quote/stylist-portrait";
import { isCalculatorType } from "~/domain/calculator-state";
import { formatLongDate } from "~/domain/dates";
import { formatGBP } from "~/domain/format";
import { lineLabel } from "~/domain/line-labels";
import { quoteBookPath, quoteSkinTestPath } from "~/domain/paths";
import { CONSULTATION_NOTE, SKIN_TEST_ANSWER_LABELS, SKIN_TEST_EXPLANATION, SKIN_TEST_NOTE } from "~/domain/skin-test";
import { memberPhoto } from "~/server/queries/content.server";
import { getPublicQuote } from "~/server/queries/quotes.server";
import { requestContext } from "~/server/request-context.server";
import { countQuoteView } from "~/server/staff/leads.server";
import { carriesStaffSession } from "~/server/staff/session.server";
import type { Route } from "./+types/quote";

/** A quote is for its client only: never cached by shared caches, never indexed. */
const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title:
      args.data?.kind === "found"
        ? quoteTitle(args.data.firstName)
        : args.data?.kind === "removed"
          ? "Quote removed at your request"
          : "Quote not found",
    description:
      "Your saved estimated quote from Maison Ivy, with your itemised services, total and any first-visit offer.",
    noIndex: true,
  });

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** A quote whose client's details were erased by retention still shows, without a name. */
const quoteTitle = (firstName: string) => (firstName ? `Estimated quote for ${firstName}` : "Your estimated quote");

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const quote = await getPublicQuote(context.get(requestContext).db, params.link);
  if (!quote) return data({ kind: "missing" as const }, { status: 404, headers: PRIVATE_HEADERS });
  // Erased at the client's request: the link they were sent says so, for good, and shows nothing of the quote.
  if (quote.erasedOnRequest) return data({ kind: "removed" as const }, { status: 410, headers: PRIVATE_HEADERS });
  // Staff see whether the client opened their quote; link previewers, crawlers and staff are not the client.
  if (request.method === "GET" && !isbot(request.headers.get("user-agent")) && !carriesStaffSession(request))
    countQuoteView(context.get(requestContext).db, params.link);
  // Dates are written out here, on the server, so the page reads the same before and after hydration.
  return data(
    {
      kind: "found" as const,
      firstName: quote.firstName,
      typeName: isCalculatorType(quote.calculator) ? serviceTypeCopy(quote.calculator).name : null,
      createdText: formatLongDate(quote.createdAt),
      validUntilText: formatLongDate(quote.validUntil),
      expired: quote.expired,
      levelName: quote.level.name,
      stylist: quote.stylist
        ? {
            name: quote.stylist.name,
            image: quote.stylist.image,
            // The stylist's photo as it is now; the quote keeps its own amounts.
            photo:
              quote.stylist.id === null
                ? null
                : await memberPhoto(context.get(requestContext).db, { id: quote.stylist.id }),
          }
        : null,
      salonName: quote.salon.name,
      bookingSalon: quote.bookingSalon,
      bookHref: quoteBookPath(quote.link),
      // The phone bar's Book too: through the quote's counted link, to the salon it books.
      bookAt: { href: quoteBookPath(quote.link), label: `at ${quote.bookingSalon.name}` },
      lines: quote.lines.map((line) => ({ key: line.serviceId, label: lineLabel(line), pricePence: line.pricePence })),
      totalPence: quote.totalPence,
      offer: quote.offer,
      // What the quote's e-mail and text said about the skin test, said again here.
      skinTest: quote.needsSkinTest
        ? {
            answer: quote.skinTest ? SKIN_TEST_ANSWER_LABELS[quote.skinTest] : null,
            bookHref: quote.skinTest === "yes" ? null : quoteSkinTestPath(quote.link),
            consultation: quote.consultationRequested,
          }
        : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/**
 * A colour quote's skin test, as its messages put it: the client's answer;
 * for "no", "not sure" or no answer the 48 hours explained and the link to
 * book the test; the consultation she asked for.
 */
function SkinTestNote({
  answer,
  bookHref,
  consultation,
}: {
  answer: string | null;
  bookHref: string | null;
  consultation: boolean;
}) {
  return (
    <section
      aria-labelledby="skin-test-heading"
      className="rounded-xl border border-line bg-white/60 px-4 py-3 text-sm leading-relaxed"
    >
      <h2 id="skin-test-heading" className="font-sans text-sm font-semibold">
        {answer ? `Skin test with us in the last 6 months: ${answer}` : "Skin test"}
      </h2>
      <p className="mt-1">{bookHref ? SKIN_TEST_EXPLANATION : SKIN_TEST_NOTE}</p>
      {consultation ? <p className="mt-1">{CONSULTATION_NOTE}</p> : null}
      {bookHref ? (
        <a href={bookHref} className="btn-outline mt-3" rel="nofollow">
          Book your skin test
        </a>
      ) : null}
    </section>
  );
}

/** A quote link that shows no quote: why, and the way on (a new quote, or the home page). */
function NoQuote({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="container-page py-16 sm:py-24">
      <QuotePageHeader eyebrow="Your quote" title={title}>
        <p>{children}</p>
      </QuotePageHeader>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to={PRICES_PATH} className="btn-primary">
          Get a new quote
        </Link>
        <Link to="/" className="btn-outline">
          Back to the home page
        </Link>
      </div>
    </div>
  );
}

const MissingQuote = () => (
  <NoQuote title="We couldn't find that quote">
    The link may be mistyped or cut short: quote links are long. Please check the e-mail or text message we sent you, or
    make a new quote in a minute or two.
  </NoQuote>
);

const RemovedQuote = () => (
  <NoQuote title="This quote was removed at your request">
    You asked us to erase the details we held about you, so this quote and the contact details on it are gone. If you
    would like a new quote, it takes a minute or two.
  </NoQuote>
);

export default function QuotePage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "missing") return <MissingQuote />;
  if (loaderData.kind === "removed") return <RemovedQuote />;
  const quote = loaderData;
  const offer = quote.offer;
  const withWhom = quote.stylist ? `with ${quote.stylist.name}` : `at ${quote.levelName} level, ${quote.salonName}`;

  return (
    <div className="container-page py-12 sm:py-16">
      <QuotePageHeader eyebrow="Your estimated quote" title={quoteTitle(quote.firstName)}>
        <p>
          {quote.typeName ? `${quote.typeName}, ` : ""}
          {withWhom}. Made on {quote.createdText}.
        </p>
        {quote.expired ? null : (
          <p data-testid="quote-valid-until">
            {quote.offer ? "This quote and its offer are" : "This quote is"} valid until {quote.validUntilText}.
          </p>
        )}
      </QuotePageHeader>

      <div
        className={`mt-10 grid gap-8 ${quote.stylist ? "md:grid-cols-[15rem_minmax(0,1fr)] lg:grid-cols-[18rem_minmax(0,1fr)]" : ""} md:items-start`}
      >
        {quote.stylist ? (
          <StylistPortrait
            name={quote.stylist.name}
            image={quote.stylist.image}
            photo={quote.stylist.photo}
            detail={quote.levelName}
          />
        ) : null}

        <div className="flex flex-col gap-6">
          <SelectionTable
            lines={quote.lines}
            totalPence={quote.totalPence}
            caption={`Prices at ${quote.levelName} level`}
          />

          {offer && !quote.expired ? (
            <section aria-labelledby="offer-heading" className="card border-accent/40 bg-blush/60 p-5 sm:p-7">
              <p className="eyebrow">First-visit offer</p>
              <h2 id="offer-heading" className="mt-2 text-2xl">
                {offer.percent}% off your first visit
              </h2>
              <p className="mt-3 flex flex-wrap items-baseline justify-between gap-2">
                <span>Your total with the offer</span>
                <span className="font-display text-3xl tabular-nums" data-testid="offer-total">
                  {formatGBP(offer.totalPence)}
                </span>
              </p>
              <p className="mt-3 leading-relaxed">
                Quote code{" "}
                <strong className="rounded bg-white px-2 py-0.5 font-mono tracking-wider">{offer.code}</strong> when you
                book. Valid until {quote.validUntilText}. Offers cannot be combined.
              </p>
            </section>
          ) : null}

          {quote.expired ? (
            <section aria-labelledby="expired-heading" className="card p-5 sm:p-7">
              <h2 id="expired-heading" className="text-2xl">
                {offer ? "This offer has expired" : "This quote is more than four weeks old"}
              </h2>
              <p className="mt-3 leading-relaxed">
                {offer
                  ? `The first-visit offer on this quote ended on ${quote.validUntilText}, and prices may have changed since.`
                  : "Prices may have changed since it was made."}{" "}
                A new quote takes a minute.
              </p>
              <Link to={PRICES_PATH} className="btn-primary mt-5">
                Get a new quote
              </Link>
            </section>
          ) : null}

          {quote.skinTest ? <SkinTestNote {...quote.skinTest} /> : null}

          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <a href={quote.bookHref} className="btn-accent shrink-0" rel="nofollow">
              Book a free consultation
            </a>
            <p className="text-sm text-muted">
              at {quote.bookingSalon.name}. Your final price is confirmed at your consultation.
            </p>
          </div>
        </div>
      </div>
    </div>
  );
}
