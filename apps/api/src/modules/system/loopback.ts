import type { FastifyRequest } from "fastify";

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().startsWith("::ffff:") ? address.slice(7) : address;
  return plain === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/**
 * A client on this very machine. The socket's peer is asked, not `request.ip`: with TRUST_PROXY that comes
 * from a header anyone can write. A proxy on this machine (nginx, a tunnel) connects from loopback on behalf
 * of remote browsers and says so in a forwarding header, so any such header counts as remote.
 */
export function isLoopbackClient(request: FastifyRequest): boolean {
  const { headers } = request;
  if (headers["x-forwarded-for"] !== undefined || headers.forwarded !== undefined) return false;
  if (headers["x-real-ip"] !== undefined) return false;
  return isLoopbackAddress(request.socket.remoteAddress);
}
