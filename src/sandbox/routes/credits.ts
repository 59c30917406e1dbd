import type { Balance, Quote, Tool } from '../../api/schemas/credits.js';
import { quoteShape } from '../../api/quote-shape.js';
import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import type { RequestContext } from '../context.js';
import { entryBody } from '../engine/validation.js';
import { priceEstimate } from '../engine/pricing.js';
import { mintQuote, shapeHash } from '../engine/quotes.js';

function balance(ctx: RequestContext): Balance {
  const org = ctx.caller.organization;
  return {
    organization_id: org.id,
    credits: org.credits,
    agent_instructions:
      `${org.credits} credits available to ${org.name}, shared by the whole organization. ` +
      'Search, reads, status polls, exports and estimates are free; paid bulk work needs a quote from POST /credits/estimate.',
    timestamp_ms: ctx.clock.now(),
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** POST /credits/estimate: prices the request from the server's own rows and mints a signed single-use quote (free). */
function estimate(ctx: RequestContext): Quote {
  const body = entryBody(API.credits.estimate, ctx.body);
  const { rows, cost } = priceEstimate(ctx.services, ctx.caller, body);
  const tool = body.tool as Tool;
  const org = ctx.caller.organization;
  const filter_hash = shapeHash(quoteShape(body));
  const quote =
    tool === 'find_similar_companies'
      ? { quote_id: null, expires_at: null }
      : mintQuote(ctx.store, ctx.clock, { organizationId: org.id, tool, filterHash: filter_hash, rows, cost });
  const sufficient = org.credits >= cost;
  return {
    ...quote,
    estimated_cost: cost,
    tool,
    row_count: rows,
    filter_hash,
    available_credits: org.credits,
    sufficient,
    agent_instructions: quote.quote_id
      ? `At most ${plural(cost, 'credit')} for ${plural(rows, 'row')}. Send quote_id with the same request within 5 minutes; it works once.` +
        (sufficient
          ? ''
          : ` The balance of ${org.credits} is ${plural(cost - org.credits, 'credit')} short: buy credits on the plans page first.`)
      : 'Similar companies deduct nothing and need no quote.',
    timestamp_ms: ctx.clock.now(),
  };
}

export const creditsRoutes: RouteDef[] = [
  { endpoint: API.credits.balance, handler: balance },
  { endpoint: API.credits.estimate, handler: estimate },
];
