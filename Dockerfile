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
USER node
EXPOSE 2567
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Exec form: Node is PID 1's child-free process and receives SIGTERM directly.
CMD ["node", "server/dist/index.js"]
