# syntax=docker/dockerfile:1
# Tienda: one image with the built server and client.
#   docker build -t tienda .
#   docker compose up --build     (with PostgreSQL 17; see docker-compose.yml)
# Without DATABASE_URL the server starts its embedded PostgreSQL in /data, as the
# unprivileged "node" user (PostgreSQL refuses to run as root).

# ---- production dependencies only (no compilers, linters, test tools)
FROM node:20.19.5-bookworm-slim AS prod-deps
WORKDIR /app
ENV npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
COPY package.json package-lock.json ./
COPY rules/package.json rules/
COPY server/package.json server/
COPY client/package.json client/
# The root postinstall compiles @tienda/rules only where its sources and TypeScript are: not
# here (the build stage's output brings rules/dist).
COPY scripts/build-rules.mjs scripts/
RUN npm ci --omit=dev \
 && mkdir -p server/node_modules client/node_modules

# ---- build: all dependencies, then the shared rules (tsc), server (tsc) and client (vite)
FROM node:20.19.5-bookworm-slim AS build
WORKDIR /app
ENV npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
# Manifests first, so the dependency layer stays cached until they change.
COPY package.json package-lock.json ./
COPY rules/package.json rules/
COPY server/package.json server/
COPY client/package.json client/
COPY scripts/build-rules.mjs scripts/
RUN npm ci
COPY . .
RUN npm run build \
 && mkdir -p /out/client /out/rules \
 && cp -a rules/package.json rules/dist /out/rules/ \
 && cp -a server /out/server \
 && rm -rf /out/server/node_modules \
 && cp -a client/dist /out/client/dist \
 && cp -a client/dist-ssr /out/client/dist-ssr

# ---- runtime: node, production dependencies, build output
FROM node:20.19.5-bookworm-slim AS runtime
# Production also needs, at run time: ADMIN_EMAIL, ADMIN_PASSWORD, SESSION_SECRET and PUBLIC_URL
# (the shop's public address, the base of every link it gives out); it refuses to start without.
ENV NODE_ENV=production \
    PORT=4000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app /app
COPY --from=build /out /app
# `npm run admin -- <comando>` (the operator's command line) runs the built server's script.
COPY scripts/admin.mjs scripts/build-stale.mjs scripts/
# /data holds uploaded photos (and the embedded database when DATABASE_URL is
# unset); a named volume first mounted here takes this ownership.
# The seeded demo photos draw brand names as text: librsvg needs a font.
RUN apt-get update \
  && apt-get install -y --no-install-recommends fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data && chown node:node /data
USER node
EXPOSE 4000
# Slim images have no curl: ask node itself. The first start migrates and seeds.
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/dist/main.js"]
