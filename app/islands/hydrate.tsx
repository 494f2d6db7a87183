import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

/**
 * Hydrates every island of this name on the page with `Component`, from the
 * props the server rendered it with (app/components/island.tsx). Each
 * island's script calls this once, with its component.
 */
export function hydrateIslands<P extends object>(name: string, Component: React.ComponentType<P>) {
  for (const root of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    const data = root.nextElementSibling;
    if (!(data instanceof HTMLScriptElement) || data.dataset.islandProps !== name) continue;
    const props = JSON.parse(data.textContent ?? "{}") as P;
    hydrateRoot(
      root,
      <StrictMode>
        <Component {...props} />
      </StrictMode>,
    );
  }
}
