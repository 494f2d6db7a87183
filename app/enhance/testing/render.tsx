import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";

/**
 * Puts a component's server-rendered HTML in the document the way a page
 * load does: the markup is whole when an element connects, as it is when the
 * page script defines the elements after the HTML has been parsed.
 */
export function renderIntoDocument(node: ReactNode): void {
  const holder = document.createElement("div");
  // A data router, as on the site: components may read route data (the root's origin) through it.
  const router = createMemoryRouter([{ path: "*", element: node }]);
  holder.innerHTML = renderToStaticMarkup(<RouterProvider router={router} />);
  document.body.replaceChildren(holder);
}
