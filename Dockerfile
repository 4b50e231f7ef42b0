# syntax=docker/dockerfile:1
# The shop as a container image (docs/deployment.md#containers). Four stages:
#   deps    npm ci (its postinstall generates both Prisma clients)
#   build   next build: the standalone server with static files and public/ copied in
#   tools   the full source and node_modules: migrations (a one-shot job) and the sandbox server
#   runner  the standalone server alone, as an unprivileged user (the default target)
#   docker build -t shop .                        the app
#   docker build -t shop-tools --target tools .   migrations and the sandbox
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
# Only if better-sqlite3 finds no prebuilt binary for this platform does it compile; the runner never needs these.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
# The postinstall step reads the schemas and the Prisma config.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY scripts/db ./scripts/db
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# Baked into the browser's files: every replica of one release is built with the same value.
ARG NEXT_DEPLOYMENT_ID
ENV NEXT_DEPLOYMENT_ID=${NEXT_DEPLOYMENT_ID} NODE_ENV=production
# Pages prerendered at build read an empty, migrated catalog (a throwaway SQLite file, as the
# benchmark's build does) and configuration (lib/env.ts) gets a throwaway key: both for this one
# command, never kept in a layer.
RUN mkdir -p /tmp/build-db \
 && export DATABASE_URL=file:/tmp/build-db/shop.db \
    CODES_ENCRYPTION_KEY="$(node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))')" \
 && npx prisma migrate deploy \
 && npm run build \
 && rm -rf /tmp/build-db

FROM build AS tools
# `node --import tsx scripts/…` and the Prisma CLI need the whole tree; nothing here serves shoppers.
# /sandbox holds the demo sandbox's state (a volume in compose.yaml).
RUN mkdir -p /sandbox && chown node:node /sandbox
USER node
CMD ["npx", "prisma", "migrate", "deploy"]

FROM ${NODE_IMAGE} AS runner
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0 \
    IMAGE_CACHE_DIR=/app/data/image-cache
# server.js, the traced node_modules (both Prisma clients, better-sqlite3, sharp), .next/static, public/
COPY --from=build --chown=node:node /app/.next/standalone ./
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness (the database answers); a proxy's readiness check is GET /api/ready.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "server.js"]
