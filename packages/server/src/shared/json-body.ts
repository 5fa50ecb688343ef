import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { parse as secureJsonParse } from 'secure-json-parse';

/** The codes of its refusals; plugins/errors.ts says them in Chinese. */
export const jsonBodyErrors = { invalid: 'FST_ERR_CTP_INVALID_JSON_BODY', prototypeKey: 'PARKING_JSON_PROTOTYPE_KEY' } as const;

const refusal = (code: string, why: string) => Object.assign(new Error(why), { statusCode: 400, code }) as FastifyError;

/**
 * A JSON body as every route reads it: refused, with a message that says why, when it is not JSON or
 * when it carries a key (__proto__, constructor.prototype) that would reach an object's prototype.
 */
export const parseJsonBody = (text: string): unknown => {
  if (text === '') return undefined;
  try {
    return secureJsonParse(text, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    if (error instanceof SyntaxError && /prototype property/.test(error.message)) {
      throw refusal(jsonBodyErrors.prototypeKey, 'a key reaches the prototype');
    }
    throw refusal(jsonBodyErrors.invalid, 'not JSON');
  }
};

/** Replaces the JSON parser of `app`'s scope; `keep` sees the text as sent (signed routes hash it). */
export const useJsonBodyParser = (app: FastifyInstance, keep?: (request: FastifyRequest, text: string) => void) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    keep?.(request, text);
    try {
      done(null, parseJsonBody(text));
    } catch (error) {
      done(error as FastifyError, undefined);
    }
  });
};
