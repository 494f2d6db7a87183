import { formatGBP, telHref } from "~/domain/format";
import type { LevelPrice, Offer } from "~/domain/offers";
import { LineIcon } from "./icons";
import { Picture } from "./picture";

/** Where and how to book an offer: the salon's online booking, or a call. */
export interface BookingChannel {
  salonName: string;
  bookingUrl: string;
  telephone: string;
}

/** "Book Your FREE Consultation" at the booking provider, with the phone as the alternative. */
export function BookingButtons({ booking, phoneFirst = false }: { booking: BookingChannel; phoneFirst?: boolean }) {
  const online = (
    <a key="online" href={booking.bookingUrl} className={phoneFirst ? "btn-outline" : "btn-accent"} rel="noopener">
      Book Your FREE Consultation
    </a>
  );
  const phone = (
    <a key="phone" href={telHref(booking.telephone)} className={phoneFirst ? "btn-accent" : "btn-outline"}>
      <LineIcon box={20} className="size-4">
        <path d="M4 2.5h3l1.5 4-2 1.2a10 10 0 005.8 5.8l1.2-2 4 1.5v3A1.5 1.5 0 0116 17.5 13.5 13.5 0 012.5 4 1.5 1.5 0 014 2.5z" />
      </LineIcon>
      Call {booking.telephone}
    </a>
  );
  return <div className="flex flex-wrap gap-3">{phoneFirst ? [phone, online] : [online, phone]}</div>;
}

/** An offer's picture, 3:2 at any width (`className` adds its frame). */
export function OfferImage({
  offer,
  sizes,
  className = "",
  lazy = false,
  first = false,
}: {
  offer: Pick<Offer, "image" | "picture">;
  /** How wide it is shown, as `sizes` says it. */
  sizes: string;
  className?: string;
  /** Further down a page: loaded once it is near the screen. */
  lazy?: boolean;
  /** The first picture on the first screen: asked for before the others. */
  first?: boolean;
}) {
  return (
    <Picture
      picture={offer.picture}
      fallback={offer.image}
      fallbackWidth={1200}
      fallbackHeight={800}
      // The offer's title beside it says what it is: the picture is decoration here.
      alt=""
      sizes={sizes}
      loading={lazy ? "lazy" : undefined}
      fetchPriority={first ? "high" : undefined}
      className={`aspect-[3/2] w-full object-cover ${className}`}
    />
  );
}

/** The code to quote, large enough to read off a phone screen while calling. */
export function OfferCode({ code, endsLabel, ended }: { code: string; endsLabel: string; ended: boolean }) {
  return (
    <div className="rounded-2xl border border-dashed border-accent bg-white px-6 py-5">
      <p className="text-sm text-muted">{ended ? "The code was" : "Quote this code when you book"}</p>
      <p
        className={`mt-1 font-mono text-3xl font-semibold tracking-wider ${ended ? "text-muted line-through" : "text-ink"}`}
        data-testid="offer-code"
      >
        {code}
      </p>
      <p className="mt-2 text-sm">
        {ended ? "This offer ended on " : "Valid until "}
        <strong className="font-semibold">{endsLabel}</strong>
      </p>
    </div>
  );
}

export function SmallPrint({ lines, headingLevel = 2 }: { lines: readonly string[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="small-print-heading">
      <Heading id="small-print-heading" className="text-lg">
        Small print
      </Heading>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm leading-relaxed text-muted">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

/** Spec section 9: a cut & colour at each level, before and after the new-client discount. */
export function LevelPriceTable({ prices, percent }: { prices: readonly LevelPrice[]; percent: number }) {
  return (
    <table className="w-full border-collapse text-left text-sm sm:text-base">
      <caption className="pb-3 text-left text-sm text-muted">
        Typical cut &amp; colour, before and after {percent}% off
      </caption>
      <thead>
        <tr className="border-b border-line">
          <th scope="col" className="py-2 pr-4 font-semibold">
            Stylist level
          </th>
          <th scope="col" className="py-2 pr-4 text-right font-semibold">
            Usually
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            Your first visit
          </th>
        </tr>
      </thead>
      <tbody>
        {prices.map((row) => (
          <tr key={row.levelId} className="border-b border-line/70">
            <th scope="row" className="py-3 pr-4 font-medium">
              {row.level}
            </th>
            <td className="py-3 pr-4 text-right text-muted">
              <s>{formatGBP(row.beforePence)}</s>
            </td>
            <td className="py-3 text-right font-semibold text-accent-dark">{formatGBP(row.afterPence)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
