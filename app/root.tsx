import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import displayFont from "../node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { useNonce } from "./components/nonce";
import { usePageFlag } from "./components/page-handle";
import { PREFETCHED_PATTERNS } from "./domain/staff/routes";
import { config } from "./server/config.server";

export function loader() {
  return { origin: config().PUBLIC_URL };
}

export const shouldRevalidate = () => false;

/**
 * Pages without React in the browser ask Chrome to fetch a same-site page as
 * soon as the visitor shows they are about to follow a link to it (hover,
 * touch), so the full page load that follows is instant. Quotes and the API
 * are left alone, and of the staff console only the pages it names
 * (`PREFETCHED_PATTERNS`); so is every link of a page whose island answers
 * its links in place (`answersLinksInPlace`, app/components/page-handle.ts).
 */
const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    {
      where: {
        or: [
          { and: [{ href_matches: "/*" }, { not: { href_matches: ["/api/*", "/quote/*", "/staff{/*}?"] } }] },
          { href_matches: PREFETCHED_PATTERNS },
        ],
      },
      eagerness: "moderate",
    },
  ],
});

/**
 * Only the pages that ask for it load React Router in the browser
 * (`handle.hydrate`: the console). Once it runs in the browser it renders
 * every page it navigates to, so there the answer is always yes. The same in
 * development as in production.
 */
function useHydration(): boolean {
  const asked = usePageFlag("hydrate");
  return asked || typeof document !== "undefined";
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const hydrate = useHydration();
  const inPlace = usePageFlag("answersLinksInPlace");
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#faf7f2" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* With a precedence React puts the stylesheet first in <head>, ahead of the script preloads it would otherwise queue behind. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        {/* Fetched with the page rather than after the stylesheet, so the display face is there for the first paint. */}
        <link rel="preload" href={displayFont} as="font" type="font/woff2" crossOrigin="anonymous" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh antialiased">
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : inPlace ? null : (
          // No page script: a public page loads only the scripts of the islands it shows (app/components/island.tsx).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, not content
          <script type="speculationrules" nonce={nonce} dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Visitors see a calm message, never a stack trace. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const location = useLocation();
  return (
    <main className="container-page py-24 text-center">
      <title>{notFound ? "Page not found | Maison Ivy" : "Something went wrong | Maison Ivy"}</title>
      <h1 className="text-4xl">{notFound ? "We couldn't find that page" : "Sorry, something went wrong"}</h1>
      <p className="mt-4 text-muted">
        {notFound
          ? "The link may be old or mistyped."
          : "Please try again in a moment. If it keeps happening, give us a call and we'll help."}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {notFound ? null : (
          // A plain link: it loads the page afresh, which is what trying again means.
          <a className="btn-accent" href={`${location.pathname}${location.search}`}>
            Try again
          </a>
        )}
        <a className="btn-primary" href="/">
          Back to the home page
        </a>
      </div>
    </main>
  );
}
