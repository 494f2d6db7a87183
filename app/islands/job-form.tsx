import { JobApplicationForm } from "~/components/forms/job-application-form";
import { hydrateIslands } from "./hydrate";

hydrateIslands("job-form", JobApplicationForm);
