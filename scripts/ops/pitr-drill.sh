#!/usr/bin/env bash
# `npm run db:pitr-drill`: rehearses point-in-time recovery exactly as docs/operations.md describes
# it, on a throwaway PostgreSQL cluster (Debian's server binaries, a temporary directory, port
# $PITR_DRILL_PORT): WAL archiving on, a base backup, a write, a mistaken delete, then a restore of
# the base backup replayed from the archive up to the moment before the delete. Fails unless the
# rows the delete removed are back. Touches no other PostgreSQL.
set -euo pipefail

PORT="${PITR_DRILL_PORT:-47014}"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  echo "PostgreSQL server binaries not found under /usr/lib/postgresql/<version>/bin: apt-get install -y postgresql" >&2
  exit 1
fi
# The server refuses to run as root: run it as the postgres OS user then.
AS=()
if [ "$(id -u)" = 0 ]; then AS=(runuser -u postgres --); fi

DIR="$(mktemp -d /tmp/pitr-drill-XXXXXX)"
[ "$(id -u)" = 0 ] && chown postgres:postgres "$DIR"
cleanup() {
  for data in "$DIR/primary" "$DIR/restored"; do
    [ -f "$data/postmaster.pid" ] && "${AS[@]}" "$BIN/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
  done
  rm -rf "$DIR"
}
trap cleanup EXIT
psql_() { psql -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -qAt -c "$1"; }

"${AS[@]}" mkdir "$DIR/archive"
"${AS[@]}" "$BIN/initdb" -D "$DIR/primary" -U postgres --auth=trust --no-sync >/dev/null
"${AS[@]}" tee -a "$DIR/primary/postgresql.conf" >/dev/null <<CONF
port = $PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '$DIR'
wal_level = replica
archive_mode = on
archive_command = 'test ! -f $DIR/archive/%f && cp %p $DIR/archive/%f'
CONF
"${AS[@]}" "$BIN/pg_ctl" -D "$DIR/primary" -l "$DIR/primary.log" -w start >/dev/null

psql_ "create table drill (id int primary key); insert into drill select generate_series(1, 100)"
echo "1. base backup"
"${AS[@]}" "$BIN/pg_basebackup" -h 127.0.0.1 -p "$PORT" -U postgres -D "$DIR/base" -Ft -z -X stream -c fast
psql_ "insert into drill select generate_series(101, 150)"
TARGET="$(psql_ "select now()")"
sleep 1
echo "2. a mistaken delete after $TARGET"
psql_ "delete from drill"
psql_ "select pg_switch_wal()" >/dev/null
# Wait until the segment holding the delete is archived.
for _ in $(seq 1 50); do
  [ "$(psql_ "select coalesce(last_archived_wal, '') >= pg_walfile_name(pg_current_wal_lsn() - 1) from pg_stat_archiver")" = t ] && break
  sleep 0.2
done
"${AS[@]}" "$BIN/pg_ctl" -D "$DIR/primary" -m fast -w stop >/dev/null

echo "3. restore the base backup and replay the archive up to $TARGET"
"${AS[@]}" mkdir -m 700 "$DIR/restored"
"${AS[@]}" tar -xzf "$DIR/base/base.tar.gz" -C "$DIR/restored"
"${AS[@]}" tee -a "$DIR/restored/postgresql.auto.conf" >/dev/null <<CONF
restore_command = 'cp $DIR/archive/%f %p'
recovery_target_time = '$TARGET'
recovery_target_action = 'promote'
CONF
"${AS[@]}" touch "$DIR/restored/recovery.signal"
"${AS[@]}" "$BIN/pg_ctl" -D "$DIR/restored" -l "$DIR/restored.log" -w start >/dev/null
for _ in $(seq 1 50); do
  [ "$(psql_ "select pg_is_in_recovery()")" = f ] && break
  sleep 0.2
done

ROWS="$(psql_ "select count(*) from drill")"
if [ "$ROWS" != 150 ]; then
  echo "PITR drill FAILED: expected 150 rows back, found $ROWS" >&2
  tail -n 20 "$DIR/restored.log" >&2
  exit 1
fi
echo "PITR drill passed: all 150 rows back as they were at $TARGET, the delete undone."
