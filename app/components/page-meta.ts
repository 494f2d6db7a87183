import { type PageSeo, pageMeta } from "~/domain/seo";

interface MetaArgsLike {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
}

/** The site's public origin, from the root loader's data. */
function originOf(matches: MetaArgsLike["matches"]): string {
  const root = matches.find((m) => m?.id === "root")?.data as { origin?: string } | undefined;
  return root?.origin ?? "http://localhost:3000";
}

/** Meta tags for a page; the origin comes from the root loader. */
export function seo(args: MetaArgsLike, page: Omit<PageSeo, "origin" | "path"> & { path?: string }) {
  return pageMeta({ ...page, path: page.path ?? args.location.pathname, origin: originOf(args.matches) });
}
