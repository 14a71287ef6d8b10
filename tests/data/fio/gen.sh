#!/bin/sh
# gen.sh - how the fio fixtures here were made (Debian 12, fio 3.33). The
# unit tests assert the numbers of the committed files, so running this
# again means updating test_fio*.c by hand.
set -eu
out=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
F="--filename=$tmp/testfile --size=16M --ioengine=psync --runtime=1 --time_based"
q() { "$@" >/dev/null 2>&1; }

# One run written as JSON, terse and normal text: two stonewalled groups.
cat > tri.fio <<EOF
[global]
filename=$tmp/testfile
size=16M
ioengine=psync
runtime=2
time_based

[seqwrite]
rw=write
bs=128k

[randread]
stonewall
rw=randread
bs=4k
EOF
q fio --output-format=json,terse,normal --output="$out/same-run-json-terse-normal.txt" tri.fio
q fio --name=nj2 $F --rw=randread --bs=4k --numjobs=2 \
    --output-format=json,terse,normal --output="$out/numjobs2-json-terse-normal.txt"
q fio --name=nj2g $F --rw=randread --bs=4k --numjobs=2 --group_reporting \
    --output-format=json,terse,normal --output="$out/numjobs2-group-json-terse-normal.txt"
q fio --name=uni $F --rw=randrw --bs=8k --unified_rw_reporting=1 \
    --output-format=json,terse,normal --output="$out/unified-json-terse-normal.txt"
q fio --name=both $F --rw=randrw --bs=8k --unified_rw_reporting=both \
    --output-format=json,terse --output="$out/unified-both-json-terse.txt"
q fio --name=jp --filename="$tmp/testfile" --size=256k --ioengine=psync --rw=randread \
    --bs=4k --numjobs=2 --output-format=json+ --output="$out/jsonplus-numjobs2.json"
q fio --name=si --filename="$tmp/testfile" --size=16M --ioengine=psync --runtime=2 \
    --time_based --rw=randread --bs=4k --status-interval=1 --output-format=json \
    --output="$out/status-interval.json"
for v in 2 4 5; do
	q fio --name=tv$v $F --rw=randrw --bs=4k --output-format=terse --terse-version=$v \
	    --output="$out/terse-v$v.txt"
done
# Errors: fio's own message only, and a job that failed inside JSON.
fio --name=x --rw=bogus >"$out/error-only.txt" 2>&1 || true
touch notadir
fio --name=x --filename="$tmp/notadir/f" --size=1M --output-format=json \
    >"$out/error-job.json" 2>&1 || true
# Logs: averaged (log_avg_msec), per I/O, histogram.
q fio --name=avg $F --rw=randrw --bs=4k --rate_iops=2000 --write_bw_log=avg \
    --write_iops_log=avg --write_lat_log=avg --log_avg_msec=100
q fio --name=perio --filename="$tmp/testfile" --size=128k --ioengine=psync --rw=randwrite \
    --bs=4k --write_lat_log=perio --write_bw_log=perio
q fio --name=hist $F --rw=randread --bs=4k --write_hist_log=hist --log_hist_msec=500
cp avg_bw.1.log avg_iops.1.log avg_clat.1.log avg_lat.1.log perio_clat.1.log \
    perio_bw.1.log hist_clat_hist.1.log "$out/"
# Client/server through a local server.
cat > cs.fio <<EOF
[cs]
filename=$tmp/testfile
size=16M
ioengine=psync
runtime=1
time_based
rw=randread
bs=4k
numjobs=2
EOF
fio --server=ip:127.0.0.1,8765 --daemonize="$tmp/server.pid"
sleep 1
for f in json terse normal; do
	q fio --client=127.0.0.1,8765 --output-format=$f --output="$out/client-server-$f.txt" cs.fio
done
kill "$(cat "$tmp/server.pid")"
# One run of each of several modes as JSON and normal text, for the checks
# that figures agree with each other and for the truncation property of
# the normal text parser (test_fio_faults.c).
m() {
	name=$1
	shift
	q fio --name="$name" --filename="$tmp/testfile" --size=4M "$@" \
	    --output-format=json,normal --output="$out/modes-$name-json-normal.txt"
}
m libaio --rw=randwrite --bs=4k --ioengine=libaio --iodepth=8
m randrw-bs2 --rw=randrw --bs=4k,64k --ioengine=psync
m rate --rw=write --bs=4k --rate=2m --time_based --runtime=1 --ioengine=psync
m rate-iops --rw=randread --bs=4k --rate_iops=500 --time_based --runtime=1 --ioengine=psync
m lat-pct --rw=randread --bs=4k --lat_percentiles=1 --time_based --runtime=1 --ioengine=psync
m nj3 --rw=read --bs=128k --numjobs=3 --time_based --runtime=1 --ioengine=psync
m nj4-group --rw=randrw --bs=4k --numjobs=4 --time_based --runtime=1 --group_reporting \
    --ioengine=psync
m bssplit --rw=randwrite --bssplit=4k/50:64k/50 --ioengine=psync
m verify --rw=write --bs=4k --verify=crc32c --ioengine=psync
# Two runs appended to one file with >>, as scripts that loop do.
for k in 1 2; do
	fio --name=app --filename="$tmp/testfile" --size=4M --rw=read --bs=64k --ioengine=psync \
	    --output-format=json 2>/dev/null >>"$out/appended-2runs.json"
