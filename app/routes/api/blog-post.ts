import { blogPostJson, jsonResponse, notFoundJson } from "~/server/api-json.server";
import { getBlogPost } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/blog-post";

export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await getBlogPost(context.get(requestContext).db, params.slug);
  return post ? jsonResponse(blogPostJson(post), { maxAge: 60 }) : notFoundJson("Blog post");
}
