import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { NavMenu } from "~/components/nav-menu";

/**
 * Hydrates every island of this name on the page with `Component`, from the
 * props the server rendered it with (app/components/island.tsx). Each
 * island's script calls this once, with its component; the first to run also
 * hydrates the riders (the site's menus), which have no script of their own.
 */
export function hydrateIslands<P extends object>(name: string, Component: React.ComponentType<P>) {
  whenParsed(() => {
    hydrateAll(name, Component);
    hydrateAll("nav-menu", NavMenu);
  });
}

/**
 * Runs `then` once the whole page has been parsed. An island's script is an
 * async module (React's `preinitModule`), which runs as soon as it is
 * fetched: from a warm cache, on a reload, that can be before the parser has
 * reached the island or the props after it, and an island not found then
 * would never be hydrated.
 */
function whenParsed(then: () => void) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", then, { once: true });
  else then();
}

function hydrateAll<P extends object>(name: string, Component: React.ComponentType<P>) {
  for (const root of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    const data = root.nextElementSibling;
    if (!(data instanceof HTMLScriptElement) || data.dataset.islandProps !== name) continue;
    // A page with two islands' scripts runs this twice for its riders: hydrate each root once.
    if (root.dataset.hydrated !== undefined) continue;
    root.dataset.hydrated = "";
    const props = JSON.parse(data.textContent ?? "{}") as P;
    // As a transition: React hydrates in slices of a few milliseconds, yielding to the browser between them, so a
    // large island (the calculator) never holds the main thread in one long task while the page loads; a tap
    // meanwhile is answered first.
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <Component {...props} />
        </StrictMode>,
      );
    });
  }
}
