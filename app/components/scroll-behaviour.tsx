import { useEffect } from "react";
import { useLocation } from "react-router";
import { scrollToHashLater } from "~/enhance/hash-scroll";

/**
 * Mounted in the layout of pages React hydrates: after any navigation to an
 * address with a hash, bring its element into view 500 ms later.
 * Every other navigation starts at the top: React Router's
 * <ScrollRestoration> in root.tsx already does that for new pages, and on
 * Back and Forward it returns the visitor to where they were.
 */
export function ScrollBehaviour() {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: key: a new navigation to the same hash scrolls again.
  useEffect(() => scrollToHashLater(hash), [hash, key]);
  return null;
}
