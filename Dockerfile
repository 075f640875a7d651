# The Carrier Portal in a container: one image for the API nodes (the default command), the job
# workers (`node apps/api/dist/worker.js`) and the migration command (`node apps/api/dist/migrate.js`).
# compose.yaml runs them together with PostgreSQL, MinIO and nginx; the README's Production section
# says what each setting does.
ARG NODE_IMAGE=node:22-slim

# ---- manifests: what npm ci reads (the lockfile and every workspace's package.json)
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/

# ---- build: every dependency, then the web app (apps/web/dist) and the API bundles (apps/api/dist)
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: the API's production dependencies only, the bundles, migrations and assets
FROM manifests AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
# The workspace packages are bundled into dist; what they import from npm is installed here.
RUN npm ci --omit=dev --no-audit --no-fund \
      --workspace @portal/api --workspace @portal/domain --workspace @portal/contract \
    && npm cache clean --force
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY apps/api/migrations apps/api/migrations
COPY apps/api/assets apps/api/assets
# Zone rules for Node lines older than them (decision 258); the server warns when it needs them.
COPY apps/api/tzdata apps/api/tzdata
COPY CHANGELOG.md ./
# The image's own user, which writes only in DATA_DIR (unused with PostgreSQL and S3) and /tmp.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# /readyz answers 200 once the server takes requests and 503 while it drains on SIGTERM.
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/api/dist/server.js"]
