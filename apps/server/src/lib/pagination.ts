import type { PageQuery } from '@sunin/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * DESIGN.md "API conventions": lists are JSON arrays; the total goes in X-Total-Count and the
 * neighbouring pages in a Link header (RFC 8288), built from the request's own path and query.
 */
export function setPageHeaders(request: FastifyRequest, reply: FastifyReply, query: PageQuery, total: number): void {
  const lastPage = Math.max(1, Math.ceil(total / query.per_page));
  const base = new URL(request.url, 'http://placeholder');
  // Parsed once; page and per_page keep their places (or come last, page first), and only page changes per link.
  const params = new URLSearchParams(base.search);
  params.set('page', '1');
  params.set('per_page', String(query.per_page));
  const link = (page: number, rel: string) => {
    params.set('page', String(page));
    return `<${base.pathname}?${params.toString()}>; rel="${rel}"`;
  };
  const links = [link(1, 'first')];
  if (query.page > 1) links.push(link(Math.min(query.page - 1, lastPage), 'prev'));
  if (query.page < lastPage) links.push(link(query.page + 1, 'next'));
  links.push(link(lastPage, 'last'));
  reply.header('X-Total-Count', String(total));
  reply.header('Link', links.join(', '));
}

export const offsetOf = (query: PageQuery) => (query.page - 1) * query.per_page;
