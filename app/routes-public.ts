import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The public site's route table: every public address and the JSON API, built
 * on its own (`SITE_PART=public`, into BUILD_DIR) and served by the public
 * request handler. Nothing under /staff belongs here: the console is its own
 * table (./routes-console.ts) and build, so public pages never match or load it.
 *
 * To add a public page, an API answer or a resource route: add its `route(…)`
 * below (a page inside the `site-layout` layout, a resource route or API answer
 * outside it) and its module under app/routes/. `app/routes.ts` picks this
 * table up; `npm run build` builds it.
 */
export const publicRoutes = [
  // JSON API
  ...prefix("api", [
    // Everyone's alike: kept by a shared cache and purged by key, as the pages are.
    layout("routes/api/shared-layout.ts", [
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
    ]),
    route("save-quote-details", "routes/api/save-quote-details.ts"),
    route("get-quote-details/:link", "routes/api/get-quote-details.ts"),
    route("joinus", "routes/api/joinus.ts"),
    route("models", "routes/api/models.ts"),
    route("feedback", "routes/api/feedback.ts"),
    route("sms/inbound", "routes/api/sms-inbound.ts"),
    route("bookings/webhook", "routes/api/booking-webhook.ts"),
    route("funnel", "routes/api/funnel.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),
  route("healthz", "routes/healthz.ts"),
  route("readyz", "routes/readyz.ts"),
  // Uploaded pictures, each size and format at its own address.
  route("pictures/:file", "routes/picture.ts"),
  // A quote's Book button: counts the click, then on to the booking link.
  route("quote/:link/book", "routes/quote-book.ts"),
  // A colour quote's skin-test link: on to the salon's skin-test booking link.
  route("quote/:link/skin-test", "routes/quote-skin-test.ts"),

  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    // — content pages —
    // the salons, their team, blog, reviews and contact
    route("about", "routes/about.tsx"),
    route("about-info", "routes/about-info.tsx"),
    route("team", "routes/team.tsx"),
    route("team-info", "routes/team-info.tsx"),
    // Also serves the static profile pages /team/{slug}-profile (decision 002).
    route("team/:slug", "routes/team-member.tsx", { id: "team-detail" }),
    route("blog", "routes/blog.tsx"),
    route("blog-info", "routes/blog-info.tsx"),
    route("blog/:slug", "routes/blog-post.tsx", { id: "blog-post" }),
    route("reviews", "routes/reviews.tsx"),
    route("reviews/:slug", "routes/reviews-stylist.tsx", { id: "reviews-info" }),
    route("review/:token", "routes/review-visit.tsx"),
    // One page per news item, so the cards on the home page and the link hub lead somewhere (decision 012).
    route("news/:slug", "routes/news-item.tsx", { id: "news-item" }),
    route("contact", "routes/contact.tsx"),
    route("contact-info", "routes/contact-info.tsx"),
    // One page per salon, by the slug salon-ids.ts gives it (/salons/kestwick).
    route("salons/:slug", "routes/salon.tsx", { id: "salon" }),
    // Resource routes: only their own loader runs, the layout's does not.
    route("sitemap.xml", "routes/sitemap[.]xml.ts"),
    route("robots.txt", "routes/robots[.]txt.ts"),
    // offers, the shop, jobs, link hubs and notices
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
    route("new-prices", "routes/new-prices.tsx"),
    route("bookings", "routes/bookings.tsx"),
    route("gift-voucher", "routes/gift-voucher.ts"),
    route("link-tree", "routes/link-tree.tsx"),
    route("links", "routes/links.tsx"),
    route("your-gift", "routes/your-gift.tsx"),
    // A stylist's transfer or departure notice, at the address its row names (/agnes-leaving). Every named
    // page above wins over it; an address with no notice showing goes home, as any unknown address does.
    route(":notice", "routes/notice.tsx", { id: "notice" }),
    // — forms —
    route("recruitment/stylist", "routes/recruitment-stylist.tsx"),
    route("recruitment/apprentice", "routes/recruitment-apprentice.tsx"),
    route("recruitment/saturday", "routes/recruitment-saturday.tsx"),
    route("models-info", "routes/models-info.tsx"),
    route("feedback", "routes/feedback.tsx"),
    // — calculator —
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
    // — privacy —
    route("privacy", "routes/privacy.tsx"),
    route("accessibility", "routes/accessibility.tsx"),
    route("unsubscribe/:token", "routes/unsubscribe.tsx"),
  ]),

  route("details", "routes/details.ts"),
  route("*", "routes/not-found.ts"),
] satisfies RouteConfig;
