# runner_bonnie.sh - bonnie++ with a test file under twice the RAM is told of
# half the test size as its RAM (-r) only when that is made true: it runs in
# a cgroup v2 of the run's own with memory.max at that half, and on ZFS with
# the ARC capped at it, every step undone on every exit and signal; where
# that cannot be done the run refuses unless --bonnie-cached (outside audit
# C21). A fake /sys and /proc (ENCBENCH_SYSFS, ENCBENCH_PROCFS) and PATH
# stubs stand for the kernel, ZFS and bonnie++.
. tests/e2e/lib.sh
RUNNER=${RUNNER:-$(pwd)/runner/encbench-run}
TMPDIR=$TMP
export TMPDIR

SYSD=$TMP/sys PROCD=$TMP/proc
CG=$SYSD/fs/cgroup ZP=$SYSD/module/zfs/parameters ARC=$PROCD/spl/kstat/zfs/arcstats
mkdir -p "$CG" "$ZP" "${ARC%/*}" "$TMP/stub" "$TMP/T" "$TMP/Z"
fake_machine() { # MemTotal in kB, the cgroup controllers
	printf 'MemTotal:       %s kB\n' "$1" > "$PROCD/meminfo"
	printf '%s\n' "$2" > "$CG/cgroup.subtree_control"
	echo 0 > "$ZP/zfs_arc_max"
	echo 0 > "$ZP/zfs_arc_min"
	printf 'c_min                           4    1073741824\nc_max                           4    8589934592\n' > "$ARC"
}

# bonnie++ notes its arguments, its PID, what its cgroup holds and the
# undo file while it runs, then prints a CSV line (or waits, with SLOW).
cat > "$TMP/stub/bonnie++" <<EOF
#!/bin/sh
n=\$(ls "$TMP"/calls.* 2>/dev/null | wc -l)
c=$TMP/calls.\$((n + 1))
echo "args \$*" > "\$c"
echo "pid \$\$" >> "\$c"
for g in "$CG"/encbench-*; do
	[ -d "\$g" ] || continue
	echo "cgroup \${g##*/} procs \$(cat "\$g/cgroup.procs") memory.max \$(cat "\$g/memory.max")" >> "\$c"
