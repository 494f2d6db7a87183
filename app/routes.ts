import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { STYLIST_NOTICES } from "./domain/notices";

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
    route("save-quote-details", "routes/api/save-quote-details.ts"),
    route("get-quote-details/:link", "routes/api/get-quote-details.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),
  route("healthz", "routes/healthz.ts"),

  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    // — content pages (issue 4) —
    // 4b
    route("offers", "routes/offers.tsx"),
    route("offers-info", "routes/offers-info.tsx"),
    route("offers/:variant", "routes/offers-variant.tsx"),
    route("sms/:campaign", "routes/sms-campaign.tsx"),
    route("refer-a-friend", "routes/refer-a-friend.tsx"),
    route("online-shop", "routes/online-shop.tsx"),
    route("recruitment", "routes/recruitment.tsx"),
    route("models", "routes/models.tsx"),
    route("corona", "routes/corona.tsx"),
    route("corona-info", "routes/corona-info.tsx"),
    route("reopening", "routes/reopening.tsx"),
    ...STYLIST_NOTICES.map((notice) => route(notice.slug, "routes/notice.tsx", { id: `notice-${notice.slug}` })),
    route("new-prices", "routes/new-prices.tsx"),
    route("bookings", "routes/bookings.tsx"),
    route("gift-voucher", "routes/gift-voucher.ts"),
    route("link-tree", "routes/link-tree.tsx"),
    route("links", "routes/links.tsx"),
    route("your-gift", "routes/your-gift.tsx"),
    // — forms (issue 5) —
    // — calculator (issue 3) —
    route("prices", "routes/prices.tsx"),
    route("prices/selector", "routes/prices-selector.tsx"),
    route("prices/calculator", "routes/prices-calculator.tsx"),
    route("prices/:stylist", "routes/stylist-prices.tsx", { id: "stylist-prices" }),
    // 3b
    route("prices/total-by-level", "routes/prices-total-by-level.tsx"),
    route("prices/total-by-stylist", "routes/prices-total-by-stylist.tsx"),
    route("prices/total-by-price", "routes/prices-total-by-price.tsx"),
    route("prices/finish/:status?", "routes/prices-finish.tsx"),
    route("quote/:link", "routes/quote.tsx"),
  ]),

  route("details", "routes/details.ts"),
  route("*", "routes/not-found.ts"),
] satisfies RouteConfig;
