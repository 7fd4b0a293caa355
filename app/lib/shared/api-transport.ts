// The commerce API without a socket (decision 071). When the storefront runs in the process
// that holds the built-in backend, `callApi` hands each call to the backend's own router in
// memory instead of over loopback HTTP: the request thread dispatches it directly, a render
// thread posts it to the request thread. These are the plain-data shapes both sides share
// (what structured clone carries, the bodies as transferable buffers).

/** One API call as it reaches the backend: the path with its query, headers, the whole body. */
export type ApiWireRequest = {
  method: string;
  /** The path and query, as over HTTP (`/public/inventory/vehicles?page=2`). */
  path: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
};

/** The backend's answer: status, headers and the whole body, never compressed. */
export type ApiWireAnswer = {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer | null;
};

/** Answers one call in this process (or on the request thread, for a render thread). */
export type ApiDispatch = (request: ApiWireRequest) => Promise<ApiWireAnswer>;
