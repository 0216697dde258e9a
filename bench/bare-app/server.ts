/**
 * The bare app's server: Express, compression, its static assets and React
 * Router, nothing else. The yardstick the portal's cost per request is
 * compared with (bench/server-cost.ts).
 */
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";

const BUILD = path.join(import.meta.dirname, "build");
const port = Number(process.env.PORT ?? 3400);

const build = (await import(path.join(BUILD, "server/index.js"))) as ServerBuild;
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/assets", express.static(path.join(BUILD, "client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(BUILD, "client"), { maxAge: "1h" }));
app.all("/{*splat}", createRequestHandler({ build }));
const server = app.listen(port, () => console.log(`bare app listening on ${port}`));
process.once("SIGTERM", () => server.close(() => process.exit(0)));
