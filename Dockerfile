# Beamstage api image (deploy/compose.yaml runs two of it behind nginx). Multi-stage: the first
# stage installs everything and builds the web apps; the second keeps the built apps and the
# runtime dependencies, and runs `npm start` as an unprivileged user with NODE_ENV=production,
# which refuses to start on the embedded database and object store (DATABASE_URL and S3_ENDPOINT
# are required; see the self-hosting page).
# Not built on the machine this file was written on (no Docker there); `npm test` checks the nginx
# config it is paired with.

FROM node:20-slim AS build
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund \
 && NX_DAEMON=false npx nx run-many -t build -p editor projector site player --outputStyle=static \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-slim
ENV NODE_ENV=production \
    SKIP_BUILD=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    SANDBOX_PORT=3001 \
    DATA_DIR=/var/lib/beamstage \
    APPS_ROOT=/app
WORKDIR /app
COPY --from=build /app /app
# DATA_DIR holds only the instance's lock file when the database and objects are external.
RUN useradd --system --uid 10001 --home-dir /var/lib/beamstage --create-home beamstage
USER beamstage
EXPOSE 3000 3001
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => r.json()).then((b) => process.exit(b.status === 'ok' ? 0 : 1), () => process.exit(1))"]
CMD ["npm", "start"]
