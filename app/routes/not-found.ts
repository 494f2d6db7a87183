import { redirect } from "react-router";

/** Any unknown path goes to the home page: old links and typos still land somewhere useful. */
export const loader = () => redirect("/", 302);
