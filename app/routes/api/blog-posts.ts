import { blogPostJson, jsonResponse } from "~/server/api-json.server";
import { listBlogPosts } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/blog-posts";

export async function loader({ context }: Route.LoaderArgs) {
  return jsonResponse((await listBlogPosts(context.get(requestContext).db)).map(blogPostJson), { maxAge: 60 });
}
