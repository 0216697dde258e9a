import { data } from "react-router";

/** Any path no route matches. Also gives remix-i18next's middleware a route to run on. */
export function loader() {
  throw data({ message: "Page not found" }, { status: 404 });
}

export default function NotFound() {
  return null;
}
