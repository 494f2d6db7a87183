import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/** Mirrors the route table of spec section 2.1. */
export default [
  // JSON API (spec section 7)
  ...prefix("api", [
    route("reviews/:slug?", "routes/api/reviews.ts"),
    route("team", "routes/api/team.ts"),
    route("team/:slug", "routes/api/team-member.ts"),
    route("blog-posts", "routes/api/blog-posts.ts"),
    route("blog-post/:slug", "routes/api/blog-post.ts"),
    route("news-items", "routes/api/news-items.ts"),
    route("store-data", "routes/api/store-data.ts"),
    route("salons", "routes/api/salons.ts"),
    route("services", "routes/api/services.ts"),
    route("stylists", "routes/api/stylists.ts"),
    route("levels", "routes/api/levels.ts"),
    route("joinus", "routes/api/joinus.ts"),
    route("models", "routes/api/models.ts"),
    route("feedback", "routes/api/feedback.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),
  route("healthz", "routes/healthz.ts"),

  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    // — content pages (issue 4) —
    // — forms (issue 5) —
    // — calculator (issue 3) —
  ]),

  route("details", "routes/details.ts"),
  route("*", "routes/not-found.ts"),
] satisfies RouteConfig;
