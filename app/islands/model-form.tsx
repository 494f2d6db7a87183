import { ModelApplicationForm } from "~/components/forms/model-application-form";
import { hydrateIslands } from "./hydrate";

hydrateIslands("model-form", ModelApplicationForm);
