# syntax=docker/dockerfile:1.7
# Showroom storefront image (README "Run in production"). Three stages: the dependencies, the
# build, and the runtime, which holds only the built app, its production dependencies, the
# migrations and the tenant folders, and runs as an unprivileged user.

ARG NODE_VERSION=20.19

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/showroom \
    TRUST_PROXY=1
WORKDIR /app
# The runtime gets what `node build/start.js` reads, nothing else (no sources, no dev tools).
COPY --from=build --chown=root:root /app/package.json ./package.json
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/build ./build
COPY --from=build --chown=root:root /app/public ./public
COPY --from=build --chown=root:root /app/server/db/migrations ./server/db/migrations
COPY --from=build --chown=root:root /app/server/db/pglite-worker.mjs ./server/db/pglite-worker.mjs
COPY --from=build --chown=root:root /app/tenants ./tenants
# The app's files stay root's (read-only to it); it writes only to DATA_DIR.
RUN groupadd --system --gid 10001 showroom \
 && useradd --system --uid 10001 --gid showroom --home-dir /nonexistent --shell /usr/sbin/nologin showroom \
 && mkdir -p /var/lib/showroom && chown showroom:showroom /var/lib/showroom
USER showroom:showroom
EXPOSE 3000
# /healthz: 200 while this process takes traffic and its database answers (server/app.ts).
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1's child of nothing: it receives SIGTERM directly (no npm, no shell), finishes
# open requests, stops its background work and closes the database (server/index.ts shutdown).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "build/start.js"]
