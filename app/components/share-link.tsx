import { useState } from "react";
import { useRouteLoaderData } from "react-router";

/**
 * A share link in place of a social "like" widget: no third-party script, no
 * tracking. Phones open their own share sheet (Web Share API); a browser
 * without one copies the page's address and says so; without JavaScript it
 * is a plain link to Facebook's share page for this address.
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

  const [copied, setCopied] = useState<string>("");

  const onClick = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (typeof navigator.share === "function") {
      event.preventDefault();
      // Closing the share sheet rejects with AbortError: that is the visitor's choice, not an error.
      navigator.share({ title, url }).catch(() => undefined);
      return;
    }
    if (typeof navigator.clipboard?.writeText !== "function") return;
    event.preventDefault();
    navigator.clipboard.writeText(url).then(
      () => setCopied("Link copied"),
      () => setCopied(`Copy this link: ${url}`),
    );
  };

  return (
    <span className="inline-flex flex-wrap items-center gap-3">
      <a href={href} className={className} rel="noopener" onClick={onClick}>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.6">
          <circle cx="15" cy="4.5" r="2.5" />
          <circle cx="5" cy="10" r="2.5" />
          <circle cx="15" cy="15.5" r="2.5" />
          <path d="M7.2 8.8l5.6-3.1M7.2 11.2l5.6 3.1" />
        </svg>
        {children}
      </a>
      <span role="status" className="text-sm text-muted empty:sr-only">
        {copied}
      </span>
    </span>
  );
}
