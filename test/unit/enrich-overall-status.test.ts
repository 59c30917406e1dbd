import { describe, expect, it } from 'vitest';
import { overallStatus } from '../../src/commands/enrich/shared/list-report.js';
import type { EnrichmentStatusResponse } from '../../src/api/schemas/enrichment.js';

const runs = (...statuses: string[]) => statuses.map((status) => ({ status }) as EnrichmentStatusResponse);

describe('overallStatus of several enrichment runs', () => {
  it('is theirs when they agree, the failed one when one failed, else completed_with_errors', () => {
    expect(overallStatus(runs('completed', 'completed'))).toBe('completed');
    expect(overallStatus(runs('completed', 'failed', 'completed_with_errors'))).toBe('failed');
    expect(overallStatus(runs('completed', 'completed_with_errors'))).toBe('completed_with_errors');
  });
});
