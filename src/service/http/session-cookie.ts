import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A browser session's cookie (the cashier console's, /me/'s): its secret only, httpOnly,
 * SameSite=Strict, sent only to `path`, lasting `days`, Secure when the request came over TLS
 * (directly or through a trusted proxy). Needs @fastify/cookie in the scope.
 */
export function sessionCookie(name: string, path: string, days: number) {
  const options = (request: FastifyRequest) => ({
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: request.protocol === 'https',
    path,
  });
  return {
    /** Sets the cookie to `secret`. */
    set(request: FastifyRequest, reply: FastifyReply, secret: string): void {
      reply.setCookie(name, secret, { ...options(request), maxAge: days * 24 * 60 * 60 });
    },
    /** Clears the cookie. */
    clear(request: FastifyRequest, reply: FastifyReply): void {
      reply.clearCookie(name, options(request));
    },
  };
}
