import { API_TOKEN_PREFIX, API_TOKEN_REQUESTS_PER_MINUTE, WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_EVENT_TYPES, WEBHOOK_RETRY_DELAYS_SECONDS, WEBHOOK_SECRET_PREFIX, WEBHOOK_TIMEOUT_MS } from '@sunin/contract';
import { ERROR_EXAMPLE, GETTING_STARTED_PROJECT, GETTING_STARTED_WEBHOOK } from './api-docs-examples.js';

/**
 * The reference's introduction (issue 40 item 2): Getting started, the rate limit and the error
 * shape, in Markdown that Swagger UI renders above the operations. The curl bodies are the
 * examples' own constants, and api-docs.test.ts sends the project body through the real route.
 */
export function apiGuide(appUrl: string): string {
  const json = (value: unknown) => JSON.stringify(value).replaceAll("'", "'\\''");
  return `The SunIn Partner Portal API: your projects, earnings and webhooks, as the portal shows them to you. Every route is under \`/api\` and speaks JSON.

## Getting started

**1. Create a token.** On [your profile](${appUrl}/profile), under API tokens, choose a name, the scopes and an expiry, and copy the token: it is shown once. From a signed-in session you can also call \`POST /api/user/api_tokens\`. A token starts with \`${API_TOKEN_PREFIX}\`, acts as you within its scopes (\`projects:read\`, \`projects:write\`, \`earnings:read\`; \`admin\` for administrators: every admin read, and only the operational admin writes, as each route below says) and is sent on every request:

\`\`\`sh
export SUNIN_TOKEN='${API_TOKEN_PREFIX}...'
\`\`\`

**2. List your projects** (25 a page; \`page\`, and \`per_page\` up to 100; the total is in \`X-Total-Count\` and the next page in \`Link\`):

\`\`\`sh
curl -s '${appUrl}/api/projects?per_page=50' -H "Authorization: Bearer $SUNIN_TOKEN"
\`\`\`

**3. Create a project** (needs \`projects:write\`; every field is optional; the answer is \`201\` with \`{"projectId": ...}\`):

\`\`\`sh
curl -s -X POST '${appUrl}/api/projects' -H "Authorization: Bearer $SUNIN_TOKEN" \\
  -H 'Content-Type: application/json' \\
  -d '${json(GETTING_STARTED_PROJECT)}'
\`\`\`

If you already have a project at that address the answer is \`409 possible_duplicate\` naming it; send the same body with \`"allow_duplicate": true\` to create it anyway.

**4. Subscribe a webhook** to the events you want (${WEBHOOK_EVENT_TYPES.map((type) => `\`${type}\``).join(', ')}). The answer holds the endpoint's signing \`secret\` (\`${WEBHOOK_SECRET_PREFIX}...\`) once: keep it.

\`\`\`sh
curl -s -X POST '${appUrl}/api/webhook_endpoints' -H "Authorization: Bearer $SUNIN_TOKEN" \\
  -H 'Content-Type: application/json' \\
  -d '${json(GETTING_STARTED_WEBHOOK)}'
\`\`\`

**5. Verify each delivery.** Deliveries are JSON \`POST\`s \`{ "type", "timestamp", "data" }\` signed by the [Standard Webhooks](https://www.standardwebhooks.com/) specification: check the \`webhook-id\`, \`webhook-timestamp\` and \`webhook-signature\` headers against the raw body with your secret (for instance with the \`standardwebhooks\` package) before you trust it, and answer 2xx within ${WEBHOOK_TIMEOUT_MS / 1000} seconds. A failed delivery is tried again, waiting ${WEBHOOK_RETRY_DELAYS_SECONDS.map(duration).join(', ')} between attempts; an endpoint whose deliveries have failed for ${WEBHOOK_DISABLE_AFTER_MS / 86_400_000} days is turned off and you are told. A receiver example is in the repository's \`docs/webhooks.md\`.

## Rate limit

A token may make ${API_TOKEN_REQUESTS_PER_MINUTE} requests a minute. Every answer says where you stand in \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`; past the limit the answer is \`429 rate_limited\` with \`Retry-After\` (seconds).

## Errors

Every error answers with the status code and the same JSON shape (the \`Error\` schema below):

\`\`\`json
${JSON.stringify(ERROR_EXAMPLE)}
\`\`\`

\`code\` is stable and meant for programs (\`unauthorized\` 401, \`insufficient_scope\` 403 for a token without the scope a route needs, \`not_found\` 404 also for another member's records, \`validation_failed\` 422 with \`fields\`, \`rate_limited\` 429, ...); \`message\` is for people.`;
}

/** 5 s, 5 min, 2 h: a retry delay as the guide says it. */
function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  return seconds < 3600 ? `${seconds / 60} min` : `${seconds / 3600} h`;
}
