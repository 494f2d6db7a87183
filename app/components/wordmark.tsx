/**
 * The Maison Ivy wordmark: the ivy leaf in its ring, drawn as shapes, beside
 * the name set in the site's own display face. Text rather than a picture, so
 * it stays sharp and legible at every width and reads out as the name.
 */
export function BrandMark({ className = "" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 96 96" className={className}>
      <circle cx="48" cy="48" r="44" fill="none" stroke="currentColor" strokeWidth="3" />
      <g transform="translate(48 47) scale(0.66)">
        <path
          d="M0 -50C6 -38 14 -28 24 -24C32 -22 40 -18 48 -12C42 0 38 10 36 16C34 24 32 30 30 36C18 34 8 30 0 22C-8 30 -18 34 -30 36C-32 30 -34 24 -36 16C-38 10 -42 0 -48 -12C-40 -18 -32 -22 -24 -24C-14 -28 -6 -38 0 -50Z"
          fill="currentColor"
        />
        <path
          d="M0 -40V46M0 6L-34 -8M0 6L34 -8M0 14L-22 28M0 14L22 28"
          stroke="#faf7f2"
          strokeWidth="2.4"
          fill="none"
          opacity=".75"
        />
      </g>
    </svg>
  );
}

export function Wordmark({ places, size = "header" }: { places: string; size?: "header" | "large" }) {
  const large = size === "large";
  return (
    <span className="inline-flex items-center gap-2.5 text-ink">
      {/* On a small phone the name tightens, and below 360 px the ring gives way, so the Menu button fits beside it. */}
      <BrandMark
        className={`shrink-0 text-accent ${large ? "size-14" : "size-10 max-[399px]:size-9 max-[359px]:hidden"}`}
      />
      <span className="flex flex-col items-start leading-none">
        <span
          className={`font-display font-medium tracking-[0.14em] uppercase ${large ? "text-3xl" : "text-[1.3125rem] max-[399px]:text-lg max-[399px]:tracking-[0.1em]"}`}
        >
          Maison Ivy
        </span>
        <span
          className={`mt-1 font-semibold tracking-[0.16em] text-accent-dark uppercase ${large ? "text-sm" : "text-[0.6875rem] max-[399px]:tracking-[0.06em]"}`}
        >
          {places}
        </span>
      </span>
    </span>
  );
}
