import type { LoaderFunctionArgs } from '@remix-run/node';
import { SUGGESTIONS_LIMIT, SUGGESTION_QUERY_MAX_LENGTH, type Suggestion } from '~/lib/contract/inventory';
import { logger } from '~/lib/shared/logger.server';
import { getSuggestions } from '~/lib/search/inventory.server';
import type { SuggestionsData } from '~/lib/search/suggestions';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';

// The search box's suggestions (seed 000 §2.4, §4.5, §5; seed 001 §9): objects with a title,
// at most 10, matched case-insensitively on word prefixes by the inventory API. The answer
// echoes `q`, so the box can tell a late answer for older keywords from the one it waits for.

export async function loader({ request }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, SUGGESTION_QUERY_MAX_LENGTH);
  // The same keywords give the same suggestions for a minute; they change only with the stock.
  const headers = { 'cache-control': 'private, max-age=60' };
  if (!q) return Response.json({ q, suggestions: [] } satisfies SuggestionsData, { headers });
  let suggestions: Suggestion[] = [];
  try {
    suggestions = await getSuggestions({ tenantId: getTenantForRequest(request).id, signal: request.signal }, q);
  } catch (error) {
    // Suggestions help but are not needed: the box still searches without them.
    logger.warn({ err: error }, 'search suggestions left out: the inventory API call failed');
  }
  return Response.json({ q, suggestions: suggestions.slice(0, SUGGESTIONS_LIMIT) } satisfies SuggestionsData, {
    headers,
  });
}
