# One image for every Brigade process; docker-compose.yml picks the entry point per container.
FROM node:20-bookworm-slim AS base
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY kit/package.json kit/
COPY contracts/package.json contracts/
COPY gateway/package.json gateway/
COPY services/identity/package.json services/identity/
COPY services/jobs/package.json services/jobs/
COPY services/payments/package.json services/payments/
COPY services/messaging/package.json services/messaging/
COPY services/notifications/package.json services/notifications/
COPY web/package.json web/
COPY load-tests/package.json load-tests/
RUN npm ci --no-audit --no-fund --include=dev
COPY . .
RUN npm run build -w web
USER node
# Each service: node --import tsx services/<name>/src/main.ts ; the gateway: gateway/src/main.ts
CMD ["node", "--import", "tsx", "gateway/src/main.ts"]
