/** The addresses of the islands' built scripts, by entry name (vite/page-script.ts). */
declare module "virtual:page-script" {
  const pageScripts: {
    /** app/islands/{name}.tsx: an island's script, on the pages that show it (app/components/island.tsx). */
    [island: `island-${string}`]: { src: string; imports: string[] };
    /** app/islands/when-visible.ts: loads the scripts of islands that wait to be seen. */
    "when-visible": { src: string; imports: string[] };
  };
  export default pageScripts;
}
