# syntax=docker/dockerfile:1
#
# One image for every process of the service; the command picks the role (README, "Deployment"):
#   node dist/src/main.js                   the API (the default command)
#   node dist/src/worker.js                 a job worker (pipeline stages, reconciler, scheduler)
#   node dist/src/analysis-worker/main.js   the analysis worker (/sentiment, /embeddings, /topics)
#   node dist/src/cli.js migrate            apply the migrations: once per release, before the rest starts
#
# Node is the version package.json pins (its `node` dev dependency); pin both stages by digest in your registry.

FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Install scripts skipped: the build needs only TypeScript and the sources (the `node` dev dependency's script
# would fetch a second Node binary; the image's is the same version).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN node scripts/ensure-built.mjs --force

FROM node:24.21.0-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The dashboard the API serves at / (conventions §2), built beside dist/ by ensure-built.
COPY --from=build /app/web/dist ./web/dist
# The official image's unprivileged user; nothing in /app is writable by it.
USER node
# API, analysis worker, job worker probes (HEALTH_PORT).
EXPOSE 3000 3100 3200
# Node runs as PID 1 and handles SIGTERM itself (drain, grace, exit); compose adds an init to reap children.
CMD ["node", "dist/src/main.js"]
