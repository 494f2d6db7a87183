import { redirect } from "react-router";

/** Spec 2.1: any unknown path goes to the home page. */
export const loader = () => redirect("/", 302);