done
# Terse records of one job twice: numjobs clones, and runs appended with >>
# (the disk figures are /tmp's disk's; the page cache served the cached runs).
t() {
	name=$1
	shift
	fio --minimal --name=job1 --directory="$tmp" --size=4M --bs=4k --ioengine=psync \
	    --rw=randread "$@" 2>/dev/null >>"$out/$name"
}
t terse-numjobs2.txt --numjobs=2
t terse-appended-cached.txt
t terse-appended-cached.txt
for v in 2 4; do
	t terse-v$v-appended.txt --output-format=terse --terse-version=$v
	t terse-v$v-appended.txt --output-format=terse --terse-version=$v
done
for k in 1 2; do
	fio --minimal --directory="$tmp" --size=4M --bs=4k --ioengine=psync --direct=1 \
	    --numjobs=2 --name=A --rw=randread --name=B --rw=randwrite \
	    2>/dev/null >>"$out/terse-appended-2jobs-numjobs2.txt"
done
# Two stonewalled jobs of one name: with direct=0 and direct=1, as randread
# and randrw, and twice alike.
s() {
	name=$1
	shift
	q fio --directory="$tmp" --size=4M --ioengine=psync --bs=4k --output-format=json \
	    --output="$out/samename-$name.json" "$@"
}
s direct --rw=read --name=seq --direct=0 --name=seq --stonewall --direct=1
s randrw --name=rr --rw=randread --name=rr --stonewall --rw=randrw
s same --name=rr --rw=randread --name=rr --stonewall --rw=randread
fio --directory="$tmp" --size=4M --ioengine=psync --bs=4k --rw=read --name=seq --direct=0 \
    --name=seq --stonewall --direct=1 >"$out/samename-direct-normal.txt" 2>/dev/null
fio --minimal --directory="$tmp" --size=4M --ioengine=psync --bs=4k --name=rr --rw=randread \
    --name=rr --stonewall --rw=randrw >"$out/samename-randrw-terse.txt" 2>/dev/null
# --status-interval runs whose last snapshot falls in the run's last second.
fio --name=st --directory="$tmp" --size=8M --bs=64k --rw=write --rate=4m --ioengine=psync \
    --status-interval=1 --output-format=json >"$out/status-interval-rate.json" 2>/dev/null
fio --name=st --directory="$tmp" --size=8M --bs=64k --rw=write --rate=4m --ioengine=psync \
    --status-interval=1 --output-format=terse >"$out/status-interval-terse.txt" 2>/dev/null
fio --name=st --directory="$tmp" --size=4M --bs=64k --rw=write --rate=4m --numjobs=2 \
    --ioengine=psync --status-interval=1 --output-format=terse \
    >"$out/status-interval-nj2-terse.txt" 2>/dev/null
# One run in several outputs, and group_reporting entries whose options are
# not their own (fio_runs.sh). Each json,terse,normal output is split in
# its JSON, terse and normal text parts.
split3() {
	awk -v p="$2" 'BEGIN { m = "n" } /^\{$/ { m = "j" }
	    m == "j" { print > (p ".json"); if ($0 == "}") m = "n"; next }
	    /^[2-5];fio-/ { print > (p "-terse.txt"); next } { print > (p "-normal.txt") }' "$1"
}
for pair in "write randread-write" "read randread-read"; do
	set -- $pair
	printf '[global]\nfilename=%s/grp.dat\nsize=8M\ngroup_reporting\n[a]\nrw=randread\nbs=4k\n[b]\nrw=%s\nbs=4k\n' \
	    "$tmp" "$1" > grp.fio
	q fio --output-format=json,terse,normal --output=grp.out grp.fio
	split3 grp.out "$out/group-$2-3.33"
done
q fio --name=xf --filename="$tmp/xf.dat" --rw=write --bs=64k --size=16M \
    --output-format=json,terse --output=xf.out
split3 xf.out "$out/write-64k-run1-3.33"
fio --name=xf --filename="$tmp/xf.dat" --rw=write --bs=64k --size=16M --output-format=terse \
    >"$out/write-64k-run2-3.33-terse.txt" 2>/dev/null
q fio --name=vw --filename="$tmp/vw.dat" --rw=write --bs=64k --size=16M --verify=md5 \
    --output-format=json,terse --output=vw.out
split3 vw.out "$out/verify-md5-3.33"
# A JSON and the logs its run wrote; normal text and its bw log (fio-log/jsonlog).
L="$out/../fio-log/jsonlog"
(cd "$L/run1" && q fio --name=wb --filename="$tmp/wb.dat" --rw=write --bs=64k --size=4M \
    --rate=8m --write_bw_log=wb --write_iops_log=wb --write_lat_log=wb --log_avg_msec=100 \
    --output-format=json --output=wb.json && rm -f wb_lat.1.log wb_slat.1.log)
(cd "$L/run2" && q fio --name=wb --filename="$tmp/wb.dat" --rw=write --bs=64k --size=4M \
    --rate=8m --write_bw_log=wb --log_avg_msec=100 --output=wb.txt)
