import { BackButton } from "./back-button";
import { Island } from "./island";

/** "Back" on the COVID guidelines page: one step back in the history, or the link to `fallback` (BackButton). */
export function BackLink({
  fallback,
  label = "Back",
  className = "btn-outline",
}: {
  fallback: string;
  label?: string;
  className?: string;
}) {
  return <Island name="back-link" component={BackButton} props={{ fallback, label, className }} />;
}
