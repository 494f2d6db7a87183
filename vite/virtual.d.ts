/** The addresses of the built scripts of the pages React does not hydrate, by name (vite/page-script.ts). */
declare module "virtual:page-script" {
  const pageScripts: {
    /** app/enhance/console-page.ts: the staff console's elements, on every console page. */
    console: { src: string; imports: string[] };
  } & {
    /** app/islands/{name}.tsx: an island's script, on the pages that show it (app/components/island.tsx). */
    [island: `island-${string}`]: { src: string; imports: string[] };
  };
  export default pageScripts;
}
