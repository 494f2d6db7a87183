import { useLocation } from "react-router";
import { Link } from "~/components/link";
import { teamPath } from "~/domain/paths";
import type { PictureRef } from "~/domain/pictures";
import { Portrait } from "./picture";

export interface OfferStylist {
  slug: string;
  name: string;
  levelName: string;
  /** The illustration, shown until a photo is uploaded. */
  image: string;
  photo: PictureRef | null;
  salonName: string;
}

/** Stylists (an offer's, or the ones a notice suggests), each linking to their profile. */
export function OfferStylists({ stylists, heading }: { stylists: readonly OfferStylist[]; heading?: string }) {
  if (stylists.length === 0) return null;
  return (
    <section aria-labelledby="offer-stylists">
      <h2 id="offer-stylists" className="text-2xl">
        {heading ?? (stylists.length === 1 ? "Your stylist" : "Your stylists")}
      </h2>
      <ul className="mt-5 grid gap-4 sm:grid-cols-2">
        {stylists.map((stylist) => (
          <li key={stylist.slug}>
            <Link
              to={teamPath(stylist.slug)}
              className="card flex items-center gap-4 p-4 transition-colors hover:bg-white"
            >
              <Portrait
                of={stylist}
                alt=""
                sizes="4.5rem"
                loading="lazy"
                className="size-18 shrink-0 rounded-full object-cover"
              />
              <span>
                <span className="block font-display text-lg">{stylist.name}</span>
                <span className="block text-sm text-muted">
                  {stylist.levelName}, {stylist.salonName}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The 404 of an offer or text-message link that doesn't exist (usually an old
 * or mistyped link): said plainly, inside the site, with somewhere to go next.
 */
export function OfferMissing({ kind }: { kind: "offer" | "campaign" }) {
  return (
    <section className="container-page py-20 text-center sm:py-28">
      <p className="eyebrow">Offers</p>
      <h1 className="mt-3 text-4xl sm:text-5xl">We couldn't find that offer</h1>
      <p className="mx-auto mt-5 max-w-xl text-lg leading-relaxed text-muted">
        {kind === "campaign"
          ? "The link in your text message may have been cut short, or the offer has been retired."
          : "The link may be old or mistyped, or the offer has been retired."}{" "}
        Our current offers are all on one page.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/offers" className="btn-accent">
          See current offers
        </Link>
        <Link to="/prices" className="btn-outline">
          Get a price quote
        </Link>
        <Link to="/contact" className="btn-outline">
          Contact us
        </Link>
      </div>
    </section>
  );
}

/** Anything but a 404 on an offer page: calm, with a way to try again. */
export function OfferPageFailed() {
  const location = useLocation();
  return (
    <section className="container-page py-20 text-center sm:py-28">
      <h1 className="text-4xl sm:text-5xl">Sorry, this offer didn't load</h1>
      <p className="mx-auto mt-5 max-w-xl text-lg leading-relaxed text-muted">
        Please try again in a moment. If it keeps happening, give us a call and we'll help.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* A plain link: it loads the page afresh, which is what trying again means. */}
        <a href={`${location.pathname}${location.search}`} className="btn-accent">
          Try again
        </a>
        <Link to="/offers" className="btn-outline">
          All offers
        </Link>
      </div>
    </section>
  );
}
