import type { ApiWireAnswer, ApiWireRequest } from '../../app/lib/shared/api-transport';

// The messages between the request thread and a render thread (decision 045). Plain data only:
// what structured clone carries, with the request and answer bodies as transferred buffers.
// A page's commerce API calls travel the same way when the backend is in this process
// (decision 071): 'api' from the render thread, 'api-answer' or 'api-failed' back.

/**
 * What the render thread needs to start: where the storefront build is, which tenants' flags to
 * load, and whether its pages' API calls go to the request thread (else over HTTP).
 */
export type RenderWorkerData = { buildFile: string; tenantIds: string[]; inProcessApi: boolean };

/** A page request, as the request thread read it. */
export type RenderJob = {
  id: number;
  method: string;
  url: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
  cspNonce: string;
  clientIp?: string;
  correlationId?: string;
};

export type ToRenderThread =
  | ({ type: 'render' } & RenderJob)
  | { type: 'abort'; id: number }
  | { type: 'api-answer'; id: number; answer: ApiWireAnswer }
  | { type: 'api-failed'; id: number; message: string };

export type RenderAnswer = {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
};

export type FromRenderThread =
  | { type: 'ready' }
  | ({ type: 'answer'; id: number } & RenderAnswer)
  | { type: 'failed'; id: number; message: string; stack?: string }
  | { type: 'api'; id: number; request: ApiWireRequest };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The render thread's start-up data, checked: a wiring mistake fails loudly at start. */
export function renderWorkerData(value: unknown): RenderWorkerData {
  if (
    isRecord(value) &&
    typeof value.buildFile === 'string' &&
    Array.isArray(value.tenantIds) &&
    value.tenantIds.every((id) => typeof id === 'string') &&
    typeof value.inProcessApi === 'boolean'
  )
    return { buildFile: value.buildFile, tenantIds: value.tenantIds, inProcessApi: value.inProcessApi };
  throw new Error('render thread: workerData must name the build file, the tenants and the API transport');
}

/** Narrows a message posted to the render thread (only this project's request thread posts them). */
export function isToRenderThread(value: unknown): value is ToRenderThread {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    (value.type === 'render' || value.type === 'abort' || value.type === 'api-answer' || value.type === 'api-failed')
  );
}

/** Narrows a message posted by a render thread. */
export function isFromRenderThread(value: unknown): value is FromRenderThread {
  return (
    isRecord(value) &&
    (value.type === 'ready' || value.type === 'answer' || value.type === 'failed' || value.type === 'api')
  );
}
