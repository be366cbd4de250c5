import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { endSessionsIn } from '../modules/auth/sessions.service.js';
import { subscribedCable, waitFor } from '../test/cable-client.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../test/test-app.js';

/**
 * An open socket follows its user's row (docs/decisions/028): when the row changes, the socket
 * hears admin_changed as the role now says, and closes when it may no longer be signed in.
 */
let t: TestApp;
let actor: SignedIn;
let base: string;
beforeAll(async () => {
  ({ t, admin: actor } = await createTestAppWithAdmin());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/cable`;
});
afterAll(async () => t?.close());

const ADMIN = { company_role: 'full_access_admin', account_type: 'admin' } as const;
const cableOf = (signedIn: SignedIn) => subscribedCable(`${base}?token=${signedIn.token}`, signedIn.user.id);
const adminChanges = (frames: Array<Record<string, unknown>>) => frames.filter((frame) => (frame.message as { type?: string } | undefined)?.type === 'admin_changed');
/** An admin write through the real API; every one of them is announced as admin_changed. */
const editUser = async (userId: number, changes: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${userId}`, headers: actor.auth, payload: { user: changes, current_password: actor.user.password } });
  expect(res.statusCode, res.body).toBe(200);
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('open sockets when their user changes', () => {
  it('a demoted administrator stops hearing admin_changed, from the write that demoted them, and stays connected', async () => {
    const demoted = await t.signIn(ADMIN);
    const witness = await t.signIn(ADMIN);
    const other = await t.signIn();
    const demotedCable = await cableOf(demoted);
    const witnessCable = await cableOf(witness);

    await editUser(other.user.id, { first_name: 'Before' });
    await waitFor(() => adminChanges(demotedCable.frames).length === 1 && adminChanges(witnessCable.frames).length === 1, 5_000, 'admin_changed on both sockets');

    await editUser(demoted.user.id, { company_role: 'project_manager' });
    await editUser(other.user.id, { first_name: 'After' });
    await waitFor(() => adminChanges(witnessCable.frames).length === 3, 5_000, 'both later writes on the witness');
    await settle();
    expect(adminChanges(demotedCable.frames)).toHaveLength(1);
    expect(demotedCable.socket.readyState).toBe(demotedCable.socket.OPEN);
    for (const cable of [demotedCable, witnessCable]) cable.socket.close();
  });

  it('a promoted member starts hearing admin_changed, from the write that promoted them', async () => {
    const promoted = await t.signIn();
    const witness = await t.signIn(ADMIN);
    const other = await t.signIn();
    const promotedCable = await cableOf(promoted);
    const witnessCable = await cableOf(witness);

    await editUser(other.user.id, { first_name: 'Before' });
    await waitFor(() => adminChanges(witnessCable.frames).length === 1, 5_000, 'admin_changed on the witness');
    await settle();
    expect(adminChanges(promotedCable.frames)).toEqual([]);

    await editUser(promoted.user.id, { company_role: 'full_access_admin' });
    await editUser(other.user.id, { first_name: 'After' });
    await waitFor(() => adminChanges(promotedCable.frames).length === 2, 5_000, 'both later writes on the promoted socket');
    expect(adminChanges(promotedCable.frames)).toEqual([
      { identifier: promotedCable.identifier, message: { type: 'admin_changed', payload: { path: '/api/admin/users/:id' } } },
      { identifier: promotedCable.identifier, message: { type: 'admin_changed', payload: { path: '/api/admin/users/:id' } } },
    ]);
    for (const cable of [promotedCable, witnessCable]) cable.socket.close();
  });

  it('after Redis comes back, every socket is checked again: an ended session is refused, a changed role applies', async () => {
    const ended = await t.signIn();
    const madeAdmin = await t.signIn();
    const unchanged = await t.signIn();
    const endedCable = await cableOf(ended);
    const madeAdminCable = await cableOf(madeAdmin);
    const unchangedCable = await cableOf(unchanged);
    // What the bus could not carry while Redis was away: a session ended in another process
    // (its revoke message lost), a role given by the create-admin CLI.
    expect(await endSessionsIn(t.db, ended.user.id, { id: ended.sessionId }, 'logout')).toHaveLength(1);
    await t.db.update(users).set({ company_role: 'full_access_admin' }).where(eq(users.id, madeAdmin.user.id));

    // What the bus tells its handlers once the subscriber is back (lib/bus.ts).
    await t.app.ctx.bus.publish({ usersChanged: 'all' });
    await waitFor(() => endedCable.socket.readyState === endedCable.socket.CLOSED, 5_000, "the ended session's socket to close");
    expect(endedCable.frames.at(-1)).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: false });

    await editUser(unchanged.user.id, { first_name: 'Renamed' });
    await waitFor(() => adminChanges(madeAdminCable.frames).length === 1, 5_000, 'admin_changed on the socket of the new administrator');
    await settle();
    expect(adminChanges(unchangedCable.frames)).toEqual([]);
    expect(unchangedCable.socket.readyState).toBe(unchangedCable.socket.OPEN);
    for (const cable of [madeAdminCable, unchangedCable]) cable.socket.close();
  });
});
