import { ReviewFeedView } from "~/components/review-feed-view";
import { hydrateIslands } from "./hydrate";

hydrateIslands("review-feed", ReviewFeedView);
