#!/usr/bin/env bash
# Scale-out harness: N corpus-mcp replicas on loopback behind nginx (deploy/nginx/corpus-mcp.conf),
# 64 concurrent MCP clients for a bounded time, one replica killed half-way; prints the driver's
# summary (requests, errors, re-initializes, p50/p99, per-replica spread) as one JSON line.
#
#   scripts/scale-out.sh [--replicas N] [--duration SECONDS] [--clients C] [--era legacy|modern]
#                        [--kill-signal KILL|TERM|none] [--timeout SECONDS] [--dist DIR] [--keep]
#
# Defaults: 3 replicas, 30 s, 64 clients, legacy, KILL (a crash), 60 s per request. The distribution must be built
# (mvn -B -pl distribution -am package); --dist points elsewhere. Needs nginx and node on PATH.
# Logs and the generated nginx files go to a temporary directory, printed at the start; --keep
# leaves it in place.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
replicas=3
duration=30
clients=64
era=legacy
kill_signal=KILL
timeout=60
dist="$repo/distribution/target/corpus-mcp"
keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --replicas) replicas=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    --clients) clients=$2; shift 2 ;;
    --era) era=$2; shift 2 ;;
    --kill-signal) kill_signal=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --dist) dist=$2; shift 2 ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "scale-out: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ "$replicas" -ge 1 ] || { echo "scale-out: --replicas must be at least 1" >&2; exit 2; }
[ -x "$dist/bin/corpus-mcp" ] || { echo "scale-out: no distribution at $dist (build it, or --dist)" >&2; exit 2; }
command -v nginx >/dev/null || { echo "scale-out: nginx is not installed (apt-get install nginx-light)" >&2; exit 2; }
command -v node >/dev/null || { echo "scale-out: node is not installed" >&2; exit 2; }

work=$(mktemp -d /tmp/corpus-mcp-scale-out.XXXXXX)
echo "scale-out: working directory $work" >&2
pids=()
nginx_pid=""
cleanup() {
  for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  if [ -n "$nginx_pid" ]; then kill -QUIT "$nginx_pid" 2>/dev/null || true; fi
  wait 2>/dev/null || true
  if [ "$keep" = 0 ]; then rm -rf "$work"; fi
}
trap cleanup EXIT

# Replicas: each picks a free port (--port 0) and announces it on stderr.
ports=()
for i in $(seq 1 "$replicas"); do
  MCP_REPLICA_ID="r$i" CORPUS_MCP_CDS=off "$dist/bin/corpus-mcp" serve --http --port 0 \
    </dev/null >"$work/replica-$i.out" 2>"$work/replica-$i.log" &
  pids+=($!)
done
for i in $(seq 1 "$replicas"); do
  port=""
  for _ in $(seq 1 240); do
    port=$(sed -n 's|.*MCP endpoint: http://127\.0\.0\.1:\([0-9]*\)/mcp.*|\1|p' "$work/replica-$i.log" | head -1)
    [ -n "$port" ] && break
    kill -0 "${pids[$((i - 1))]}" 2>/dev/null || break
    sleep 0.5
  done
  [ -n "$port" ] || { echo "scale-out: replica $i did not start:" >&2; cat "$work/replica-$i.log" >&2; exit 1; }
  ports+=("$port")
done

# nginx: the repository's config, with the replicas file and a free listen port.
listen=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
mkdir -p "$work/nginx/logs" "$work/nginx/temp"
: >"$work/nginx/corpus-mcp-replicas.conf"
for port in "${ports[@]}"; do
  echo "server 127.0.0.1:$port max_fails=1 fail_timeout=5s;" >>"$work/nginx/corpus-mcp-replicas.conf"
done
: >"$work/nginx/corpus-mcp-session-routes.conf"
: >"$work/nginx/corpus-mcp-session-upstreams.conf"
for i in $(seq 1 "$replicas"); do
  echo "~^r$i\\.  corpus_mcp_r$i;" >>"$work/nginx/corpus-mcp-session-routes.conf"
  {
    echo "upstream corpus_mcp_r$i {"
    echo "  server 127.0.0.1:${ports[$((i - 1))]} max_fails=1 fail_timeout=5s;"
    for j in $(seq 1 "$replicas"); do
      [ "$j" = "$i" ] || echo "  server 127.0.0.1:${ports[$((j - 1))]} backup;"
    done
    echo "  keepalive 8;"
    echo "}"
  } >>"$work/nginx/corpus-mcp-session-upstreams.conf"
