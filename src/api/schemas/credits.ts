import * as z from 'zod/mini';
import { envelopeFields } from './envelope.js';

/** GET /credits/balance */
export const Balance = z.looseObject({
  organization_id: z.string(),
  credits: z.int(),
  agent_instructions: envelopeFields.agent_instructions,
  timestamp_ms: envelopeFields.timestamp_ms,
});
export type Balance = z.infer<typeof Balance>;
