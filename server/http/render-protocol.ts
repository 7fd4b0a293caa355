// The messages between the request thread and a render thread (decision 045). Plain data only:
// what structured clone carries, with the request and answer bodies as transferred buffers.

/** What the render thread needs to start: where the storefront build is, which tenants' flags to load. */
export type RenderWorkerData = { buildFile: string; tenantIds: string[] };

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

export type ToRenderThread = ({ type: 'render' } & RenderJob) | { type: 'abort'; id: number };

export type RenderAnswer = {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
};

export type FromRenderThread =
  | { type: 'ready' }
  | ({ type: 'answer'; id: number } & RenderAnswer)
  | { type: 'failed'; id: number; message: string; stack?: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The render thread's start-up data, checked: a wiring mistake fails loudly at start. */
export function renderWorkerData(value: unknown): RenderWorkerData {
  if (
    isRecord(value) &&
    typeof value.buildFile === 'string' &&
    Array.isArray(value.tenantIds) &&
    value.tenantIds.every((id) => typeof id === 'string')
  )
    return { buildFile: value.buildFile, tenantIds: value.tenantIds };
  throw new Error('render thread: workerData must name the build file and the tenants');
}

/** Narrows a message posted to the render thread (only this project's request thread posts them). */
export function isToRenderThread(value: unknown): value is ToRenderThread {
  return isRecord(value) && typeof value.id === 'number' && (value.type === 'render' || value.type === 'abort');
}

/** Narrows a message posted by a render thread. */
export function isFromRenderThread(value: unknown): value is FromRenderThread {
  return isRecord(value) && (value.type === 'ready' || value.type === 'answer' || value.type === 'failed');
}
