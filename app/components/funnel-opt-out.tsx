import { FunnelOptOutSwitch } from "./funnel-opt-out-view";
import { Island } from "./island";

/**
 * The funnel's switch on /privacy (`funnel-opt-out-view.tsx`). It waits to be
 * seen: the notice is a page to read, and a visitor who never scrolls to the
 * switch loads no React.
 */
export function FunnelOptOut() {
  return <Island name="funnel-opt-out" component={FunnelOptOutSwitch} props={{}} when="visible" />;
}
