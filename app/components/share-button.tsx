import { useState } from "react";
import { LineIcon } from "./icons";

/**
 * The share link's part that runs in the browser (an island): a phone opens
 * its own share sheet, and a browser without one copies the address and says
 * so. Without JavaScript the link is Facebook's share page for the address.
 */
export function ShareButton({
  title,
  url,
  className,
  label,
  hiddenLabel,
}: {
  title: string;
  url: string;
  className: string;
  label: string;
  hiddenLabel?: string | undefined;
}) {
  const [status, setStatus] = useState("");
  const share = (event: React.MouseEvent) => {
    if (typeof navigator.share === "function") {
      event.preventDefault();
      // Closing the share sheet rejects with AbortError: that is the visitor's choice, not an error.
      navigator.share({ title, url }).catch(() => undefined);
      return;
    }
    if (typeof navigator.clipboard?.writeText !== "function") return;
    event.preventDefault();
    navigator.clipboard.writeText(url).then(
      () => setStatus("Link copied"),
      () => setStatus(`Copy this link: ${url}`),
    );
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-3">
      <a
        href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`}
        className={className}
        rel="noopener"
        onClick={share}
      >
        <LineIcon box={20} className="size-4">
          <circle cx="15" cy="4.5" r="2.5" />
          <circle cx="5" cy="10" r="2.5" />
          <circle cx="15" cy="15.5" r="2.5" />
          <path d="M7.2 8.8l5.6-3.1M7.2 11.2l5.6 3.1" />
        </LineIcon>
        {label}
        {hiddenLabel ? <span className="sr-only"> {hiddenLabel}</span> : null}
      </a>
      <span role="status" className="text-sm text-muted empty:sr-only">
        {status}
      </span>
    </span>
  );
}
