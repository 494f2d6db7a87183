import { robotsTxt } from "~/domain/sitemap";
import { config } from "~/server/config.server";

export function loader() {
  return new Response(robotsTxt(config().PUBLIC_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
