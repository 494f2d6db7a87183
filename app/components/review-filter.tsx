import { Island } from "./island";
import { type ReviewFilterProps, ReviewFilter as ReviewFilterView } from "./review-filter-view";

/** A page of reviews with a filter by stylist: the review-filter island. */
export function ReviewFilter(props: ReviewFilterProps) {
  return <Island name="review-filter" component={ReviewFilterView} props={props} when="visible" />;
}
