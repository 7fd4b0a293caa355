import { z } from 'zod';
import {
  deskChallengeResponseSchema,
  deskCodeRequestSchema,
  deskMeResponseSchema,
  deskSessionResponseSchema,
  deskSignInRequestSchema,
  deskTodayResponseSchema,
} from '../desk';
import { defineEndpoint } from '../endpoint';

/** The dealer desk API (server/desk/): staff only, with their own token; 404 across tenants. */
export const deskEndpoints = {
  signIn: defineEndpoint({
    method: 'POST',
    path: '/api/desk/sign-in',
    summary:
      'Staff sign-in, step 1: the password; answers the code step’s challenge. 401 wrong, 423 locked (5 failures, 15 minutes).',
    body: deskSignInRequestSchema,
    response: deskChallengeResponseSchema,
  }),
  signInCode: defineEndpoint({
    method: 'POST',
    path: '/api/desk/sign-in/code',
    summary:
      'Staff sign-in, step 2: a TOTP code or a recovery code; answers the desk token. 400 wrong, 410 challenge expired, 423 locked.',
    body: deskCodeRequestSchema,
    response: deskSessionResponseSchema,
  }),
  signOut: defineEndpoint({
    method: 'POST',
    path: '/api/desk/sign-out',
    summary: 'Ends the desk session at once.',
    body: z.object({}),
    response: z.undefined(),
    status: 204,
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/desk/me',
    summary: 'The signed-in staff member.',
    response: deskMeResponseSchema,
  }),
  today: defineEndpoint({
    method: 'GET',
    path: '/api/desk/today',
    summary: 'Today: what needs a person, oldest first, with a count per queue.',
    response: deskTodayResponseSchema,
  }),
} as const;
