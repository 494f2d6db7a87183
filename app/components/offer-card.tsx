import { Link } from "~/components/link";
import type { Offer } from "~/domain/offers";
import { discountLabel } from "~/domain/offers";
import { offerPath } from "~/domain/paths";
import { OfferImage } from "./offer-details";

export interface OfferCardProps {
  offer: Offer;
  /** "Ends June 30th 2026", already formatted. */
  endsLabel: string;
  ended: boolean;
  /** The first card is on a phone's first screen: its picture loads at once. */
  eager?: boolean;
}

/** One card of /offers: the whole card is one link to the offer's page. */
export function OfferCard({ offer, endsLabel, ended, eager = false }: OfferCardProps) {
  const titleId = `offer-${offer.slug}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className={`card group relative flex flex-col overflow-hidden has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-accent ${ended ? "bg-sand/40" : ""}`}
      data-testid="offer-card"
    >
      <div className="relative">
        <OfferImage
          offer={offer}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          lazy={!eager}
          first={eager}
        />
        <span
          className={`absolute top-4 left-4 rounded-full px-3 py-1 text-sm font-semibold ${ended ? "bg-white text-muted" : "bg-accent-dark text-white"}`}
        >
          {ended ? "Ended" : discountLabel(offer)}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h3 id={titleId} className="text-xl leading-snug">
          <Link
            to={offerPath(offer.slug)}
            className="after:absolute after:inset-0 after:content-[''] hover:text-accent-dark focus-visible:outline-none"
          >
            {offer.title}
          </Link>
        </h3>
        <p className="mt-3 flex-1 text-sm leading-relaxed text-muted">{offer.summary}</p>
        <p className="mt-5 flex items-center justify-between gap-3 text-sm">
          <span className="text-muted">{ended ? `Ended ${endsLabel}` : `Until ${endsLabel}`}</span>
          <span aria-hidden="true" className="font-semibold whitespace-nowrap text-accent-dark group-hover:underline">
            See the offer →
          </span>
        </p>
      </div>
    </article>
  );
}
