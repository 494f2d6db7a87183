import { BackArrow } from "./icons";
import { cameFromThisSite } from "./referrer";

/**
 * The part of "Back" that runs in the browser (an island): a visitor who came
 * from one of our pages goes one step back in the history, as the browser's
 * own Back would; one who arrived from elsewhere (a shared link, a search)
 * has no page of ours to go back to, so follows the link to `fallback`, as
 * every visitor without JavaScript does.
 */
export function BackButton({ fallback, label, className }: { fallback: string; label: string; className: string }) {
  const back = (event: React.MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!cameFromThisSite() || window.history.length < 2) return;
    event.preventDefault();
    window.history.back();
  };
  return (
    <a href={fallback} className={className} onClick={back}>
      <BackArrow />
      {label}
    </a>
  );
}
