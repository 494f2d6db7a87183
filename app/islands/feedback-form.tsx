import { FeedbackForm } from "~/components/forms/feedback-form";
import { hydrateIslands } from "./hydrate";

hydrateIslands("feedback-form", FeedbackForm);
