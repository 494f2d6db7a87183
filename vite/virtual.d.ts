/** The address of the built app/enhance/page.ts (vite/page-script.ts). */
declare module "virtual:page-script" {
  const pageScript: { src: string; imports: string[] };
  export default pageScript;
}
