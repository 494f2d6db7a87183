import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { type RenderToPipeableStreamOptions, renderToPipeableStream, renderToString } from "react-dom/server";
import { type EntryContext, isRouteErrorResponse, type RouterContextProvider, ServerRouter } from "react-router";
import { requestContext } from "~/server/request-context.server";
import { NonceContext } from "./components/nonce";
import type { PageHandle } from "./components/page-handle";
import { log } from "./server/log.server";
import { isDatabaseUnavailable } from "./server/pg-pool.server";
import { renderedPage } from "./server/rendered-page.server";
import { DEFAULT_PAGE_CACHE_CONTROL } from "./server/shared-cache.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(requestContext).cspNonce;
  const render = (context: EntryContext) => (
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={context} url={request.url} nonce={nonce} />
    </NonceContext.Provider>
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", DEFAULT_PAGE_CACHE_CONTROL);

  // A page that does not hydrate waits for nothing (its data is all loaded, and
  // React Router streams nothing to a page without its scripts), so it is
  // rendered to one string: no stream to set up and read back.
  if (!hydrates(routerContext)) {
    // React's streams write the doctype themselves; its string render does not.
    return renderedPage(`<!DOCTYPE html>${renderToString(render(routerContext))}`, {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  }
  const app = render(routerContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get it streamed.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        pipe(body);
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) log.error({ reqId: loadContext.get(requestContext).requestId, err: error }, "render failed");
      },
    });
  });
}

/** Whether a route of this page asks for React in the browser (`handle.hydrate`). */
function hydrates(context: EntryContext): boolean {
  return context.staticHandlerContext.matches.some(
    (match) => (context.routeModules[match.route.id]?.handle as PageHandle | undefined)?.hydrate === true,
  );
}

/**
 * Errors are logged on the server; visitors only ever see the error page, never
 * a stack trace. What a client caused (a method a route does not take, a
 * connection it dropped) and a database that is away are one line each, with
 * no stack: anyone can cause them, so they must not flood the log.
 */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: RouterContextProvider },
) {
  const reqId = context?.get(requestContext).requestId;
  if (request.signal.aborted) return;
  if (isDatabaseUnavailable(error)) {
    if (context) context.get(requestContext).databaseUnavailable = true;
    log.warn({ reqId, err: error instanceof Error ? error.message : String(error) }, "database unavailable");
    return;
  }
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.info({ reqId, status: error.status, method: request.method }, "client error");
    return;
  }
  log.error({ reqId, err: error }, "request failed");
}
