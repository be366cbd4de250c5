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

/*
 * One flag cannot be set here: the young generation's size is fixed when the process starts, so
 * `--max-semi-space-size=32` is in `config.nodeFlags` of package.json, which `npm start` passes
 * to node, the bench and the end-to-end suite read, and a cluster's workers inherit (node:cluster
 * forks them with the primary's execArgv). A young generation of up to 64 MB (twice 32, against
 * V8's 32) lets a page of 25 projects' rows die young between collections instead of being
 * promoted; see docs/decisions/065.
 */

setFlagsFromString(V8_FLAGS);
