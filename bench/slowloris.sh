#!/usr/bin/env bash
# Slowloris against `docsite serve` on loopback (issue 21, item 11): the server starts under
# a soft open-file limit of 1024 (`ulimit -Sn`, the common default; the hard limit is left as
# it is unless NOFILE_HARD is set) and raises it to the hard limit at start-up (issue 33,
# item 8), while CONNECTIONS (default 3000) clients each send an unfinished request
# head, trickle one header line a second and reconnect whenever the server closes them, for
# DURATION seconds. Meanwhile a normal client fetches a page every 100 ms (each with a 5 s
# limit; a process of its own, so that the crowd's event loop cannot delay it). Prints how
# many normal requests succeeded, their latency, and how often the server closed slow
# clients; fails if any normal request failed.
#
# Usage: bench/slowloris.sh [BUILD_DIR]   (default: a two-file site made in a temp folder)
#        CONNECTIONS=3000 DURATION=20 NOFILE=1024 (soft limit at start) NOFILE_HARD=1024 (hard
#        limit too: the server cannot raise it) NO_BUILD=1 (use the built binary as is)
#        DOCSITE_BIN=path/to/docsite (another binary, e.g. to compare with main)
set -euo pipefail
cd "$(dirname "$0")/.."
connections=${CONNECTIONS:-3000}
duration=${DURATION:-20}
nofile=${NOFILE:-1024}
work=$(mktemp -d)
build=${1:-$work/site}
if [ -z "${1:-}" ]; then
  mkdir -p "$build"
  printf '<!doctype html><title>Home</title><h1>Home</h1>' >"$build/index.html"
  printf '<!doctype html><title>Not found</title><h1>Not found</h1>' >"$build/404.html"
fi
[ -f "$build/404.html" ] || { echo "error: $build is not a built site" >&2; exit 2; }
bin=${DOCSITE_BIN:-./target/release/docsite}
[ "${NO_BUILD:-0}" = 1 ] || [ -n "${DOCSITE_BIN:-}" ] || cargo build --release -q -p docsite
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
hard_limit=${NOFILE_HARD:-}
(ulimit -Sn "$nofile" && { [ -z "$hard_limit" ] || ulimit -Hn "$hard_limit"; } && exec "$bin" serve "$build" --port "$port") 2>"$work/server.log" &
server=$!
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do curl -fso /dev/null "http://127.0.0.1:$port/" && break; sleep 0.05; done
limits=$(grep 'open files' /proc/$server/limits | awk '{print $4 " (hard " $5 ")"}')
echo "docsite serve (started at soft open-file limit $nofile; after start-up $limits) vs $connections slow connections for ${duration}s"

cat >"$work/slowloris.py" <<'PY'
import asyncio, resource, socket, sys, time
mode, port, connections, duration = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
end = time.monotonic() + duration

def attack():
    # The slow crowd, in its own process: its event loop, busy with thousands of sockets,
    # must not delay the normal client's requests (that would measure Python, not the server).
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, connections + 1024), hard))
    stats = {"closed": 0, "refused": 0}

    async def slow_client():
        while time.monotonic() < end:
            try:
                r, w = await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                stats["refused"] += 1
                await asyncio.sleep(0.2)
                continue
            try:
                w.write(b"GET / HTTP/1.1\r\nHost: x\r\n")
                await w.drain()
                while time.monotonic() < end:
                    await asyncio.sleep(1)
                    w.write(b"X-Slow: 1\r\n")
                    await w.drain()
                    # The server closing the connection shows up as EOF or a reset.
                    try:
                        data = await asyncio.wait_for(r.read(1), 0.001)
                        if data == b"":
                            raise ConnectionResetError
                    except asyncio.TimeoutError:
                        pass
            except (OSError, ConnectionError):
                stats["closed"] += 1
            finally:
                w.close()

    async def main():
        await asyncio.gather(*[slow_client() for _ in range(connections)], return_exceptions=True)
    asyncio.run(main())
    print(f"slow connections closed by the server: {stats['closed']}; connect errors: {stats['refused']}")

def normal():
    # A normal client in a process of its own: a page every 100 ms, each within 5 s.
    time.sleep(2)  # let the crowd connect first
    latencies, failures = [], []
    while time.monotonic() < end:
        t = time.monotonic()
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
                s.settimeout(max(0.01, 5 - (time.monotonic() - t)))
                s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                reply = b""
                while True:
                    s.settimeout(max(0.01, 5 - (time.monotonic() - t)))
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    reply += chunk
            if not reply.startswith(b"HTTP/1.1 200"):
                raise RuntimeError(reply[:40])
            latencies.append(time.monotonic() - t)
        except Exception as e:
            failures.append(f"after {time.monotonic() - t:.2f} s: {e!r}")
        time.sleep(0.1)
    latencies.sort()
    pct = lambda p: latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000 if latencies else float("nan")
    print(f"normal requests: {len(latencies)} ok, {len(failures)} failed; latency p50 {pct(0.5):.1f} ms, p99 {pct(0.99):.1f} ms, max {pct(1.0):.1f} ms")
    if failures:
        print("failures:", failures[:5])
        sys.exit(1)
    if not latencies:
        sys.exit(1)

attack() if mode == "attack" else normal()
PY
python3 "$work/slowloris.py" attack "$port" "$connections" "$duration" >"$work/attack.log" &
attack=$!
status=0
python3 "$work/slowloris.py" normal "$port" "$connections" "$duration" || status=$?
wait "$attack" || true
cat "$work/attack.log"
exit "$status"
