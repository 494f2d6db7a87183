import { useEffect, useState } from "react";

/**
 * False on the server and while hydrating, true once the island runs: what
 * only works with the script (a carousel's buttons) is shown from then on,
 * and hydration still matches the server's HTML.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
