import { setFlagsFromString } from 'node:v8';

/**
 * The V8 settings the server runs with, set before the rest of it loads (server.ts imports this
 * first, so each process of a cluster sets them too).
 *
 * No allocation-site pretenuring (issue 42 item 1, docs/decisions/062): V8 starts allocating an
 * allocation site's objects straight in the old generation once most of them outlive a young
 * collection. pg's row parsing is one site for every query, so one large result held for a
 * while (an export, the seed, an admin list) marks it, and from then on every row of every
 * request is made in the old generation. Those dead rows keep the young strings and dates they
 * point to alive through each young collection until the next full one: a project read promoted
 * ten times what the same-semantics lean server did, and spent twice its time collecting.
 */
export const V8_FLAGS = '--no-allocation-site-pretenuring';

setFlagsFromString(V8_FLAGS);
