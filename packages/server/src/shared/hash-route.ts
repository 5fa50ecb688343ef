import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A printed QR code points at a short, router-free address (/scanGroupCardQrcode?t=…, /m/exit?t=…)
 * that any scanner opens; the console routes by hash, so the phone is sent on to the page of the
 * same path and query, which reads the token. Nothing is looked up here.
 */
export const toHashRoute = (request: FastifyRequest, reply: FastifyReply) => reply.redirect(`/#${request.url}`, 302);
