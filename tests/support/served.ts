import { data, type AppLoadContext } from '@remix-run/node';

// A loader or action called the way the server calls it (server/http/remix.ts): with a load
// context of its own, and the request's cookies committed onto whatever it answers or throws.

type DataWithInit = { type: 'DataWithResponseInit'; data: unknown; init: ResponseInit | null };

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === 'object' && value !== null && 'type' in value && value.type === 'DataWithResponseInit';
}

function withCookies(value: unknown, cookies: string[]): unknown {
  if (cookies.length === 0) return value;
  if (value instanceof Response) {
    for (const cookie of cookies) value.headers.append('set-cookie', cookie);
    return value;
  }
  const headers = new Headers(isDataWithInit(value) ? (value.init?.headers ?? undefined) : undefined);
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  if (isDataWithInit(value)) {
    value.init = { ...value.init, headers };
    return value;
  }
  return data(value, { headers });
}

export async function served(call: (context: AppLoadContext) => unknown): Promise<unknown> {
  const context: AppLoadContext = {};
  let outcome: { thrown: boolean; value: unknown };
  try {
    outcome = { thrown: false, value: await call(context) };
  } catch (error) {
    outcome = { thrown: true, value: error };
  }
  const cookies = context.shop ? await context.shop.cookies.commit() : [];
  const value = withCookies(outcome.value, cookies);
  if (outcome.thrown) throw value;
  return value;
}
