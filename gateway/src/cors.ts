import type { RequestHandler, Response } from 'express';
import type { GatewayConfig } from './config';
import { send } from './respond';

export interface Cors {
  /** Sets the CORS headers when the request comes from the allowed origin. */
  setHeaders(res: Response, origin: string | undefined): void;
  /** The headers on every answer, and the preflight (`OPTIONS`) answered here. */
  middleware: RequestHandler;
}

/** CORS: the web app is served from this origin; only the configured public origin may call cross-origin. */
export function cors(config: GatewayConfig): Cors {
  const allowedOrigin = new URL(config.PUBLIC_URL).origin;
  const setHeaders = (res: Response, origin: string | undefined) => {
    if (!origin || origin !== allowedOrigin) return;
    res.setHeader('access-control-allow-origin', origin);
    res.setHeader('vary', 'Origin');
    res.setHeader('access-control-allow-headers', 'authorization, content-type, if-none-match, x-request-id');
    res.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
    res.setHeader('access-control-expose-headers', 'etag, x-request-id, retry-after');
  };
  const middleware: RequestHandler = (req, res, next) => {
    const origin = req.headers.origin;
    setHeaders(res, origin);
    if (req.method === 'OPTIONS' && origin) {
      if (origin !== allowedOrigin) return send(res, 403, 'Origin not allowed', 'GATEWAY.CORS');
      return res.status(204).end();
    }
    next();
  };
  return { setHeaders, middleware };
}
