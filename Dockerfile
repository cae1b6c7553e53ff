# The images of Brigade's processes; docker-compose.yml picks the entry point per container.
#   product (the default, last stage): the gateway and the five services, and no sandbox code.
#   sandboxes: the providers' sandboxes (sandboxes/stripe, sandboxes/sms, sandboxes/mail, sandboxes/push), for the compose profile `sandbox` only.
FROM node:20-bookworm-slim AS deps
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
COPY sandboxes/stripe/package.json sandboxes/stripe/
COPY sandboxes/sms/package.json sandboxes/sms/
COPY sandboxes/mail/package.json sandboxes/mail/
COPY sandboxes/push/package.json sandboxes/push/
COPY web/package.json web/
COPY tests/load/package.json tests/load/
RUN npm ci --no-audit --no-fund --include=dev
COPY tsconfig.base.json tsconfig.json ./
COPY kit kit
COPY contracts contracts

# The sandboxes as their own processes (compose picks sandboxes/<name>/src/main.ts): kit, contracts and the
# sandboxes, no service code.
FROM deps AS sandboxes
COPY sandboxes sandboxes
USER node
CMD ["node", "--import", "tsx", "sandboxes/stripe/src/main.ts"]

# The product: the services reach a sandbox only at its address (STRIPE_API_URL, TWILIO_*_BASE_URL), never by import, so
# sandboxes/ is not in this image (lint:deps forbids the import).
FROM deps AS product
COPY gateway gateway
COPY services services
COPY scripts scripts
COPY web web
RUN npm run build -w web && rm -f node_modules/@brigade/sandbox-stripe node_modules/@brigade/sandbox-sms
USER node
# Each service: node --import tsx services/<name>/src/main.ts ; the gateway: gateway/src/main.ts
CMD ["node", "--import", "tsx", "gateway/src/main.ts"]
