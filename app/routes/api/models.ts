/** POST /api/models: hair-model applications for the training academy. JSON in; 201 once stored, 422 with each field's messages. */
import { methodNotAllowed, submissionApiAction } from "~/server/submission-http.server";
import { submitModelApplication } from "~/server/submissions.server";
import type { Route } from "./+types/models";

export const loader = () => methodNotAllowed();

export const action = ({ request, context }: Route.ActionArgs) =>
  submissionApiAction(request, context, submitModelApplication);
