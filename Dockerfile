# Releasebell: one app instance (docs/deploy.md). Not built in this repository's CI: no Docker there.
# docker build -t releasebell . && docker run -p 3000:3000 -e DATABASE_URL=... -e AUTH_SECRET=... releasebell

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000
# SIGTERM drains (readiness 503 for SHUTDOWN_DRAIN_SECONDS) before the stop: give it that and more.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=5s --timeout=2s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:3000/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/dist/server.js"]
