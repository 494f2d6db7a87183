/** The addresses of the built scripts of the pages React does not hydrate, by name (vite/page-script.ts). */
declare module "virtual:page-script" {
  const pageScripts: {
    /** app/enhance/page.ts: every such page's widgets. */
    page: { src: string; imports: string[] };
    /** app/enhance/form-page.ts: the forms' element, on the pages that show a form. */
    form: { src: string; imports: string[] };
  };
  export default pageScripts;
}
