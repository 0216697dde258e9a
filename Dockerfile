# The portal alone, for a real marketplace: configure it through the
# environment (.env.example). The sandbox is a development tool and is not in it.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# The image already has Node 24: skip the `node` package's own download (its install script).
RUN npm ci --ignore-scripts
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force

FROM node:24-bookworm-slim
# Memory under load (docs/operations.md, "Scale"): V8 sizes its heap from the machine's memory and lets it grow to
# several times what stays alive before it collects; a ceiling of 512 MB (ten times what an instance keeps alive)
# makes it collect sooner. Below a ceiling of 2 GB, though, V8 lets the heap grow by only about 1.3 times what
# survived each full collection, and under load it ran one every 70 requests (a third more CPU per request):
# --heap-growing-percent=100 lets it grow to twice (a V8 flag NODE_OPTIONS does not take, hence on the command).
# glibc gives each thread that allocates (V8's compiler and GC threads, zlib) an arena of its own that it keeps; two
# arenas hold what they need. The benchmarks start the portal the same way (bench/support/as-deployed.ts), and
# tests/integration/deploy.test.ts checks that Node still takes these flags.
ENV NODE_ENV=production PORT=3000 NODE_OPTIONS=--max-old-space-size=512 MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=dependencies --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/build ./build
# The Node server runs from source (Node strips the types): itself, its guards, and the app's one entry for it
# (app/node-server.ts) with what that imports from app/services, app/lib and contract/ (package.json's imports).
COPY --chown=root:root package.json server.ts ./
COPY --chown=root:root server ./server
COPY --chown=root:root contract ./contract
COPY --chown=root:root app/node-server.ts ./app/
COPY --chown=root:root app/services ./app/services
COPY --chown=root:root app/lib ./app/lib
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--heap-growing-percent=100", "server.ts"]
