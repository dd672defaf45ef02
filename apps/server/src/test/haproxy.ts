/**
 * The HAProxy configuration docs/scaling.md shows, as the scale-out test and the benchmarks
 * run it: read from that page's `haproxy` block, with loopback addresses put in place of its
 * `bind` and `server` lines (each server line keeps its check settings). So what is tested is
 * what is documented.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HAPROXY = '/usr/sbin/haproxy';
const SCALING_MD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/scaling.md');

export function haproxyConfig(bindPort: number, serverPorts: number[], host = '127.0.0.1'): string {
  const block = /```haproxy\n([\s\S]*?)```/.exec(readFileSync(SCALING_MD, 'utf8'))?.[1];
  if (!block) throw new Error('docs/scaling.md has no ```haproxy block');
  const lines = block.split('\n');
  const template = lines.find((l) => /^\s*server /.test(l));
  if (!template) throw new Error('the documented HAProxy configuration has no server line');
  const checks = template.trim().split(/\s+/).slice(3).join(' ');
  const out: string[] = [];
  for (const line of lines) {
    if (/^\s*bind /.test(line)) out.push(`  bind ${host}:${bindPort}`);
    else if (line === template) out.push(...serverPorts.map((p, i) => `  server s${i} ${host}:${p} ${checks}`));
    else if (!/^\s*server /.test(line)) out.push(line);
  }
  return `${out.join('\n')}\n`;
}

/** HAProxy running that configuration, with a stats socket so a test can wait for its view of each server. */
export async function startHaproxy(dir: string, bindPort: number, serverPorts: number[]) {
  const socket = path.join(dir, `haproxy-${bindPort}.sock`);
  const cfg = path.join(dir, `haproxy-${bindPort}.cfg`);
  writeFileSync(cfg, `global\n  stats socket ${socket}\n${haproxyConfig(bindPort, serverPorts)}`);
  const child = spawn(HAPROXY, ['-f', cfg, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  /** HAProxy's view of each server: s0 → UP, DOWN, … (the stats socket's `show stat`). */
  const status = async (): Promise<Record<string, string>> => {
    const csv = await new Promise<string>((resolve, reject) => {
      let out = '';
      const conn = net.connect(socket, () => conn.end('show stat\n'));
      conn.on('data', (c: Buffer) => {
        out += c.toString();
      });
      conn.on('end', () => resolve(out));
      conn.on('error', reject);
    });
    const rows = csv.split('\n').map((line) => line.split(','));
    return Object.fromEntries(rows.filter((r) => r[0] === 'servers' && /^s\d+$/.test(r[1] ?? '')).map((r) => [r[1]!, r[17]!]));
  };
  /** Waits (on state) until HAProxy reports this server so (UP / DOWN …). */
  const waitFor = async (server: string, state: RegExp) => {
    for (;;) {
      if (child.exitCode !== null) throw new Error('haproxy exited');
      const seen = await status().catch(() => ({}) as Record<string, string>);
      if (state.test(seen[server] ?? '')) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  for (const i of serverPorts.keys()) await waitFor(`s${i}`, /^UP/);
  return {
    child,
    waitFor,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
