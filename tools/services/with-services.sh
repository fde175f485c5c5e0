#!/usr/bin/env bash
# Runs a command with throwaway PostgreSQL + unleash-server instances on loopback:
#
#   bash tools/services/with-services.sh pnpm vitest run
#
# 1. initialises a PostgreSQL cluster in a temporary directory (as the `postgres` user when run as
#    root), starts it on 127.0.0.1 on a free port and creates the database `unleash`;
# 2. installs unleash-server on first use (pinned by tools/services/unleash/package-lock.json, `npm ci`
#    into tools/services/unleash/node_modules, outside the pnpm workspace so that `pnpm install` for the
#    demo never fetches its ~400 packages), then starts it on another free port with
#    CHECK_VERSION=false, SEND_TELEMETRY=false and an admin + a client API token, and waits for /health;
# 3. exports UNLEASH_URL (client API base, ends in /api), UNLEASH_API_TOKEN (client token),
#    UNLEASH_ADMIN_URL (server root), UNLEASH_ADMIN_TOKEN (admin token) and runs the command;
# 4. stops both and removes the directory on exit, whatever happened, and exits with the command's status.
#
# Anything that cannot start is a loud failure (exit 1 with the server's log tail): CI never skips silently.
# Set ROOTWEAVER_SERVICES_KEEP=1 to keep the temporary directory (logs) for debugging.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if [ "$#" -eq 0 ]; then
  echo "usage: bash tools/services/with-services.sh <command> [args...]" >&2
  exit 2
fi

log() { printf '[with-services] %s\n' "$*" >&2; }
fail() {
  log "FAILED: $*"
  exit 1
}

# --- locate PostgreSQL ------------------------------------------------------------------------------
pg_bin="${ROOTWEAVER_PG_BIN:-}"
if [ -z "$pg_bin" ]; then
  for candidate in /usr/lib/postgresql/15/bin $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -rV); do
    if [ -x "$candidate/initdb" ] && [ -x "$candidate/pg_ctl" ]; then
      pg_bin="$candidate"
      break
    fi
  done
fi
if [ -z "$pg_bin" ] && command -v initdb >/dev/null 2>&1; then
  pg_bin="$(dirname "$(command -v initdb)")"
fi
[ -n "$pg_bin" ] || fail "PostgreSQL server binaries not found (looked in /usr/lib/postgresql/*/bin and PATH). Install them: apt-get install -y postgresql"

unleash_dir="$here/unleash"
unleash_entry="$unleash_dir/node_modules/unleash-server/dist/server.js"
unleash_version="$(node -p "require('$unleash_dir/package.json').dependencies['unleash-server']")"
installed_version="$(node -p "try { require('$unleash_dir/node_modules/unleash-server/package.json').version } catch { '' }" 2>/dev/null || true)"
if [ ! -f "$unleash_entry" ] || [ "$installed_version" != "$unleash_version" ]; then
  log "installing unleash-server $unleash_version into $unleash_dir (npm ci, once) ..."
  # No install scripts: unleash-server needs none (its optional native extras are not used here).
  (cd "$unleash_dir" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2) ||
    fail "could not install unleash-server $unleash_version with npm ci in $unleash_dir (the npm registry must be reachable)"
fi
[ -f "$unleash_entry" ] || fail "unleash-server is not installed at $unleash_entry"

free_port() {
  node -e 'const s=require("node:net").createServer();s.listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port));s.close();});'
}

# --- run as the postgres user when we are root (PostgreSQL refuses to run as root) -----------------
as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}
if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
  fail "running as root but there is no 'postgres' user to run PostgreSQL as (create it: useradd --system postgres)"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/rw-services.XXXXXX")"
chmod 755 "$work"
if [ "$(id -u)" -eq 0 ]; then chown postgres "$work"; fi

pg_data="$work/pgdata"
pg_log="$work/postgres.log"
unleash_log="$work/unleash.log"
pg_port="$(free_port)"
unleash_port="$(free_port)"
while [ "$unleash_port" = "$pg_port" ]; do unleash_port="$(free_port)"; done
unleash_pid=""
pg_started=0

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  if [ -n "$unleash_pid" ] && kill -0 "$unleash_pid" 2>/dev/null; then
    kill -TERM "$unleash_pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$unleash_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$unleash_pid" 2>/dev/null || true
    wait "$unleash_pid" 2>/dev/null || true
  fi
  if [ "$pg_started" -eq 1 ]; then
    as_postgres "$pg_bin/pg_ctl" -D "$pg_data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  if [ "${ROOTWEAVER_SERVICES_KEEP:-0}" = "1" ]; then
    log "kept $work"
  else
    rm -rf "$work"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- PostgreSQL -------------------------------------------------------------------------------------
