import { FunnelOptOutSwitch } from "~/components/funnel-opt-out-view";
import { hydrateIslands } from "./hydrate";

hydrateIslands("funnel-opt-out", FunnelOptOutSwitch);
