import { isRouteErrorResponse } from "react-router";
import { Link } from "~/components/link";

interface HelpfulLink {
  to: string;
  label: string;
}

/**
 * The body of a page whose subject doesn't exist (an old or mistyped link):
 * says so plainly and offers the likeliest next steps, inside the site's
 * navigation rather than on a bare error screen.
 */
function NotFoundNotice({
  title,
  message,
  links,
  eyebrow = "Page not found",
}: {
  title: string;
  message: string;
  links: HelpfulLink[];
  eyebrow?: string;
}) {
  return (
    <section className="container-page py-20 text-center sm:py-28">
      <p className="eyebrow">{eyebrow}</p>
      <h1 className="mt-3 text-4xl sm:text-5xl">{title}</h1>
      <p className="mx-auto mt-5 max-w-xl text-lg text-muted">{message}</p>
      <ul className="mt-10 flex flex-wrap justify-center gap-3">
        {links.map((link, i) => (
          <li key={link.to}>
            <Link to={link.to} className={i === 0 ? "btn-primary" : "btn-outline"}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

type NotFound = { title: string; message: string; links: HelpfulLink[] };

/** A route's ErrorBoundary: the helpful 404 when the loader said 404, a calm apology otherwise. */
export function contentErrorBoundary(notFound: NotFound) {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route module when it loads, never while rendering
  return function ErrorBoundary({ error }: { error: unknown }) {
    return <ContentErrorBoundary error={error} notFound={notFound} />;
  };
}

function ContentErrorBoundary({ error, notFound }: { error: unknown; notFound: NotFound }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundNotice {...notFound} />;
  return (
    <NotFoundNotice
      eyebrow="Error"
      title="Sorry, something went wrong"
      message="Please try again in a moment. If it keeps happening, give us a call and we'll help."
      links={[{ to: "/", label: "Back to the home page" }, ...notFound.links.slice(1)]}
    />
  );
}