done
echo "zfs_arc_max \$(cat "$ZP/zfs_arc_max") zfs_arc_min \$(cat "$ZP/zfs_arc_min")" >> "\$c"
cat "$TMP"/encbench-run-undo.* 2>/dev/null | tr '\037' ' ' | sed 's/^/undo /' >> "\$c"
if [ -n "\${SLOW:-}" ]; then echo \$\$ > "$TMP/bonnie.pid"; exec sleep 60; fi
echo "2.00,2.00,h,1,1,256M,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,"
EOF
# A cgroup's files go with it: rmdir in the fake /sys/fs/cgroup removes
# them first, as the kernel's does.
REAL_RMDIR=$(command -v rmdir)
cat > "$TMP/stub/rmdir" <<EOF
#!/bin/sh
case \$1 in "$CG"/*) rm -f "\$1"/cgroup.procs "\$1"/memory.max ;; esac
exec "$REAL_RMDIR" "\$@"
EOF
# ZFS's ARC takes zfs_arc_min and zfs_arc_max as OpenZFS 2.1-2.2's
# arc_tuning_update() does, arcstats showing what is in force: each write
# is accepted, and a value it does not take is silently ignored. arc_c_min
# takes zfs_arc_min from 32 MiB up to arc_c_max, then arc_c_max takes
# zfs_arc_max from 64 MiB up to below the RAM when it is above arc_c_min;
# 0 (the parameters' own value) changes nothing while ZFS runs (zfs(4):
# "It cannot be set back to 0 while running").
arc_follows() {
	: > "$TMP/arc-on"
	(cmin=1073741824 cmax=8589934592
	ram=$(($(awk '/^MemTotal:/ { print $2 }' "$PROCD/meminfo") * 1024))
	while [ -e "$TMP/arc-on" ]; do
		lo=$(cat "$ZP/zfs_arc_min") hi=$(cat "$ZP/zfs_arc_max")
		# A write caught half done (the file emptied) is read next time.
		case $lo$hi in "" | *[!0-9]*) lo=0 hi=0 ;; esac
		case $lo in "") lo=0 ;; esac
		case $hi in "") hi=0 ;; esac
		[ "$lo" = 0 ] || [ "$lo" -lt 33554432 ] || [ "$lo" -gt "$cmax" ] || cmin=$lo
		[ "$hi" = 0 ] || [ "$hi" -lt 67108864 ] || [ "$hi" -ge "$ram" ] || [ "$hi" -le "$cmin" ] || cmax=$hi
		printf 'c_min                           4    %s\nc_max                           4    %s\n' "$cmin" "$cmax" > "$ARC.new"
		mv "$ARC.new" "$ARC"
		sleep 0.02
	done) &
	arcpid=$!
}
arc_stops() { rm -f "$TMP/arc-on"; wait "$arcpid" 2>/dev/null; }
# findmnt puts $TMP/Z on ZFS, the rest where it is.
REAL_FINDMNT=$(command -v findmnt)
cat > "$TMP/stub/findmnt" <<EOF
#!/bin/sh
for a in "\$@"; do last=\$a; done
case \$last in
"$TMP/Z"*) case " \$* " in *" FSTYPE "*) echo zfs ;; *) echo tank/data ;; esac ;;
"$TMP/M"*) echo tmpfs ;;
*) exec "$REAL_FINDMNT" "\$@" ;;
esac
EOF
printf '#!/bin/sh\necho off\n' > "$TMP/stub/zfs"
chmod +x "$TMP/stub/bonnie++" "$TMP/stub/rmdir" "$TMP/stub/findmnt" "$TMP/stub/zfs"

bonnie_run() { # extra args; the dir backend with bonnie++ alone; sets rc
	rm -f "$TMP"/calls.*
	PATH="$TMP/stub:$PATH" ENCBENCH_SYSFS=$SYSD ENCBENCH_PROCFS=$PROCD "$RUNNER" --backend dir \
		--tests bonnie --reps 1 "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
}
norm() { sed -e 's/encbench-[0-9]\{14\}-[0-9]*/P/g' -e "s|$TMP|T|g" "$@"; }
if [ "$(id -u)" = 0 ]; then U=" -u root"; else U=""; fi

# ---- 1. a file under twice the RAM: bonnie++ in a cgroup of half the size

fake_machine 1048576 "cpu io memory pids"	# 1 GiB of RAM
bonnie_run --size 256M --target none="$TMP/T" --out "$TMP/R1"
expect_rc "bonnie++ under twice the RAM with a memory cgroup runs" 0
[ -s "$TMP/calls.1" ] && [ -s "$TMP/calls.2" ] && [ ! -e "$TMP/calls.3" ] && pass "bonnie++ ran twice (warm-up and rep 1)" ||
	fail "bonnie++ ran twice (warm-up and rep 1)"
[ "$(sed -n 's/^args //p' "$TMP/calls.2" | norm)" = "-q -d T/T/P -s 256 -r 128 -n 1$U" ] &&
	pass "bonnie++ is told of 128 MiB of RAM for its 256 MiB file" || { fail "bonnie++'s command line"; cat "$TMP/calls.2"; }
pid=$(sed -n 's/^pid //p' "$TMP/calls.2")
[ "$(grep '^cgroup ' "$TMP/calls.2" | norm)" = "cgroup P-bonnie procs $pid memory.max 134217728" ] &&
	pass "bonnie++ itself runs in the run's cgroup, memory.max 134217728 (128 MiB)" || { fail "bonnie++ runs in the cgroup"; cat "$TMP/calls.2"; }
[ "$(grep '^undo cgroup' "$TMP/calls.2" | norm)" = "undo cgroup T/sys/fs/cgroup/P-bonnie" ] &&
	pass "the cgroup's removal is an undo step, kept as data" || { fail "the cgroup's undo step"; cat "$TMP/calls.2"; }
