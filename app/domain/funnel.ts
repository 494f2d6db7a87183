/**
 * The funnel from the calculator to a booked chair (decision 076): its steps,
 * and where a visitor came from (the campaign's UTM parameters and the
 * referring site's host). Plain code, no schema library: the calculator runs
 * it in the browser to carry the attribution, and the server checks it again.
 */

/** In the order a client takes them. */
export const FUNNEL_STEPS = ["started", "summary", "saved", "opened", "book", "booked"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const FUNNEL_STEP_LABELS: Readonly<Record<FunnelStep, string>> = {
  started: "Calculator started",
  summary: "Summary reached",
  saved: "Quote saved",
  opened: "Link opened",
  book: "Book clicked",
  booked: "Booked",
};

/** The steps a browser reports itself; the others are read from quotes or recorded by the server. */
export const BEACON_STEPS = ["started", "summary"] as const satisfies readonly FunnelStep[];
export type BeaconStep = (typeof BEACON_STEPS)[number];

const UTM_FIELDS = ["utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term"] as const;
type UtmField = (typeof UTM_FIELDS)[number];

/** What a quote keeps of where its visitor came from; every field optional. */
export type Attribution = Partial<Record<UtmField | "ref", string>>;

/** Longest UTM value kept: campaign names are short, and nothing longer is worth a row's room. */
const UTM_MAX_LENGTH = 100;
/** The longest a host name may be (RFC 1035). */
const HOST_MAX_LENGTH = 253;

/** Printable text without control characters, trimmed and capped; empty when nothing is left. */
export function cleanUtm(value: unknown): string {
  if (typeof value !== "string") return "";
  let printable = "";
  for (const char of value) if (char >= " " && char !== "\u007f") printable += char;
  return printable.trim().slice(0, UTM_MAX_LENGTH);
}

/** A host name as a browser gives it (lower case letters, digits, dots, hyphens), or empty. */
export function cleanHost(value: unknown): string {
  if (typeof value !== "string") return "";
  const host = value.trim().toLowerCase();
  return host.length <= HOST_MAX_LENGTH &&
    /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/.test(host)
    ? host
    : "";
}

/** Only the fields that hold something once cleaned. */
export function cleanAttribution(input: Readonly<Record<string, unknown>>): Attribution {
  const out: Attribution = {};
  for (const field of UTM_FIELDS) {
    const value = cleanUtm(input[field]);
    if (value) out[field] = value;
  }
  const ref = cleanHost(input.ref);
  if (ref) out.ref = ref;
  return out;
}

/**
 * The campaign tags of an address's query (`?utm_source=…`), cleaned, for a
 * page that runs no script (/prices, the selector) to carry on its links to
 * the calculator, whose script keeps them (rememberLanding): a campaign link
 * to /prices is then counted as the campaign's. Empty when there are none.
 */
export function campaignParams(search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const carried: Record<string, string> = {};
  for (const field of UTM_FIELDS) {
    const value = cleanUtm(params.get(field));
    if (value) carried[field] = value;
  }
  return carried;
}

/**
 * Where a visitor came from, as of the page they landed on: the UTM parameters
 * of its address, and the host of the page before it when that was another
 * site. Null when the landing page says nothing (an earlier landing is kept).
 */
export function attributionOfLanding(href: string, referrer: string): Attribution | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const found: Record<string, string> = {};
  for (const field of UTM_FIELDS) {
    const value = url.searchParams.get(field);
    if (value) found[field] = value;
  }
  try {
    const from = new URL(referrer);
    if (from.host !== url.host) found.ref = from.hostname;
  } catch {
    // No referrer, or one that is not an address: nothing to keep of it.
  }
  const attribution = cleanAttribution(found);
  return Object.keys(attribution).length > 0 ? attribution : null;
}

/** The source the funnel groups by, as the database's funnel_source() works it out. */
export function sourceOf(attribution: Attribution): string {
  return attribution.utm_source?.toLowerCase() || attribution.ref || "direct";
}

/** A quote's source in words for staff: "springnews (email, spring-2026) from www.google.com", or that none was seen. */
export function describeSource(q: {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmContent: string | null;
  utmTerm: string | null;
  referrerHost: string | null;
}): string {
  const details = [q.utmMedium, q.utmCampaign, q.utmContent, q.utmTerm].filter(Boolean).join(", ");
  const campaign = q.utmSource ? `${q.utmSource}${details ? ` (${details})` : ""}` : details;
  const from = q.referrerHost ? `from ${q.referrerHost}` : "";
  return [campaign, from].filter(Boolean).join(" ") || "Direct, or not known";
}
