/**
 * schema.org structured data (JSON-LD) for search engines: a HairSalon per
 * salon and a BlogPosting per post. Pure builders; the page renders the result
 * with `jsonLdText` inside <script type="application/ld+json">.
 */

import { blogPostPath } from "./paths";
import { type DayHours, type OpeningDay, openingDays, SOCIAL_LINKS } from "./salon-info";
import { SITE_NAME } from "./seo";

export interface SalonFacts {
  id: number;
  name: string;
  address: string;
  town: string;
  postcode: string;
  telephone: string;
  image: string;
  logo: string;
  /** The salon's own site, or null for the salon this site belongs to. */
  websiteUrl: string | null;
  /** Monday first, as the salon's row holds them. */
  openingHours: readonly DayHours[] | null;
}

export interface BlogPostFacts {
  slug: string;
  title: string;
  image: string;
  author: string;
  /** ISO date, "YYYY-MM-DD". */
  publishedAt: string;
  /** Plain-text summary of the post. */
  description: string;
}

/** What a cut and colour costs across our levels, on schema.org's relative scale. */
const SALON_PRICE_RANGE = "££";

const absolute = (pathOrUrl: string, origin: string) => new URL(pathOrUrl, origin).href;

/**
 * A UK number in international form, "01632 960214" → "+44 1632 960214",
 * as search engines prefer; anything that isn't a national UK number is kept as written.
 */
export function internationalUkTelephone(telephone: string): string {
  const trimmed = telephone.trim();
  return /^0\d/.test(trimmed) ? `+44 ${trimmed.slice(1)}` : trimmed;
}

/**
 * One specification per day. A closed day says so the way schema.org and
 * Google document it: opens and closes both "00:00".
 */
export function openingHoursSpecification(days: readonly OpeningDay[]) {
  return days.map((d) => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: `https://schema.org/${d.schemaDay}`,
    opens: d.opens ?? "00:00",
    closes: d.closes ?? "00:00",
  }));
}

export function hairSalonJsonLd(salon: SalonFacts, origin: string) {
  const url = salon.websiteUrl ?? absolute("/", origin);
  return {
    "@context": "https://schema.org",
    "@type": "HairSalon",
    "@id": `${absolute("/contact-info", origin)}#salon-${salon.id}`,
    name: salon.name,
    url,
    image: absolute(salon.image, origin),
    logo: absolute(salon.logo, origin),
    telephone: internationalUkTelephone(salon.telephone),
    priceRange: SALON_PRICE_RANGE,
    address: {
      "@type": "PostalAddress",
      streetAddress: salon.address,
      addressLocality: salon.town,
      postalCode: salon.postcode,
      addressCountry: "GB",
    },
    openingHoursSpecification: openingHoursSpecification(openingDays(salon.openingHours)),
    // Our social profiles belong to the salon this site is for, not to the sister sites.
    ...(salon.websiteUrl === null ? { sameAs: SOCIAL_LINKS.map((s) => s.href) } : {}),
  };
}

export function blogPostingJsonLd(post: BlogPostFacts, origin: string) {
  const url = absolute(blogPostPath(post.slug), origin);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    "@id": url,
    mainEntityOfPage: url,
    url,
    headline: post.title,
    description: post.description,
    image: absolute(post.image, origin),
    datePublished: post.publishedAt,
    author: { "@type": "Person", name: post.author },
    publisher: {
      "@type": "Organization",
      name: SITE_NAME,
      url: absolute("/", origin),
      logo: { "@type": "ImageObject", url: absolute("/images/logo.svg", origin) },
    },
  };
}

export interface VerifiedReviewFacts {
  review: string;
  client: string;
  rating: number | null;
  /** yyyy-mm-dd: the day the client wrote it. */
  reviewedOn: string | null;
}

/**
 * Review markup for reviews from verified visits only (decision 112): a
 * review the salon typed or imported cannot be shown to search engines as a
 * client's own. About the salon group, by the client as shown.
 */
export function verifiedReviewsJsonLd(reviews: readonly VerifiedReviewFacts[], origin: string) {
  return reviews.map((r) => ({
    "@context": "https://schema.org",
    "@type": "Review",
    reviewBody: r.review,
    author: { "@type": "Person", name: r.client },
    ...(r.reviewedOn ? { datePublished: r.reviewedOn } : {}),
    ...(r.rating ? { reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 } } : {}),
    itemReviewed: { "@type": "HairSalon", name: SITE_NAME, url: absolute("/", origin) },
  }));
}

/**
 * JSON for a <script type="application/ld+json"> element. "<" is written as
 * \u003c so no text in the data can close the element ("</script>") or open a
 * comment ("<!--"); JSON parsers read it back as "<".
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
