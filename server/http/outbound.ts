// Fetching a URL someone outside gave us (a dealer's photo) without letting it reach inside
// (issue 29 point 4, decision 069). The host is resolved here, every address it resolves to is
// checked (loopback, private, link-local, CGNAT, unique-local, metadata, multicast, reserved and
// unspecified addresses are refused, an IPv4-mapped IPv6 address as the IPv4 it maps), and the
// connection is made to the checked address through the same lookup, so a name cannot resolve
// to one address for the check and another for the connection. Redirects are followed here,
// each hop checked the same way. Networks named in an allow-list (tests, a dealer's photo host
// on a private network) are let through.
import dns from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why a fetch gave nothing: a refused address, a body over the limit, or anything else. */
export class OutboundError extends Error {
  constructor(
    readonly reason: 'blocked' | 'tooLarge' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

type Network = [ipaddr.IPv4 | ipaddr.IPv6, number];
export type AllowList = readonly Network[];

/** Benchmark testing addresses (RFC 2544), which ipaddr.js counts as unicast. */
const BENCHMARKING: Network = ipaddr.parseCIDR('198.18.0.0/15');
const MAX_REDIRECTS = 5;

/**
 * The allow-list setting: addresses or CIDR networks separated by commas or spaces
 * (`127.0.0.1/32, 10.20.0.0/16, fd12::/16`). A wrong entry throws, naming it.
 */
export function parseAllowList(value: string | undefined): AllowList {
  const entries = (value ?? '').split(/[\s,]+/).filter(Boolean);
  return entries.map((entry) => {
    try {
      if (entry.includes('/')) return ipaddr.parseCIDR(entry);
      const address = ipaddr.parse(entry);
      return [address, address.kind() === 'ipv4' ? 32 : 128] satisfies Network;
    } catch {
      throw new Error(`"${entry}" is not an IP address or a CIDR network (like 10.0.0.0/8)`);
    }
  });
}

function within(address: ipaddr.IPv4 | ipaddr.IPv6, [network, bits]: Network): boolean {
  if (address.kind() === 'ipv4' && network.kind() === 'ipv4')
    return (address as ipaddr.IPv4).match(network as ipaddr.IPv4, bits);
  if (address.kind() === 'ipv6' && network.kind() === 'ipv6')
    return (address as ipaddr.IPv6).match(network as ipaddr.IPv6, bits);
  return false;
}

/** Why an address is refused, or null when it may be fetched from. */
export function addressRefusal(address: string, allow: AllowList): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process(): an IPv4-mapped IPv6 address (::ffff:127.0.0.1) becomes the IPv4 it maps.
    parsed = ipaddr.process(address);
  } catch {
    return `${address} is not an IP address`;
  }
  if (allow.some((network) => within(parsed, network))) return null;
  const range = parsed.range();
  if (range === 'unicast' && !within(parsed, BENCHMARKING)) return null;
  return `${parsed.toString()} is a ${range === 'unicast' ? 'reserved' : range} address`;
}

/** dns.lookup, answering only when every address the name resolves to may be fetched from. */
function checkedLookup(allow: AllowList): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0, hints: options.hints }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      for (const { address } of addresses) {
        const refused = addressRefusal(address, allow);
        if (refused) return callback(new OutboundError('blocked', `refused: ${hostname} is ${refused}`), '', 0);
      }
      if (options.all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      if (!first) return callback(new OutboundError('failed', `${hostname} has no address`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

/** Reads a body up to `limit` bytes; more is an error, not a truncation. */
async function readLimited(response: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length'] ?? 0);
  if (declared > limit) {
    response.destroy();
    throw new OutboundError('tooLarge', `larger than ${limit} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > limit) {
      response.destroy();
      throw new OutboundError('tooLarge', `larger than ${limit} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function get(url: URL, allow: AllowList, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'GET',
      // A connection of its own each time: a pooled one could outlive the check of its address.
      agent: false,
      lookup: checkedLookup(allow),
      signal,
      headers: { accept: 'image/*', 'user-agent': 'Showroom photo fetcher' },
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end();
  });
}

export type Fetched = { status: number; body: Buffer };

/**
 * GETs an http(s) URL from outside, following at most five redirects, each hop's address
 * checked; answers the final status and (for a 2xx) a body of at most `limit` bytes.
 */
export async function fetchFromOutside(
  source: string,
  options: { limit: number; timeoutMs: number; allow: AllowList },
): Promise<Fetched> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url: URL;
  try {
    // WHATWG parsing gives the canonical host: 2130706433, 0x7f.1 and 127.1 all become 127.0.0.1.
    url = new URL(source);
  } catch {
    throw new OutboundError('failed', 'is not a URL');
  }
  for (let hop = 0; ; hop += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new OutboundError('blocked', `refused: ${url.protocol} is not http or https`);
    // An address in the URL is not looked up (the lookup above never runs): checked here.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(literal)) {
      const refused = addressRefusal(literal, options.allow);
      if (refused) throw new OutboundError('blocked', `refused: ${refused}`);
    }
    let response: IncomingMessage;
    try {
      response = await get(url, options.allow, signal);
    } catch (error) {
      if (error instanceof OutboundError) throw error;
      throw new OutboundError('failed', `could not be fetched: ${(error as Error).message}`);
    }
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.destroy();
      if (hop >= MAX_REDIRECTS) throw new OutboundError('failed', `redirected more than ${MAX_REDIRECTS} times`);
      try {
        url = new URL(location, url);
      } catch {
        throw new OutboundError('failed', 'redirected to something that is not a URL');
      }
      continue;
    }
    if (status < 200 || status >= 300) {
      response.destroy();
      return { status, body: Buffer.alloc(0) };
    }
    try {
      return { status, body: await readLimited(response, options.limit) };
    } catch (error) {
      if (error instanceof OutboundError) throw error;
      throw new OutboundError('failed', `could not be read: ${(error as Error).message}`);
    }
  }
}
