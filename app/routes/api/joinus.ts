/**
 * POST /api/joinus: a job application. Role and position are
 * required here (a Saturday/evening applicant is an Apprentice, "new to
 * hairdressing"). JSON in; 201 once stored, 422 with each field's messages.
 */
import { methodNotAllowed, submissionApiAction } from "~/server/submission-http.server";
import { submitJobApplication } from "~/server/submissions.server";
import type { Route } from "./+types/joinus";

export const loader = () => methodNotAllowed();

export const action = ({ request, context }: Route.ActionArgs) =>
  submissionApiAction(request, context, submitJobApplication);