log "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') from $pg_bin on 127.0.0.1:$pg_port"
as_postgres "$pg_bin/initdb" -D "$pg_data" -U postgres -A trust --no-sync -E UTF8 --locale=C >"$work/initdb.log" 2>&1 ||
  { tail -n 30 "$work/initdb.log" >&2; fail "initdb"; }
as_postgres "$pg_bin/pg_ctl" -D "$pg_data" -l "$pg_log" -w -t 60 \
  -o "-h 127.0.0.1 -p $pg_port -k $work -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null ||
  { tail -n 30 "$pg_log" >&2; fail "PostgreSQL did not start"; }
pg_started=1
as_postgres "$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U postgres unleash ||
  { tail -n 30 "$pg_log" >&2; fail "createdb unleash"; }

# --- unleash-server ---------------------------------------------------------------------------------
secret="$(node -e 'process.stdout.write(require("node:crypto").randomBytes(12).toString("hex"))')"
admin_token="*:*.rw-admin-$secret"
client_token="default:development.rw-client-$secret"
log "unleash-server $unleash_version on 127.0.0.1:$unleash_port"
(
  cd "$work"
  exec env \
    HTTP_HOST=127.0.0.1 HTTP_PORT="$unleash_port" \
    DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/unleash" DATABASE_SSL=false \
    CHECK_VERSION=false SEND_TELEMETRY=false SCARF_ANALYTICS=false DO_NOT_TRACK=1 \
    INIT_ADMIN_API_TOKENS="$admin_token" INIT_CLIENT_API_TOKENS="$client_token" \
    LOG_LEVEL="${UNLEASH_LOG_LEVEL:-warn}" TZ=UTC NODE_ENV=production \
    node "$unleash_entry"
) >"$unleash_log" 2>&1 &
unleash_pid=$!

health_url="http://127.0.0.1:$unleash_port/health"
deadline=$(($(date +%s) + ${ROOTWEAVER_SERVICES_TIMEOUT:-180}))
until node -e 'fetch(process.argv[1]).then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))' "$health_url"; do
  if ! kill -0 "$unleash_pid" 2>/dev/null; then
    tail -n 40 "$unleash_log" >&2
    fail "unleash-server exited during start-up"
  fi
  if [ "$(date +%s)" -ge "$deadline" ]; then
    tail -n 40 "$unleash_log" >&2
    fail "unleash-server not healthy at $health_url after ${ROOTWEAVER_SERVICES_TIMEOUT:-180}s"
  fi
  sleep 1
done
# The init tokens are created just after the server becomes healthy: wait until the client token works.
until node -e 'fetch(process.argv[1],{headers:{Authorization:process.argv[2]}}).then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))' \
  "http://127.0.0.1:$unleash_port/api/client/features" "$client_token"; do
  if [ "$(date +%s)" -ge "$deadline" ]; then
    tail -n 40 "$unleash_log" >&2
    fail "unleash-server did not accept the client API token"
  fi
  sleep 1
done
log "ready: PostgreSQL :$pg_port, Unleash :$unleash_port"

export UNLEASH_URL="http://127.0.0.1:$unleash_port/api"
export UNLEASH_API_TOKEN="$client_token"
export UNLEASH_ADMIN_URL="http://127.0.0.1:$unleash_port"
export UNLEASH_ADMIN_TOKEN="$admin_token"
export ROOTWEAVER_SERVICES_DIR="$work"

# The command runs in the background and the script waits for it, so that SIGINT/SIGTERM reach the traps
# at once (bash defers traps while a foreground command runs). Either stops the command with SIGTERM (a
# background job of a non-interactive shell ignores SIGINT), then the EXIT trap stops both servers.
command_pid=""
stop_command() {
  if [ -n "$command_pid" ] && kill -0 "$command_pid" 2>/dev/null; then
    kill -TERM "$command_pid" 2>/dev/null || true
    wait "$command_pid" 2>/dev/null || true
  fi
}
trap 'stop_command; exit 130' INT
trap 'stop_command; exit 143' TERM
"$@" &
command_pid=$!
status=0
wait "$command_pid" || status=$?
command_pid=""
exit "$status"
