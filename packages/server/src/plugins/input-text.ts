import { findTextFault } from '@parking/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from './app-error.js';
import { requestPartNames } from './errors.js';

/**
 * Every route, present and future, gets the contract's text rule before its own schema runs: a NUL or
 * an unpaired surrogate anywhere in the body, query or path (values and keys) is a 400 naming the
 * field, so no such text reaches a service, a log line or PostgreSQL.
 */
export const inputTextPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      const parts = [
        ['params', request.params],
        ['querystring', request.query],
        ['body', request.body],
      ] as const;
      for (const [part, value] of parts) {
        const fault = findTextFault(value);
        if (!fault) continue;
        const field = fault.path.join('.');
        const where = requestPartNames[part];
        throw badRequest(field ? `${where} ${field}：${fault.problem}` : `${where}：${fault.problem}`);
      }
    });
  },
  { name: 'input-text', dependencies: ['errors'] },
);
