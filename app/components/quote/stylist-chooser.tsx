import { useId } from "react";
import { Link } from "react-router";

export interface ChoosableStylist {
  slug: string;
  firstName: string;
  lastName: string;
  image: string;
  paragraphs: string[];
  /** Where they work, e.g. "Maison Ivy Kestwick". */
  salonName: string;
  /** The stylist total for this selection with this stylist chosen. */
  chooseHref: string;
}

/**
 * A stylist card that opens a modal profile (spec 2.4): photo, name, the
 * paragraphs, "Choose {name}" and "Pick another". `<stylist-dialog>`
 * (app/enhance/stylist-dialog.ts) opens and closes it; without JavaScript
 * the card is a plain link straight to the stylist's total.
 */
export function StylistChooser({ stylist }: { stylist: ChoosableStylist }) {
  const titleId = useId();
  const fullName = `${stylist.firstName} ${stylist.lastName}`;

  return (
    <li>
      <stylist-dialog className="contents">
        <Link
          to={stylist.chooseHref}
          data-open=""
          className="card group flex h-full items-center gap-4 p-3 transition-colors hover:border-accent sm:flex-col sm:items-stretch sm:p-0"
        >
          <img
            src={stylist.image}
            alt=""
            width={600}
            height={750}
            loading="lazy"
            className="h-24 w-20 shrink-0 rounded-xl object-cover sm:aspect-[4/5] sm:h-auto sm:w-full sm:rounded-none sm:rounded-t-2xl"
          />
          <span className="flex flex-col gap-1 sm:p-5">
            <span className="font-display text-xl text-ink">{fullName}</span>
            <span className="text-sm text-muted">{stylist.salonName}</span>
            <span className="mt-1 text-sm font-semibold text-accent-dark underline-offset-4 group-hover:underline">
              Meet {stylist.firstName}
            </span>
          </span>
        </Link>

        <dialog
          aria-labelledby={titleId}
          className="m-auto max-h-[90dvh] w-[min(36rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl bg-ivory p-0 text-ink shadow-2xl backdrop:bg-ink/60"
        >
          <div className="flex flex-col gap-5 p-6 sm:p-8">
            <div className="flex items-center gap-4">
              <img
                src={stylist.image}
                alt={`Portrait of ${fullName}`}
                width={600}
                height={750}
                className="h-32 w-[6.4rem] shrink-0 rounded-xl object-cover"
              />
              <div>
                <h2 id={titleId} className="text-3xl">
                  {fullName}
                </h2>
                <p className="mt-1 text-sm text-muted">{stylist.salonName}</p>
              </div>
            </div>
            <div className="space-y-3 leading-relaxed">
              {stylist.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
            <div className="flex flex-wrap gap-3">
              <Link to={stylist.chooseHref} className="btn-accent">
                Choose {stylist.firstName}
              </Link>
              <button type="button" data-close="" className="btn-outline">
                Pick another
              </button>
            </div>
          </div>
        </dialog>
      </stylist-dialog>
    </li>
  );
}
