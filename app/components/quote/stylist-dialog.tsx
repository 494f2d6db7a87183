import { useEffect, useRef, useState } from "react";
import type { PictureRef } from "~/domain/picture-urls";
import { LineIcon } from "../icons";
import { Portrait } from "../picture";

export interface ChoosableStylist {
  slug: string;
  firstName: string;
  lastName: string;
  image: string;
  /** An uploaded portrait, shown instead of the illustration. */
  photo: PictureRef | null;
  paragraphs: string[];
  /** Where they work, e.g. "Maison Ivy Kestwick". */
  salonName: string;
  /** The stylist total for this selection with this stylist chosen. */
  chooseHref: string;
}

function isPlainClick(event: React.MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

const FOCUSABLE = "a[href], button:not([disabled]), [tabindex]:not([tabindex='-1'])";

/** Tab and Shift+Tab go round the dialog's own controls rather than out to the browser's. */
function keepTabInside(dialog: HTMLDialogElement, event: React.KeyboardEvent) {
  if (event.key !== "Tab") return;
  const controls = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A stylist card that opens a modal profile: photo, name, the paragraphs,
 * "Choose {name}" and "Pick another", with a close button at the top; on a
 * small phone only the profile scrolls. An island (the card is the page's
 * one interactive part): the native <dialog> makes the page behind it inert
 * and closes on Escape; on closing the focus goes back to the card; the close
 * button, a click on the backdrop or "Pick another" close it too. Without
 * JavaScript the card is a plain link straight to the stylist's total.
 *
 * Browser code: no router; ids come from the slug (useId would differ
 * between the page's render and the island's own root).
 */
export function StylistDialogView({ stylist }: { stylist: ChoosableStylist }) {
  const titleId = `stylist-${stylist.slug}-name`;
  const fullName = `${stylist.firstName} ${stylist.lastName}`;
  const dialog = useRef<HTMLDialogElement>(null);
  const card = useRef<HTMLAnchorElement>(null);
  const profile = useRef<HTMLElement>(null);
  // Only once the script runs does the card open a dialog: before, it is the plain link it says it is.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);

  const open = (event: React.MouseEvent) => {
    if (!isPlainClick(event) || !dialog.current) return;
    event.preventDefault();
    dialog.current.showModal();
    profile.current?.scrollTo?.(0, 0);
  };
  const close = () => dialog.current?.close();

  return (
    <>
      <a
        ref={card}
        href={stylist.chooseHref}
        onClick={open}
        aria-haspopup={enhanced ? "dialog" : undefined}
        className="card group flex h-full items-center gap-4 p-3 transition-colors hover:border-accent sm:flex-col sm:items-stretch sm:p-0"
      >
        <Portrait
          of={stylist}
          sizes="(min-width: 640px) 300px, 80px"
          alt=""
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
      </a>

      {/* Header, scrolling profile and footer: the close button and the choices stay on screen however long the profile. */}
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClick={(event) => {
          // A click on the backdrop lands on the dialog element itself.
          if (event.target === dialog.current) close();
        }}
        onKeyDown={(event) => dialog.current && keepTabInside(dialog.current, event)}
        onClose={() => card.current?.focus()}
        className="m-auto max-h-[min(40rem,calc(100dvh-1.5rem))] w-[min(36rem,calc(100vw-1.5rem))] flex-col overflow-hidden rounded-2xl bg-ivory p-0 text-ink shadow-2xl backdrop:bg-ink/60 open:flex"
      >
        <div className="flex items-center gap-4 border-b border-line p-4 sm:px-6">
          <Portrait
            of={stylist}
            sizes="90px"
            alt={`Portrait of ${fullName}`}
            loading="lazy"
            className="h-20 w-16 shrink-0 rounded-xl object-cover sm:h-28 sm:w-[5.6rem]"
          />
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-2xl sm:text-3xl">
              {fullName}
            </h2>
            <p className="mt-1 text-sm text-muted">{stylist.salonName}</p>
          </div>
          <button
            type="button"
            onClick={close}
            className="grid size-11 shrink-0 place-items-center self-start rounded-full border border-line bg-white hover:border-ink"
          >
            <LineIcon box={16} className="size-4" strokeWidth={1.8}>
              <path d="M3 3l10 10M13 3L3 13" />
            </LineIcon>
            <span className="sr-only">Close</span>
          </button>
        </div>
        {/* It may scroll on a small phone: reachable by Tab so the arrow keys can scroll it. */}
        <section
          ref={profile}
          className="min-h-0 flex-1 space-y-3 overflow-y-auto p-4 leading-relaxed sm:px-6"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take the focus to be scrolled by keyboard
          tabIndex={0}
          aria-label={`About ${stylist.firstName}`}
        >
          {stylist.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
        <div className="grid grid-cols-2 gap-3 border-t border-line p-4 sm:flex sm:px-6">
          <a href={stylist.chooseHref} className="btn-accent px-4">
            Choose {stylist.firstName}
          </a>
          <button type="button" onClick={close} className="btn-outline px-4">
            Pick another
          </button>
        </div>
      </dialog>
    </>
  );
}
