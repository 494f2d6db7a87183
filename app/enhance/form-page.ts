import { defineSubmissionForm } from "./submission-form";

/** The forms' script: loaded beside the page script only by the pages that show a form (SubmissionForm). */
defineSubmissionForm();
