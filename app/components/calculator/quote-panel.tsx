import type { CalculatorType } from "~/domain/calculator-state";
import { isNoneService, needsSkinTest } from "~/domain/catalogue";
import { formatGBP } from "~/domain/format";
import { clientServiceName } from "~/domain/line-labels";
import { EstimateTable } from "../quote/estimate-table";
import { useDisclosure } from "../use-disclosure";
import { type CalculatorView, CURRENT_STEP_ID, type LevelChangeOffer, STEP_HEADING } from "./calculator-view";

const FIRST_PRICED_CHOICE = { colour: "colour", cutting: "finish", mens: "men's cut" } as const;

function LevelChangeLink({ offer, direction }: { offer: LevelChangeOffer; direction: "up" | "down" }) {
  const verb = direction === "up" ? "Up a level" : "Down a level";
  return (
    <a
      href={offer.href}
      className="flex min-h-12 w-full items-center justify-between gap-3 rounded-xl border border-line bg-white px-4 py-2.5 text-left text-sm hover:border-ink"
    >
      <span>
        <span className="block font-semibold">
          <span aria-hidden="true">{direction === "up" ? "↑ " : "↓ "}</span>
          {verb}: {offer.level.name}
        </span>
        {offer.unavailable.length > 0 ? (
          <span className="mt-0.5 block text-xs text-accent-dark">
            {offer.unavailable.map(clientServiceName).join(", ")} not offered at this level
          </span>
        ) : null}
      </span>
      {offer.totalPence !== null ? (
        <span className="shrink-0 font-semibold tabular-nums">
          <span className="sr-only">, total </span>
          {formatGBP(offer.totalPence)}
        </span>
      ) : null}
    </a>
  );
}

/** The itemised lines and their total, as every estimate on the page shows them. */
function Estimate({ quote, className }: { quote: NonNullable<CalculatorView["quote"]>; className?: string }) {
  return (
    <EstimateTable
      lines={quote.lines.map((line) => ({ key: line.service.id, label: line.label, pricePence: line.pricePence }))}
      totalPence={quote.totalPence}
      caption="Your selection and estimated prices"
      totalLabel="Estimated total"
      totalTestId="estimate-total"
      lineTestId="estimate-line"
      className={className}
    />
  );
}

function waitingText(type: CalculatorType) {
  return `Your estimate appears once you've chosen your ${FIRST_PRICED_CHOICE[type]}.`;
}

/** Colour services need a skin test: said only when the estimate holds one. */
function needsSkinTestNow(view: CalculatorView): boolean {
  return view.quote?.lines.some((line) => needsSkinTest(line.service)) ?? false;
}

/**
 * On a phone the steps fill the screen, so the estimate rides along at the
 * bottom: the running total, always in view (sticky, so it never covers the
 * footer) and announced politely when it changes, with a button opening the
 * itemised lines. A native <details>, so it works without JavaScript; on wide
 * screens the side panel does this job. Only the button is the details'
 * summary, not the whole bar: a bar-wide target would sit over whichever
 * choice scrolls beneath it and leave that choice no room of its own.
 */
export function PhoneEstimate({ view }: { view: CalculatorView }) {
  const { quote, state } = view;
  // Escape and a tap outside close the lines, as they do the site's menus.
  const disclosure = useDisclosure();
  if (!state.type) return null;
  // A "None" line ("No finish add-on", £0) is a choice made, not a service to count.
  const count = quote?.lines.filter((line) => !isNoneService(line.service)).length ?? 0;
  return (
    <div
      data-testid="phone-estimate"
      data-estimate-bar
      className="sticky bottom-0 z-30 border-t border-line bg-ivory/95 shadow-[0_-4px_16px_rgb(0_0_0/0.06)] backdrop-blur lg:hidden"
    >
      <div className={`container-page flex min-h-14 items-center py-2 ${quote ? "pr-36 sm:pr-39" : ""}`}>
        <span aria-live="polite" aria-atomic="true" className="min-w-0 text-sm">
          {quote ? (
            <>
              Estimate so far:{" "}
              <strong className="font-display text-xl tabular-nums" data-testid="phone-estimate-total">
                {formatGBP(quote.totalPence)}
              </strong>
              <span className="text-muted">
                {" "}
                · {count} {count === 1 ? "service" : "services"}
              </span>
            </>
          ) : (
            <span className="text-muted">{waitingText(state.type)}</span>
          )}
        </span>
      </div>
      {quote ? (
        <details ref={disclosure} className="group">
          <summary className="absolute top-0 right-5 flex h-14 cursor-pointer list-none items-center sm:right-8 [&::-webkit-details-marker]:hidden">
            <span className="rounded-full border border-line bg-white px-3 py-1.5 text-sm font-semibold">
              <span className="group-open:hidden">Show lines</span>
              <span className="hidden group-open:inline">Hide lines</span>
            </span>
          </summary>
          <div className="container-page max-h-[60vh] overflow-y-auto pb-4">
            <Estimate quote={quote} />
            {needsSkinTestNow(view) ? (
              <p className="mt-3 text-xs text-muted">Colour services need a skin test 48 hours before.</p>
            ) : null}
          </div>
        </details>
      ) : null}
    </div>
  );
}

/** The running estimate: itemised lines and total, then the way on once everything is chosen. */
export function QuotePanel({ view }: { view: CalculatorView }) {
  const { quote, level, stylist, salon, state } = view;
  const nothingOpen = view.openStep === undefined;
  const who = stylist
    ? `With ${stylist.firstName} ${stylist.lastName}, ${level?.name ?? ""}`
    : level
      ? `${level.name} level${salon ? ` · ${salon.name}` : ""}`
      : null;
  return (
    <aside
      id={nothingOpen ? CURRENT_STEP_ID : undefined}
      aria-labelledby="estimate-heading"
      className="card scroll-mt-24 p-5 sm:p-6 lg:sticky lg:top-24"
    >
      <h2 id="estimate-heading" {...{ [STEP_HEADING]: "" }} tabIndex={-1} className="text-2xl outline-none">
        Your estimate
      </h2>
      {who ? <p className="mt-1 text-sm text-muted">{who}</p> : null}

      {quote ? (
        <Estimate quote={quote} className="mt-4" />
      ) : state.type ? (
        <p className="mt-4 text-sm text-muted">{waitingText(state.type)}</p>
      ) : null}

      {view.levelUp || view.levelDown ? (
        <div className="mt-6">
          <h3 className="font-sans text-sm font-semibold">Compare another level</h3>
          <ul className="mt-2 space-y-2">
            {view.levelUp ? (
              <li>
                <LevelChangeLink offer={view.levelUp} direction="up" />
              </li>
            ) : null}
            {view.levelDown ? (
              <li>
                <LevelChangeLink offer={view.levelDown} direction="down" />
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}

      {view.next ? (
        <div className="mt-6 space-y-3">
          <a href={view.next.href} className="btn-accent w-full">
            {view.next.label}
          </a>
          {view.next.budgetHref ? (
            <p className="text-center text-sm">
              <a href={view.next.budgetHref} className="font-semibold text-accent-dark underline underline-offset-2">
                Find stylists within my budget
              </a>
            </p>
          ) : null}
        </div>
      ) : null}

      <p className="mt-5 text-xs leading-relaxed text-muted">
        An estimate: your stylist confirms the price at a free consultation.
        {needsSkinTestNow(view) ? " Colour services need a skin test 48 hours before." : null}
      </p>
    </aside>
  );
}
