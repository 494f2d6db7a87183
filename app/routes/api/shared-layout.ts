import { sharePublicPage } from "~/server/shared-cache.server";
import type { Route } from "./+types/shared-layout";

/**
 * The read-only JSON API's answers, which are everyone's alike: a shared cache
 * keeps them with the keys of the tables they read, so an edit purges them
 * with the pages that show the same rows (decision 119).
 */
export const middleware: Route.MiddlewareFunction[] = [sharePublicPage];