[ -z "$(ls -A "$CG" | grep -v cgroup.subtree_control)" ] && pass "the cgroup is gone after the run" || fail "the cgroup is gone after the run"
grep -qF '"bonnie_ram_mb": 128, "bonnie_reads_may_be_cached": false, "bonnie_read_cache": "bonnie++ in a cgroup v2 of its own with memory.max of half the test size (its -r)", "bonnie_memory_max": 134217728, "bonnie_arc_max": null' "$TMP/R1/meta.json" &&
	pass "meta.json says how bonnie++ reads were kept out of memory" || { fail "meta.json's bonnie++ settings"; grep -o '"bonnie[^}]*' "$TMP/R1/meta.json"; }
"$RUNNER" --backend dir --tests bonnie --size 256M --reps 1 --target none="$TMP/T" --dry-run \
	>"$TMP/out" 2>"$TMP/err" </dev/null
# The plan prints the same steps (on this machine's /sys).
grep -q "^mkdir /sys/fs/cgroup/encbench-[0-9]*-[0-9]*-bonnie$" "$TMP/out" && grep -q "^echo 134217728 > /sys/fs/cgroup/encbench-[0-9]*-[0-9]*-bonnie/memory.max$" "$TMP/out" &&
	grep -q "^rmdir /sys/fs/cgroup/encbench-[0-9]*-[0-9]*-bonnie$" "$TMP/out" &&
	pass "--dry-run prints the cgroup, its memory.max and its removal" || fail "--dry-run prints the cgroup steps"

# Audit 10, H13: folders on tmpfs are memory itself; meta.json says that
# nothing was held there, and that bonnie++ reads memory.
mkdir -p "$TMP/M/n" "$TMP/M/e"
fake_machine 1048576 "cpu io memory pids"
bonnie_run --size 256M --target none="$TMP/M/n" --target aes-256-gcm="$TMP/M/e" --out "$TMP/R1m"
expect_rc "bonnie++ on two tmpfs folders runs" 0
! grep -q '^cgroup' "$TMP/calls.2" && pass "no cgroup is made for tmpfs folders" || fail "no cgroup is made for tmpfs folders"
grep -qF '"bonnie_reads_may_be_cached": true, "bonnie_read_cache": "none: every folder is on tmpfs or ramfs, which is memory, so bonnie++ reads memory whatever is held", "bonnie_memory_max": null, "bonnie_arc_max": null' "$TMP/R1m/meta.json" &&
	pass "meta.json says nothing was held and reads are memory's" || { fail "meta.json of bonnie++ on tmpfs"; grep -o '"bonnie[^}]*' "$TMP/R1m/meta.json"; }
bonnie_run --size 256M --target none="$TMP/M/n" --target aes-256-gcm="$TMP/T" --out "$TMP/R1n"
expect_rc "bonnie++ on a tmpfs and a disk folder runs" 0
grep -qF '"bonnie_reads_may_be_cached": false, "bonnie_read_cache": "bonnie++ in a cgroup v2 of its own with memory.max of half the test size (its -r); nothing for the folders on tmpfs or ramfs, which are memory", "bonnie_memory_max": 134217728' "$TMP/R1n/meta.json" &&
	pass "meta.json says which folders were held" || { fail "meta.json of bonnie++ on tmpfs and disk"; grep -o '"bonnie[^}]*' "$TMP/R1n/meta.json"; }

# ---- 2. ZFS: the ARC is capped at the same half and restored

fake_machine 1048576 "cpu io memory pids"
arc_follows
bonnie_run --size 256M --target none="$TMP/Z" --out "$TMP/R2"
arc_stops
expect_rc "bonnie++ on ZFS runs" 0
[ "$(grep '^zfs_arc' "$TMP/calls.1")" = "zfs_arc_max 134217728 zfs_arc_min 33554432" ] &&
	pass "during bonnie++ the ARC is capped at 128 MiB, its minimum lowered to 32 MiB" || { fail "the ARC cap"; cat "$TMP/calls.1"; }
