import type { RouterContextProvider } from "react-router";

/** What server code needs of a loader's, action's or middleware's arguments: the request and its router context. */
export type RequestArgs = { request: Request; context: Readonly<RouterContextProvider> };
