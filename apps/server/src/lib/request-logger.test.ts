import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLoggerFactory } from './request-logger.js';

function pinoAt(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level, stream, redact: ['req.headers.authorization'] }, childLoggerFactory: lazyChildLoggerFactory });
  return { app, lines };
}

describe('lazyChildLoggerFactory', () => {
  it("makes pino's child only when a line at an enabled level is written, and then writes the child's line", () => {
    const { app, lines } = pinoAt('warn');
    const child = vi.spyOn(app.log, 'child');
    const logger = lazyChildLoggerFactory(app.log, { reqId: 'req-1' }, {});
    logger.info('not written');
    logger.debug({ a: 1 }, 'not written either');
    expect(child).not.toHaveBeenCalled();
    expect(logger.level).toBe('warn');
    logger.warn({ project_id: 3 }, 'written');
    logger.error('written too');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map(({ reqId, msg, project_id }) => ({ reqId, msg, project_id }))).toEqual([
      { reqId: 'req-1', msg: 'written', project_id: 3 },
      { reqId: 'req-1', msg: 'written too', project_id: undefined },
    ]);
    // Once made, the child is used for every level.
    logger.info('still below the level');
    expect(lines).toHaveLength(2);
  });

  it("gives a route's own level or serializers pino's child at once", () => {
    const { app, lines } = pinoAt('warn');
    const logger = lazyChildLoggerFactory(app.log, { reqId: 'req-2' }, { level: 'info' });
    logger.info('at the route level');
    expect(lines.map(({ reqId, msg }) => ({ reqId, msg }))).toEqual([{ reqId: 'req-2', msg: 'at the route level' }]);
  });

  it('makes children of its own, and its child its level', () => {
    const { app, lines } = pinoAt('warn');
    const logger = lazyChildLoggerFactory(app.log, { reqId: 'req-3' }, {});
    logger.child({ job: 'mail' }).warn('from a child');
    logger.level = 'info';
    logger.info('at the new level');
    expect(lines.map(({ reqId, job, msg }) => ({ reqId, job, msg }))).toEqual([
      { reqId: 'req-3', job: 'mail', msg: 'from a child' },
      { reqId: 'req-3', job: undefined, msg: 'at the new level' },
    ]);
  });

  it('is what a request logs through, with its request id', async () => {
    const { app, lines } = pinoAt('warn');
    const ids: string[] = [];
    app.addHook('onRequest', (request, _reply, done) => {
      ids.push(request.id);
      done();
    });
    app.get('/x', async (request) => {
      request.log.info('quiet');
      request.log.warn('loud');
      return { ok: true };
    });
    const answer = await app.inject({ method: 'GET', url: '/x', });
    expect(answer.statusCode).toBe(200);
    const loud = lines.filter((line) => line.msg === 'loud');
    expect(loud).toHaveLength(1);
    expect(loud.map((line) => line.reqId)).toEqual(ids);
    expect(lines.some((line) => line.msg === 'quiet')).toBe(false);
    await app.close();
  });

  it('leaves a logger that is not pino to its own child', () => {
    const plain = { child: vi.fn(() => plain), info() {}, error() {}, debug() {}, fatal() {}, warn() {}, trace() {}, silent() {}, level: 'info' } as unknown as FastifyBaseLogger;
    expect(lazyChildLoggerFactory(plain, { reqId: 'r' }, {})).toBe(plain);
  });
});