[ "$(grep '^undo sysfs' "$TMP/calls.1" | norm)" = "undo sysfs T/sys/module/zfs/parameters/zfs_arc_min 0
undo sysfs T/sys/module/zfs/parameters/zfs_arc_min 1073741824
undo sysfs T/sys/module/zfs/parameters/zfs_arc_max 0
undo sysfs T/sys/module/zfs/parameters/zfs_arc_max 8589934592" ] &&
	pass "the undo steps write back the values in force, then the parameters' own" || { fail "the ARC undo steps"; cat "$TMP/calls.1"; }
[ "$(cat "$ZP/zfs_arc_max") $(cat "$ZP/zfs_arc_min")" = "0 0" ] && pass "zfs_arc_max and zfs_arc_min are restored" ||
	fail "zfs_arc_max and zfs_arc_min are restored"
grep -qF '"bonnie_read_cache": "bonnie++ in a cgroup v2 of its own with memory.max of half the test size (its -r), and the ZFS ARC capped at it while bonnie++ runs on ZFS", "bonnie_memory_max": 134217728, "bonnie_arc_max": 134217728' "$TMP/R2/meta.json" &&
	pass "meta.json records the ARC cap" || { fail "meta.json records the ARC cap"; grep -o '"bonnie[^}]*' "$TMP/R2/meta.json"; }
# Audit 10, H6: --arc-max changes what ZFS caches in every test, so
# meta.json records it (and --resume, which compares the runner section,
# refuses another).
grep -qF '"power_cmd": null, "arc_max": null' "$TMP/R2/meta.json" &&
	pass "meta.json records no --arc-max as null" || { fail "meta.json records no --arc-max as null"; grep -o '"power_cmd[^}]*' "$TMP/R2/meta.json"; }
# A lower cap in force (--arc-max 64M) is kept, not raised to bonnie++'s.
fake_machine 1048576 "cpu io memory pids"
printf 'c_min                           4    33554432\nc_max                           4    67108864\n' > "$ARC"
bonnie_run --size 256M --target none="$TMP/Z" --arc-max 64M --out "$TMP/R2b"
expect_rc "bonnie++ under a lower --arc-max runs" 0
[ "$(grep '^zfs_arc' "$TMP/calls.1")" = "zfs_arc_max 67108864 zfs_arc_min 0" ] &&
	pass "the lower --arc-max stays in force during bonnie++" || { fail "the lower --arc-max stays in force"; cat "$TMP/calls.1"; }
[ "$(cat "$ZP/zfs_arc_max")" = 0 ] && pass "--arc-max is restored after the run" || fail "--arc-max is restored after the run"
grep -qF '"power_cmd": null, "arc_max": 67108864' "$TMP/R2b/meta.json" &&
	pass "meta.json records --arc-max 64M as 67108864 bytes" || { fail "meta.json records --arc-max"; grep -o '"power_cmd[^}]*' "$TMP/R2b/meta.json"; }
printf 'c_min                           4    33554432\nc_max                           4    67108864\n' > "$ARC"
bonnie_run --size 256M --target none="$TMP/Z" --arc-max 128M --out "$TMP/R2b" --resume
expect_rc "--resume with another --arc-max is refused" 1
grep -qF '"arc_max": 67108864' "$TMP/err" && grep -qF '"arc_max": 134217728' "$TMP/err" &&
	pass "and the refusal shows both arc_max values" || { fail "the refusal shows both arc_max values"; cat "$TMP/err"; }
# A ZFS that keeps its ARC (0.8 ignores what it cannot take): refused.
fake_machine 1048576 "cpu io memory pids"
bonnie_run --size 256M --target none="$TMP/Z" --out "$TMP/R3"
expect_rc "an ARC that does not take the cap fails the run" 1
expect_err_line "it says the ARC was not capped" \
	"encbench-run: error: ZFS did not take zfs_arc_max=134217728 (its arcstats c_max is 8589934592): bonnie++ reads could come from the ARC"
[ ! -e "$TMP/calls.1" ] && pass "bonnie++ did not run" || fail "bonnie++ did not run"
[ "$(cat "$ZP/zfs_arc_max") $(cat "$ZP/zfs_arc_min")" = "0 0" ] && [ -z "$(ls -A "$CG" | grep -v cgroup.subtree_control)" ] &&
	pass "the ARC settings and the cgroup are undone" || fail "the ARC settings and the cgroup are undone"

# ---- 3. a file of twice the RAM needs no cgroup

fake_machine 102400 "cpu io memory pids"	# 100 MiB
bonnie_run --size 256M --target none="$TMP/T" --out "$TMP/R4"
expect_rc "bonnie++ with twice the RAM runs" 0
[ "$(sed -n 's/^args //p' "$TMP/calls.2" | norm)" = "-q -d T/T/P -s 256 -r 100 -n 1$U" ] && ! grep -q '^cgroup' "$TMP/calls.2" &&
	pass "it is told the real RAM, 100 MiB, and runs in no cgroup" || { fail "bonnie++ with twice the RAM"; cat "$TMP/calls.2"; }
grep -qF '"bonnie_ram_mb": 100, "bonnie_reads_may_be_cached": false, "bonnie_read_cache": "a test file of twice the RAM", "bonnie_memory_max": null, "bonnie_arc_max": null' "$TMP/R4/meta.json" &&
	pass "meta.json says the file was twice the RAM" || fail "meta.json says the file was twice the RAM"

# ---- 4. no way to hold the memory: refused, or --bonnie-cached, recorded

fake_machine 1048576 "cpu io pids"
bonnie_run --size 256M --target none="$TMP/T" --out "$TMP/R5"
expect_rc "no memory controller: the run refuses" 1
expect_err_line "it says why and what to do" \
	"encbench-run: error: --size 256M is less than twice the RAM (1024 MiB), so bonnie++ must be held to half the test size of memory (128 MiB) to keep its reads out of it, and cannot be: $CG is no cgroup v2 hierarchy with the memory controller (its cgroup.subtree_control names no memory); give a --size of at least 2048M, or --bonnie-cached to run it with reads that may come from memory (meta.json says so)"
[ ! -e "$TMP/R5" ] && [ ! -e "$TMP/calls.1" ] && pass "nothing was made or run" || fail "nothing was made or run"
bonnie_run --size 256M --target none="$TMP/T" --out "$TMP/R6" --bonnie-cached
expect_rc "--bonnie-cached runs it" 0
expect_err_line "--bonnie-cached is warned of" \
	"encbench-run: warning: --size 256M is less than twice the RAM (1024 MiB) and --bonnie-cached is given: bonnie++ reads may come from memory (meta.json says so)"
[ "$(sed -n 's/^args //p' "$TMP/calls.2" | norm)" = "-q -d T/T/P -s 256 -r 128 -n 1$U" ] && ! grep -q '^cgroup' "$TMP/calls.2" &&
	pass "--bonnie-cached runs -r 128 in no cgroup" || fail "--bonnie-cached runs -r 128 in no cgroup"
grep -qF '"bonnie_ram_mb": 128, "bonnie_reads_may_be_cached": true, "bonnie_read_cache": "none: --bonnie-cached, a test file under twice the RAM", "bonnie_memory_max": null, "bonnie_arc_max": null' "$TMP/R6/meta.json" &&
	pass "meta.json says its reads may be cached" || fail "meta.json says its reads may be cached"
fake_machine 1048576 "cpu io memory pids"
bonnie_run --size 64M --target none="$TMP/T" --out "$TMP/R7"
expect_rc "a 64M test under a cgroup is refused" 1
grep -qF "cannot be: it would have 32 MiB, too little to run in (64 MiB, from --size 128M, is the least, and the least ZFS lets its ARC be held to)" "$TMP/err" &&
	pass "it says 32 MiB is too little" || fail "it says 32 MiB is too little"

# ---- 5. every signal during bonnie++ undoes the cgroup and the ARC cap

for sig in HUP:1 INT:2 QUIT:3 TERM:15 PIPE:13; do
	num=${sig#*:} sig=${sig%:*}
	fake_machine 1048576 "cpu io memory pids"
	rm -f "$TMP/bonnie.pid" "$TMP"/calls.*
	arc_follows
	SLOW=1 PATH="$TMP/stub:$PATH" ENCBENCH_SYSFS=$SYSD ENCBENCH_PROCFS=$PROCD env --default-signal=INT,QUIT \
		"$RUNNER" --backend dir --tests bonnie --reps 1 --size 256M --target none="$TMP/Z" \
		--out "$TMP/RS-$sig" >"$TMP/out" 2>"$TMP/err" &
	rpid=$!
	i=0
	while [ ! -s "$TMP/bonnie.pid" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	bpid=$(cat "$TMP/bonnie.pid" 2>/dev/null)
	kill -s "$sig" "$rpid"
	wait "$rpid"
	rc=$?
	arc_stops
	expect_rc "SIG$sig during bonnie++: the runner exits $((128 + num))" $((128 + num))
	grep -q '^cgroup .*-bonnie procs [0-9]* memory.max 134217728$' "$TMP/calls.1" &&
		grep -qx 'zfs_arc_max 134217728 zfs_arc_min 33554432' "$TMP/calls.1" &&
		pass "SIG$sig: bonnie++ was stopped in its cgroup, under the ARC cap" || fail "SIG$sig: bonnie++ ran in its cgroup, under the ARC cap"
	if [ -n "$bpid" ] && ! kill -0 "$bpid" 2>/dev/null; then pass "SIG$sig: bonnie++ was stopped"; else
		fail "SIG$sig: bonnie++ was stopped"; [ -z "$bpid" ] || kill "$bpid" 2>/dev/null; fi
	[ -z "$(ls -A "$CG" | grep -v cgroup.subtree_control)" ] && pass "SIG$sig: the cgroup is gone" || fail "SIG$sig: the cgroup is gone"
	[ "$(cat "$ZP/zfs_arc_max") $(cat "$ZP/zfs_arc_min")" = "0 0" ] && pass "SIG$sig: the ARC settings are restored" ||
		fail "SIG$sig: the ARC settings are restored ($(cat "$ZP/zfs_arc_max") $(cat "$ZP/zfs_arc_min"))"
	[ -z "$(ls "$TMP"/encbench-run-undo.* 2>/dev/null)" ] && [ -z "$(ls -A "$TMP/Z")" ] &&
		pass "SIG$sig: no undo file or test folder is left" || fail "SIG$sig: no undo file or test folder is left"
done

# ---- 6. after a kill -9 the next run names the cgroup it left

fake_machine 1048576 "cpu io memory pids"
rm -f "$TMP/bonnie.pid"
SLOW=1 PATH="$TMP/stub:$PATH" ENCBENCH_SYSFS=$SYSD ENCBENCH_PROCFS=$PROCD "$RUNNER" --backend dir --tests bonnie \
	--reps 1 --size 256M --target none="$TMP/T" --out "$TMP/RK" >"$TMP/out" 2>"$TMP/err" &
rpid=$!
i=0
while [ ! -s "$TMP/bonnie.pid" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
kill -9 "$rpid"
wait "$rpid" 2>/dev/null
kill "$(cat "$TMP/bonnie.pid")" 2>/dev/null
left=$(ls -d "$CG"/encbench-*-bonnie 2>/dev/null)
bonnie_run --size 256M --target none="$TMP/T" --out "$TMP/RK2"
expect_rc "after a kill -9 the next run refuses" 1
[ -n "$left" ] && expect_err_line "it names the cgroup and how to remove it" "  cgroup $left: rmdir $left" ||
	fail "the killed run left its cgroup"
PATH="$TMP/stub:$PATH" rmdir "$left"
rm -rf "$TMP"/encbench-run-undo.* "$TMP/T"/encbench-*
