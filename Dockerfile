# syntax=docker/dockerfile:1
# Souk: one image for every instance (README "Run in containers"). Multi-stage: dependencies and the
# build (SPA, server rendering, API reference script) in full images, then only what runs, as the
# unprivileged `node` user.

# --- dependencies (dev included: the build needs Vite) -------------------------------------------
FROM node:20.19-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# --- build: dist/ (SPA + api-docs/scalar.js) and dist-ssr/, then production dependencies only ------
FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- runtime --------------------------------------------------------------------------------------
FROM node:20.19-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/server ./server
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/dist-ssr ./dist-ssr
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# liveness: the process answers (readiness, /api/ready, is for the load balancer)
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: finish requests and timed tasks, then exit (SHUTDOWN_TIMEOUT_MS, default 25 s; compose waits 30 s)
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "server/main.ts"]
