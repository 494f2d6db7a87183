import { ReviewFilter } from "~/components/review-filter-view";
import { hydrateIslands } from "./hydrate";

hydrateIslands("review-filter", ReviewFilter);
