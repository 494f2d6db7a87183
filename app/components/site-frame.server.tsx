/**
 * The public pages' frame, their navigation and footer, rendered by React once
 * for each content they show rather than on every page: the two were about a
 * fifth of a page's CPU, for markup that changes only when the salons, the
 * brand or the site settings do (or the page is one the navigation marks as
 * current). The layout's loader asks for the frame; the layout puts each part
 * in its element as it came from React, so a page's HTML is the same bytes as
 * when the layout rendered the parts itself.
 */
import { renderToString } from "react-dom/server";
import type { OpeningDay } from "~/domain/salon-info";
import { type FooterSalon, SiteFooter } from "./site-footer";
import { currentNavKey, SiteNav } from "./site-nav";

/** What the frame shows: the layout's loader reads it from the cached content. */
export interface FrameContent {
  hideOffers: boolean;
  bookingUrl: string;
  places: string;
  salons: FooterSalon[];
  /** The main salon's week, for the footers that show it. */
  hours: readonly OpeningDay[];
  groupLine: string;
}

/** The frame's parts as HTML: each goes inside its own element (SITE_HEADER_CLASS, SITE_FOOTER_CLASS). */
export interface Frame {
  nav: string;
  footer: string;
  /** For a page that shows the opening hours itself. */
  footerWithoutHours: string;
}

/** Parts kept at most: a few for each content, the navigation's for each link that can be current. */
const MAX_PARTS = 64;

const parts = new Map<string, string>();

/** `render`'s HTML, made the first time `key` is asked for; every part is let go when there are too many. */
function part(key: string, render: () => React.ReactElement): string {
  let html = parts.get(key);
  if (html === undefined) {
    if (parts.size >= MAX_PARTS) parts.clear();
    html = renderToString(render());
    parts.set(key, html);
  }
  return html;
}

/**
 * The frame of the page at `pathname` (the request's path) with `content`,
 * and the copyright line's year as of `now`. Each part is keyed by all it
 * depends on, so a change of content makes new parts, and nothing needs
 * clearing.
 */
export function siteFrame(content: FrameContent, pathname: string, now = new Date()): Frame {
  const { hideOffers, bookingUrl, places, salons, hours, groupLine } = content;
  const year = now.getFullYear();
  const footer = (withHours: boolean) =>
    part(JSON.stringify(["footer", salons, withHours && hours, groupLine, year]), () => (
      <SiteFooter salons={salons} hours={withHours ? hours : null} groupLine={groupLine} year={year} />
    ));
  return {
    nav: part(JSON.stringify(["nav", currentNavKey(pathname), hideOffers, bookingUrl, places]), () => (
      <SiteNav hideOffers={hideOffers} bookingUrl={bookingUrl} places={places} pathname={pathname} />
    )),
    footer: footer(true),
    footerWithoutHours: footer(false),
  };
}
