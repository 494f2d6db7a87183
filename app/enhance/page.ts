import { scrollToHashLater } from "./hash-scroll";
import { enhance } from "./index";

/** The one script of a page that React does not hydrate (decision 006). */
enhance();
scrollToHashLater(window.location.hash);
