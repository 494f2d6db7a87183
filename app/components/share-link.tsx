import { useRouteLoaderData } from "react-router";
import { part } from "~/enhance/define-element";
import { SHARE_LINK } from "~/enhance/share-link";
import { LineIcon } from "./icons";

/**
 * A share link in place of a social "like" widget: without JavaScript a
 * plain link to Facebook's share page for this address; `<share-link>`
 * (app/enhance/share-link.ts) opens the phone's share sheet or copies the
 * address instead.
 */
export function ShareLink({
  title,
  path,
  className = "btn-outline",
  children = "Share",
}: {
  title: string;
  path: string;
  className?: string;
  children?: React.ReactNode;
}) {
  const root = useRouteLoaderData("root") as { origin?: string } | undefined;
  const url = new URL(path, root?.origin ?? "http://localhost:3000").href;
  const href = `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;

  return (
    <share-link
      className="inline-flex flex-wrap items-center gap-3"
      {...part(SHARE_LINK.title, title)}
      {...part(SHARE_LINK.path, path)}
    >
      <a href={href} className={className} rel="noopener">
        <LineIcon box={20} className="size-4">
          <circle cx="15" cy="4.5" r="2.5" />
          <circle cx="5" cy="10" r="2.5" />
          <circle cx="15" cy="15.5" r="2.5" />
          <path d="M7.2 8.8l5.6-3.1M7.2 11.2l5.6 3.1" />
        </LineIcon>
        {children}
      </a>
      <span role="status" className="text-sm text-muted empty:sr-only" />
    </share-link>
  );
}