done
sed "s|listen 127\.0\.0\.1:8080;|listen 127.0.0.1:$listen;|" "$repo/deploy/nginx/corpus-mcp.conf" \
  >"$work/nginx/corpus-mcp.conf"
user_line=""
if [ "$(id -u)" = 0 ]; then user_line="user root;"; fi
cat >"$work/nginx/nginx.conf" <<EOF
$user_line
daemon off;
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log warn;
events { worker_connections 1024; }
http {
  log_format replicas '\$request_method \$uri session=\$http_mcp_session_id upstream=\$upstream_addr status=\$upstream_status';
  access_log $work/nginx/logs/access.log replicas;
  client_body_temp_path $work/nginx/temp/body;
  proxy_temp_path $work/nginx/temp/proxy;
  fastcgi_temp_path $work/nginx/temp/fastcgi;
  uwsgi_temp_path $work/nginx/temp/uwsgi;
  scgi_temp_path $work/nginx/temp/scgi;
  include $work/nginx/corpus-mcp.conf;
}
EOF
nginx -p "$work/nginx" -e "$work/nginx/logs/error.log" -c "$work/nginx/nginx.conf" -t 2>"$work/nginx/test.log" \
  || { cat "$work/nginx/test.log" >&2; exit 1; }
nginx -p "$work/nginx" -e "$work/nginx/logs/error.log" -c "$work/nginx/nginx.conf" 2>>"$work/nginx/logs/error.log" &
nginx_pid=$!
for _ in $(seq 1 50); do
  (exec 3<>"/dev/tcp/127.0.0.1/$listen") 2>/dev/null && break
  sleep 0.2
done
echo "scale-out: nginx on 127.0.0.1:$listen; replicas on ${ports[*]}; $clients $era clients for $duration s" >&2

# Warm-up, straight to each replica: the first calls of a fresh JVM compile the search path and
# would otherwise be measured (and a replica killed early might never have answered).
warm=()
for port in "${ports[@]}"; do
  node "$repo/e2e/clients/scale-out-driver.mjs" --url "http://127.0.0.1:$port/mcp" \
    --clients 4 --duration "${SCALE_OUT_WARMUP:-5}" --era "$era" --timeout 180 >"$work/warmup-$port.json" &
  warm+=($!)
done
for pid in "${warm[@]}"; do wait "$pid" || true; done
echo "scale-out: warmed up: $(cat "$work"/warmup-*.json | tr '\n' ' ')" >&2

node "$repo/e2e/clients/scale-out-driver.mjs" --url "http://127.0.0.1:$listen/mcp" \
  --clients "$clients" --duration "$duration" --era "$era" --timeout "$timeout" >"$work/summary.json" &
driver=$!
if [ "$kill_signal" != none ]; then
  # Half-way, but not before replica 1 has answered a call (legacy: in a session, status 200 with
  # a session id: a tools/call; notifications get 202), since on a loaded machine the first
  # answers can take seconds; so the replica killed holds sessions. Stateless calls carry no
  # session. At the latest 1 s before the end.
  answered="session=r1\..* upstream=127.0.0.1:${ports[0]} status=200"
  [ "$era" = modern ] && answered="upstream=127.0.0.1:${ports[0]} status=200"
  started=$SECONDS
  sleep $((duration / 2))
  while [ $((SECONDS - started)) -lt $((duration - 1)) ] \
      && ! grep -q "$answered" "$work/nginx/logs/access.log"; do
    sleep 0.2
  done
  kill -"$kill_signal" "${pids[0]}" 2>/dev/null || true
  echo "scale-out: sent SIG$kill_signal to replica 1 (port ${ports[0]}) at $((SECONDS - started)) s" >&2
fi
wait "$driver"
cat "$work/summary.json"
