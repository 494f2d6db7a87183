import { focusStepHeading } from "./focus-step";
import { scrollToHashLater } from "./hash-scroll";
import { enhance } from "./index";
import { cameFromThisSite } from "./referrer";

/** The one script of a page that React does not hydrate (decision 006). */
enhance();
// A choice in the calculator is a link to the next step: its heading takes the focus (a shared link's does
// not). Only once the page has loaded: the browser's own move to the fragment at load would take it away again.
if (cameFromThisSite() && window.location.hash) {
  window.addEventListener("load", () => window.setTimeout(() => focusStepHeading(window.location.hash)), {
    once: true,
  });
}
scrollToHashLater(window.location.hash);
