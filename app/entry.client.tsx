import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { enhance } from "./enhance";
import { defineSubmissionForm } from "./enhance/submission-form";

// The content pages' widgets and the forms' frame are custom elements: define them before React renders any.
enhance();
defineSubmissionForm();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
