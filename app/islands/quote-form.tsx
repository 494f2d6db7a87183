import { QuoteDetailsForm } from "~/components/forms/quote-details-form";
import { hydrateIslands } from "./hydrate";

hydrateIslands("quote-form", QuoteDetailsForm);
