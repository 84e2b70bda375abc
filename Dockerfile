# Dicehall: build the client and server, then run them as a non-root user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
RUN npm install --no-audit --no-fund
COPY shared shared
COPY server server
COPY client client
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=2567
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules node_modules
COPY --from=build --chown=node:node /app/shared/package.json shared/package.json
COPY --from=build --chown=node:node /app/shared/dist shared/dist
COPY --from=build --chown=node:node /app/server/package.json server/package.json
COPY --from=build --chown=node:node /app/server/dist server/dist
# tsc does not copy the store's SQL migrations; they run at start.
COPY --from=build --chown=node:node /app/server/src/store/migrations server/dist/store/migrations
COPY --from=build --chown=node:node /app/client/dist client/dist
# The embedded game store (PGlite) keeps games here unless DATABASE_URL is set: mount a volume to keep them.
ENV DATA_DIR=/app/data
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME /app/data
# V8's garbage collector, tuned for a room server on a small host (bench/RESULTS.md, ninth round):
# - One background thread, not 4: on 2 cores the four took every core during a collection and left the event loop
#   waiting for a CPU (a 245 ms stall, the main thread on a CPU for 83 ms of it). One process per core (README).
# - A young generation of up to 64 MB a half, not 16: a room's state, views and documents live until its next
#   action, about 2 s, which at 16 MB outlived two scavenges and went to the old generation (~6 MB/s at 6,000
#   clients), whose marking then took 213 ms of the event loop's time. At 64 MB: a third of the scavenges, and in
#   eight runs at 6,000 clients p99 19–47 ms, the longest event-loop gap 30–63 ms (up to 135 ms at 16 MB).
# Override NODE_OPTIONS to change them.
ENV NODE_OPTIONS="--v8-pool-size=1 --max-semi-space-size=64"
USER node
EXPOSE 2567
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Exec form: Node is PID 1's child-free process and receives SIGTERM directly.
CMD ["node", "server/dist/index.js"]
