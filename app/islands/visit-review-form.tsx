import { VisitReviewForm } from "~/components/forms/visit-review-form";
import { hydrateIslands } from "./hydrate";

hydrateIslands("visit-review-form", VisitReviewForm);
