/**
 * A page rendered to one string, remembered by its Response, so the request
 * handler takes the string as it is instead of reading the Response's body
 * stream back into one (on the home page that was about 4% of the request).
 */
const pages = new WeakMap<Response, string>();

export function renderedPage(html: string, init: ResponseInit): Response {
  const response = new Response(html, init);
  pages.set(response, html);
  return response;
}

/** The body as text: the rendered string when there is one. */
export function responseText(response: Response): Promise<string> {
  const html = pages.get(response);
  return html === undefined ? response.text() : Promise.resolve(html);
}

/** The body as bytes, as sent: the rendered string's when there is one. */
export async function responseBytes(response: Response): Promise<Buffer> {
  const html = pages.get(response);
  return html === undefined ? Buffer.from(await response.arrayBuffer()) : Buffer.from(html);
}
