import { redirect } from "react-router";

export const loader = () => redirect("/contact", 301);
