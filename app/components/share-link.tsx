import { useRouteLoaderData } from "react-router";
import { Island } from "./island";
import { ShareButton } from "./share-button";

/**
 * A share link in place of a social "like" widget, with no third-party
 * script and no tracking: without JavaScript a plain link to Facebook's share
 * page for this address; with it, a phone opens its own share sheet, and a
 * browser without one copies the address and says so.
 */
export function ShareLink({
  title,
  path,
  className = "btn-outline",
  label = "Share",
  hiddenLabel,
}: {
  title: string;
  path: string;
  className?: string;
  label?: string;
  /** Read after the label by screen readers only: what is shared. */
  hiddenLabel?: string;
}) {
  const root = useRouteLoaderData("root") as { origin?: string } | undefined;
  const url = new URL(path, root?.origin ?? "http://localhost:3000").href;
  return (
    <Island
      name="share-link"
      component={ShareButton}
      props={{ title, url, className, label, hiddenLabel }}
      when="visible"
    />
  );
}
