/** POST /api/feedback: the client feedback survey. JSON in; 201 once stored, 422 with each field's messages. */
import { methodNotAllowed, submissionApiAction } from "~/server/submission-http.server";
import { submitFeedback } from "~/server/submissions.server";
import type { Route } from "./+types/feedback";

export const loader = () => methodNotAllowed();

export const action = ({ request, context }: Route.ActionArgs) => submissionApiAction(request, context, submitFeedback);
