#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL on loopback, then stops it by PID.
#   scripts/with-postgres.sh npm run test:integration
# The command sees TEST_DATABASE_URL. Needs Debian's postgresql package (PostgreSQL 15 or later).
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ] || [ ! -x "$bin/postgres" ]; then
  echo "PostgreSQL is not installed: apt-get install -y postgresql" >&2
  exit 1
fi

# The first free port from 55432, unless PG_TEST_PORT names one.
port=${PG_TEST_PORT:-}
if [ -z "$port" ]; then
  for candidate in $(seq 55432 55462); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then
      port=$candidate
      break
    fi
  done
fi
dir=$(mktemp -d /tmp/kestrel-pg.XXXXXX)
password=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
as_owner=()
if [ "$(id -u)" = 0 ]; then
  # initdb refuses to run as root; the cluster belongs to the postgres user.
  chown postgres "$dir"
  as_owner=(runuser -u postgres --)
fi

echo "$password" > "$dir/pwfile"
chmod 600 "$dir/pwfile"
[ "$(id -u)" = 0 ] && chown postgres "$dir/pwfile"
"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U kestrel --pwfile="$dir/pwfile" -A scram-sha-256 \
  --encoding=UTF8 --locale=C.UTF-8 > "$dir/initdb.log"
"${as_owner[@]}" "$bin/postgres" -D "$dir/data" -h 127.0.0.1 -p "$port" -k "$dir" \
  -c fsync=off -c synchronous_commit=off > "$dir/postgres.log" 2>&1 &
pid=$!

stop() {
  # Fast shutdown of the postmaster itself (SIGINT), then wait for the wrapper to end.
  postmaster=$(head -n 1 "$dir/data/postmaster.pid" 2>/dev/null || true)
  [ -n "$postmaster" ] && kill -INT "$postmaster" 2>/dev/null || true
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$dir"
}
trap stop EXIT

for _ in $(seq 1 50); do
  "$bin/pg_isready" -h 127.0.0.1 -p "$port" -q && break
  sleep 0.2
done
"$bin/pg_isready" -h 127.0.0.1 -p "$port" -q || { cat "$dir/postgres.log" >&2; exit 1; }

PGPASSWORD=$password "$bin/createdb" -h 127.0.0.1 -p "$port" -U kestrel kestrel_test
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') ready on 127.0.0.1:$port (pid $pid)"

TEST_DATABASE_URL="postgres://kestrel:$password@127.0.0.1:$port/kestrel_test" "$@"
