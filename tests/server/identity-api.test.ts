import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '~/lib/contract/common';
import { meResponseSchema, tokensResponseSchema } from '~/lib/contract/identity';
import { SIGN_IN_MAX_FAILURES } from '#server/identity/service';
import { apiHeaders, insertShopper, startHarness, type Harness } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
  await insertShopper(harness.database, 'default', 'avery@shop.test');
  await insertShopper(harness.database, 'default', 'locked@shop.test');
});
afterAll(async () => {
  await harness.close();
});

function signIn(email: string, password: string) {
  return fetch(`${harness.url}/api/identity/sign-in`, {
    method: 'POST',
    headers: apiHeaders('default'),
    body: JSON.stringify({ email, password }),
  });
}

describe('identity API', () => {
  it('signs in with e-mail (any case) and password, and the token names the shopper', async () => {
    const response = await signIn('Avery@Shop.test', 'Sup3r-secret!');
    expect(response.status).toBe(200);
    const { data } = tokensResponseSchema.parse(await response.json());
    expect(data.shopper).toMatchObject({ firstName: 'Avery', lastName: 'Lane', email: 'avery@shop.test' });
    const me = await fetch(`${harness.url}/api/identity/me`, { headers: apiHeaders('default', data.identityToken) });
    expect(meResponseSchema.parse(await me.json()).data.email).toBe('avery@shop.test');
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const wrong = await signIn('avery@shop.test', 'nope');
    const unknown = await signIn('nobody@shop.test', 'nope');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(apiErrorBodySchema.parse(await wrong.json())).toEqual(apiErrorBodySchema.parse(await unknown.json()));
  });

  it(`locks the account after ${SIGN_IN_MAX_FAILURES} failures in a row, even for the right password`, async () => {
    for (let i = 1; i < SIGN_IN_MAX_FAILURES; i += 1) {
      expect((await signIn('locked@shop.test', 'wrong')).status).toBe(401);
    }
    const last = await signIn('locked@shop.test', 'wrong');
    expect(last.status).toBe(423);
    expect(apiErrorBodySchema.parse(await last.json()).error.code).toBe('error.auth.locked');
    expect((await signIn('locked@shop.test', 'Sup3r-secret!')).status).toBe(423);
  });

  it('rotates refresh tokens: a used one no longer works', async () => {
    const { data } = tokensResponseSchema.parse(await (await signIn('avery@shop.test', 'Sup3r-secret!')).json());
    const refresh = (refreshToken: string) =>
      fetch(`${harness.url}/api/identity/refresh`, {
        method: 'POST',
        headers: apiHeaders('default'),
        body: JSON.stringify({ refreshToken }),
      });
    const first = await refresh(data.refreshToken);
    expect(first.status).toBe(200);
    const rotated = tokensResponseSchema.parse(await first.json()).data;
    expect(rotated.refreshToken).not.toBe(data.refreshToken);
    expect((await refresh(data.refreshToken)).status).toBe(401);
    expect((await refresh(rotated.refreshToken)).status).toBe(200);
  });

  it('rejects a forged token', async () => {
    const me = await fetch(`${harness.url}/api/identity/me`, {
      headers: apiHeaders('default', 'eyJhbGciOiJIUzI1NiJ9.e30.forged'),
    });
    expect(me.status).toBe(401);
  });
});
