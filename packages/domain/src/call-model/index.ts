import weights from './weights.json' with { type: 'json' };
import type { CallTurnModel } from './model.ts';

/**
 * The trained turn model (weights.json, written by `npm run train:calls`), for the server's
 * analysis worker and the evaluation: a server-only import path (`@nexa/domain/call-model/index`),
 * never re-exported by the package's index, so the web bundle does not carry the weights.
 */
export const callTurnModel = weights as CallTurnModel;

export type { CallTurnModel } from './model.ts';
