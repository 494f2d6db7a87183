import pageScripts from "virtual:page-script";
import { preinitModule, preloadModule } from "react-dom";
import { useNonce } from "./nonce";

/**
 * A part of a public page that runs React in the browser (decision 062): the
 * page itself stays server-rendered HTML with no router, and only this part
 * is hydrated, by its own script (`app/islands/{name}.tsx`), which the page
 * loads only if it shows the part.
 *
 * The component renders here on the server as it will in the browser, from
 * the same props, which travel in the page as JSON beside it. So the props
 * are plain data (no functions, dates or class instances), and the component
 * gets everything it needs from them: there is no router or loader data in
 * the browser, only what the island was given.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  when = "load",
}: {
  /** Its script's name: `app/islands/{name}.tsx` hydrates it (but a rider's, below). */
  name: IslandName | RiderName;
  component: React.ComponentType<P>;
  props: P;
  /**
   * When its script loads: with the page, or once the part comes near the
   * screen (the page then loads a small script that watches for that
   * instead). "visible" is for a part that is whole without its script: far
   * down a page, or a link or form that works as HTML on a page to read,
   * whose React would otherwise share the first paint's bandwidth.
   */
  when?: "load" | "visible";
}) {
  const nonce = useNonce();
  let waiting: { src: string; imports: string } | undefined;
  if (!isRider(name)) {
    const script = pageScripts[`island-${name}`];
    if (!script) throw new Error(`app/islands/${name}.tsx is missing`);
    if (when === "visible") {
      waiting = { src: script.src, imports: JSON.stringify(script.imports) };
      preinitModule(pageScripts["when-visible"].src, { as: "script", nonce });
    } else {
      // React puts these in the page's <head>, once each however many islands of a kind the page shows.
      for (const href of script.imports) preloadModule(href, { as: "script", nonce });
      preinitModule(script.src, { as: "script", nonce });
    }
  }
  return (
    <>
      <div
        data-island={name}
        data-island-src={waiting?.src}
        data-island-imports={waiting?.imports}
        className="contents"
      >
        <Component {...props} />
      </div>
      <script
        type="application/json"
        data-island-props={name}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every "<" escaped cannot close the element
        dangerouslySetInnerHTML={{ __html: JSON.stringify(props).replace(/</g, "\\u003c") }}
      />
    </>
  );
}

/** The islands there are: each has its script in app/islands. */
export type IslandName =
  | "back-link"
  | "calculator"
  | "feedback-form"
  | "funnel-opt-out"
  | "job-form"
  | "model-form"
  | "quote-form"
  | "review-feed"
  | "review-filter"
  | "share-link"
  | "shop-carousel"
  | "stylist-dialog"
  | "visit-review-form";

/**
 * Islands with no script of their own, which ride on whichever island's script
 * the page loads (app/islands/hydrate.tsx hydrates them too). They are on
 * every page and work as plain HTML, so a page with nothing else to run keeps
 * loading no script at all; where React is loaded anyway they get their extra
 * behaviour for the price of their own code.
 */
export type RiderName = "nav-menu";

function isRider(name: IslandName | RiderName): name is RiderName {
  return name === "nav-menu";
}
