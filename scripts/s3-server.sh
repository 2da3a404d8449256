#!/usr/bin/env bash
# A real S3-compatible server on this machine for the tests and benchmarks of the S3 path: Ceph's
# RADOS Gateway over a one-node cluster (one monitor, one OSD keeping its data in memory). Ready in
# a few seconds; everything lives under <dir>, and `stop` leaves nothing running.
#
#   bash scripts/s3-server.sh start <dir> <mon-port> <s3-port> <access-key> <secret-key>
#   bash scripts/s3-server.sh stop <dir>
#
# `start` returns once the daemons run (the gateway answers a moment later). Installed by scripts/setup-system.sh
# (radosgw, ceph-mon, ceph-osd).
set -euo pipefail

stop() {
  local dir=$1
  # The data lives in memory and goes with the daemons: nothing to save, so no need to ask politely.
  for pidfile in "$dir"/run/*.pid; do
    [ -e "$pidfile" ] && kill -9 "$(cat "$pidfile")" 2> /dev/null || true
  done
  rm -rf "$dir"
}

start() {
  local dir=$1 mon_port=$2 s3_port=$3 access_key=$4 secret_key=$5
  rm -rf "$dir"
  mkdir -p "$dir/mon" "$dir/osd" "$dir/run" "$dir/log"
  local conf="$dir/ceph.conf" fsid
  fsid=$(cat /proc/sys/kernel/random/uuid)
  cat > "$conf" << EOF
[global]
fsid = $fsid
mon host = 127.0.0.1:$mon_port
mon initial members = a
run dir = $dir/run
pid file = $dir/run/\$name.pid
admin socket = $dir/run/\$name.asok
log file = $dir/log/\$name.log
log to stderr = false
err to stderr = true
auth cluster required = none
auth service required = none
auth client required = none
ms mon client mode = crc secure
mon allow pool size one = true
mon allow pool delete = true
mon warn on pool no redundancy = false
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 1
osd pool default pgp num = 1
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
paxos propose interval = 0.05
paxos min wait = 0.01
mon data = $dir/mon
mon max pg per osd = 1000

[osd]
osd objectstore = memstore
memstore device bytes = ${S3_MEMSTORE_BYTES:-8589934592}
osd data = $dir/osd
osd journal size = 0

[client.rgw]
rgw frontends = beast endpoint=127.0.0.1:$s3_port
rgw data = $dir/rgw
rgw dns name = localhost
rgw thread pool size = 64
rgw enable usage log = false
# Deleted objects' data goes at once: a memory-backed store would otherwise fill up with the
# garbage of a long run (the defaults wait two hours, then sweep hourly).
rgw gc obj min wait = 0
rgw gc processor period = 5
EOF
  monmaptool --create --add a "127.0.0.1:$mon_port" --fsid "$fsid" "$dir/monmap" > /dev/null
  ceph-mon -c "$conf" --mkfs -i a --monmap "$dir/monmap" > /dev/null
  ceph-mon -c "$conf" -i a
  local osd osd_uuid
  osd_uuid=$(cat /proc/sys/kernel/random/uuid)
  osd=$(ceph -c "$conf" osd create "$osd_uuid")
  ceph-osd -c "$conf" -i "$osd" --mkfs --osd-uuid "$osd_uuid" > /dev/null 2>&1
  ceph-osd -c "$conf" -i "$osd"
  mkdir -p "$dir/rgw"
  radosgw -c "$conf" -n client.rgw
  radosgw-admin -c "$conf" user create --uid proofroom --display-name Proofroom \
    --access-key "$access_key" --secret-key "$secret_key" > /dev/null
  echo "started"
}

case "${1:-}" in
  start) shift && start "$@" ;;
  stop) shift && stop "$@" ;;
  *)
    echo "usage: $0 start <dir> <mon-port> <s3-port> <access-key> <secret-key> | stop <dir>" >&2
    exit 2
    ;;
esac
