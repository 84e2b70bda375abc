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
# V8 runs its garbage collector's and compiler's background work on a pool of threads, 4 by default. On a small host
# they can take every core at once and leave the event loop waiting for a CPU: at 5,000 clients on 2 cores the server
# stalled 245 ms, its main thread on a CPU for 83 ms of it while the process used 429 ms of CPU. With one background
# thread the longest stall was 28 ms and p99 fell from 206 to 27 ms (bench/RESULTS.md, ninth round). Run one process
# per core (Deployment in README.md); override NODE_OPTIONS to change it.
ENV NODE_OPTIONS=--v8-pool-size=1
USER node
EXPOSE 2567
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Exec form: Node is PID 1's child-free process and receives SIGTERM directly.
CMD ["node", "server/dist/index.js"]
