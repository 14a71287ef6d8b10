# runner.sh - encbench-run: the dir backend for real with dd and fio, the
# zfs and luks backends against stub zpool/zfs/cryptsetup/mount that record
# their calls, cleanup after a failure at every step, and nothing destroyed
# that the run did not create.
. tests/e2e/lib.sh
RUNNER=$(pwd)/runner/encbench-run
# Undo files go to the test's own folder: another run's, dead or alive,
# is no concern of this one.
TMPDIR=$TMP
export TMPDIR

# ---- dir backend, real tools

mkdir -p "$TMP/A" "$TMP/B"
if command -v fio >/dev/null; then
	"$RUNNER" --backend dir --target none="$TMP/A" --target aes-256-gcm="$TMP/B" \
		--tests dd,fio --size 16M --reps 2 --release X --out "$TMP/R" 2>"$TMP/run.err"
	rc=$?
	expect_rc "dir backend run exits 0" 0
	grep -q '^encbench-run: \[24/24\] aes-256-gcm/fio-rand-read-r2.json (ETA ' "$TMP/run.err" \
		&& pass "progress shows step k of n with an ETA" || fail "progress lines"
	# Outside audit E4, E5: the file system is the mount's, and what the
	# run cannot vouch for (an encrypted mode on plain storage, reads from
	# the page cache) is said at the start and kept in meta.json.
	fs=$(findmnt -n -o FSTYPE --target "$TMP/B")
	dev=$(findmnt -n -o SOURCE --target "$TMP/B")
	grep -qxF "encbench-run: warning: --target aes-256-gcm: no encryption found under $TMP/B ($fs; no ZFS encryption, dm-crypt or fscrypt policy): its figures are of that storage as it is (meta.json says so)" "$TMP/run.err" &&
		pass "a mode's folder without encryption is warned of" || fail "a mode's folder without encryption is warned of"
	grep -qxF 'encbench-run: warning: without --drop-caches, dd and fio reads may come from the page cache (meta.json says so: "drop_caches": false)' "$TMP/run.err" &&
		pass "reads that may come from the page cache are warned of" || fail "reads that may come from the page cache are warned of"
	disk=$(lsblk -r -n -s -o NAME,TYPE -- "$dev" 2>/dev/null | awk '$2 == "disk" || $2 == "loop" { print $1 }' | sort -u | tr '\n' ' ')
	if [ -n "$disk" ]; then st="disk ${disk% }"; else st=$dev; fi
	grep -qF "\"aes-256-gcm\": {\"path\": \"$(cd "$TMP/B" && pwd -P)\", \"fs\": \"$fs\", \"device\": \"$dev\", \"storage\": \"$st\", \"encryption\": null}" "$TMP/R/meta.json" &&
		pass "meta.json has the target's mount type, device and encryption" || fail "meta.json has the target's mount type, device and encryption"
	eb ingest "$TMP/R"
	expect_rc "its run directory ingests" 0
	for m in none aes-256-gcm; do for t in dd fio; do for op in read write; do for r in 1 2; do
		n=$(awk -F, -v m=$m -v t=$t -v op=$op -v r=$r \
			'$1 == "x" && $4 == m && $5 == t && $8 == op && $10 == "bw" && $12 == r' "$TMP/out" | wc -l)
		want=1; [ $t = fio ] && want=2	# seq and rand
		[ "$n" -eq $want ] || { fail "bw rows of $m $t $op rep $r: $n"; continue 4; }
	done; done; done; done
	pass "bw rows for both modes, both tools, read and write, reps 1 and 2, release X"

	rm "$TMP/R/none/fio-seq-read-r2.json"
	eb ingest "$TMP/R"
	expect_rc "an incomplete run still ingests" 0
	grep -q "run incomplete: 1 of 24 outputs missing (none/fio-seq-read-r2.json)" "$TMP/err" \
		&& pass "an incomplete run says what is missing" || fail "an incomplete run says what is missing"
	"$RUNNER" --backend dir --target none="$TMP/A" --target aes-256-gcm="$TMP/B" \
		--tests dd,fio --size 16M --reps 2 --release X --out "$TMP/R" --resume 2>/dev/null
	eb ingest "$TMP/R"
	if [ -s "$TMP/R/none/fio-seq-read-r2.json" ] && ! grep -q "run incomplete" "$TMP/err"; then
		pass "--resume runs what is missing"; else fail "--resume runs what is missing"; fi
	# Outside audit E14: meta.json keeps each fio job file's hash, and a
	# resume with an edited job file is refused as another method.
	sum=$(sha256sum < runner/fio/seq-write.fio)
	grep -qF "\"seq-write.fio\": {\"sha256\": \"${sum%% *}\"}" "$TMP/R/meta.json" &&
		pass "meta.json has the hash of each fio job file" || fail "meta.json has the hash of each fio job file"
	mkdir -p "$TMP/lib"
	cp -R runner/fio "$TMP/lib/"
	echo "rate=2m" >> "$TMP/lib/fio/seq-write.fio"
	rm "$TMP/R/none/fio-seq-write-r2.json"
	ENCBENCH_RUNNER_LIB=$TMP/lib "$RUNNER" --backend dir --target none="$TMP/A" --target aes-256-gcm="$TMP/B" \
		--tests dd,fio --size 16M --reps 2 --release X --out "$TMP/R" --resume 2>"$TMP/err"
	rc=$?
	expect_rc "--resume with an edited fio job file is refused" 1
	grep -q '^    now: "runner": {.*"seq-write.fio": {"sha256": "'"$(sha256sum < "$TMP/lib/fio/seq-write.fio" | cut -d' ' -f1)"'"}' "$TMP/err" &&
		pass "the refusal shows the job file's other hash" || fail "the refusal shows the job file's other hash"
	[ ! -e "$TMP/R/none/fio-seq-write-r2.json" ] && pass "the refused resume ran nothing" || fail "the refused resume ran nothing"
else
	skip "dir backend with fio (fio is not installed)"
fi

"$RUNNER" --backend dir --target none="$TMP/A" --out "$TMP/R" --tests dd --size 1M --reps 1 2>"$TMP/err"
rc=$?
expect_rc "a second run into the same directory is refused" 1
grep -q "holds a run already; use --resume" "$TMP/err" && pass "it says why" || fail "it says why"

# --resume continues the same method or nothing (the third audit's
# resume-mix.sh: 64 MiB runs beside 16 MiB ones under a meta.json of 16).
"$RUNNER" --backend dir --target none="$TMP/A" --out "$TMP/R3" --tests dd --size 1M --reps 1 2>"$TMP/err"
rc=$?
expect_rc "a dd run to resume" 0
cp "$TMP/R3/meta.json" "$TMP/meta-before"
"$RUNNER" --backend dir --target none="$TMP/A" --out "$TMP/R3" --tests dd --size 2M --reps 2 --resume 2>"$TMP/err"
rc=$?
expect_rc "--resume with another --size and --reps is refused" 1
grep -q "^encbench-run: error: --resume: $TMP/R3 was run with other settings than these" "$TMP/err" &&
	grep -q '^    was: "runner": {.*"size": 1048576, .*"reps": 1,' "$TMP/err" &&
	grep -q '^    now: "runner": {.*"size": 2097152, .*"reps": 2,' "$TMP/err" \
	&& pass "the refusal shows the settings recorded and the ones given" || fail "the refusal shows the settings recorded and the ones given"
cmp -s "$TMP/meta-before" "$TMP/R3/meta.json" && [ ! -e "$TMP/R3/none/dd-write-r2.txt" ] && [ ! -e "$TMP/R3/meta.json.now" ] \
	&& pass "the refused resume ran and changed nothing" || fail "the refused resume ran and changed nothing"
"$RUNNER" --backend dir --target none="$TMP/A" --out "$TMP/R3" --tests dd --size 1M --reps 1 --resume 2>"$TMP/err"
rc=$?
expect_rc "--resume with the same settings runs" 0

"$RUNNER" --backend dir --tests dd,bogus --target none="$TMP/A" 2>"$TMP/err"; rc=$?
expect_rc "an unknown test is a usage error" 64

# ---- zfs backend: the plan

"$RUNNER" --backend zfs --dry-run --reps 1 --tests dd --size 64M --out "$TMP/dry" >"$TMP/plan" 2>&1
rc=$?
expect_rc "--dry-run exits 0" 0
[ ! -e "$TMP/dry" ] && pass "--dry-run creates nothing" || fail "--dry-run creates nothing"
grep -q '^zpool create -o ashift=12 -O compression=off -O atime=off -O recordsize=131072 -O org.encbench:run=encbench-[0-9]*-[0-9]* -m none encbench-[0-9]*-[0-9]*-none raidz2 .*/vdev1 .*/vdev6$' "$TMP/plan" \
	&& pass "the plan creates a raidz2 pool of six files with ashift, compression, atime and recordsize set" || fail "the plan creates a raidz2 pool"
grep -q '^zfs create -o encryption=aes-256-gcm -o keyformat=passphrase -o keylocation=file://.*/key' "$TMP/plan" \
	&& pass "the plan creates an encrypted dataset" || fail "the plan creates an encrypted dataset"
# Seven modes, each in a warm-up round and one measured round.
[ "$(grep -c '^zpool destroy encbench-' "$TMP/plan")" -eq 14 ] && pass "the plan destroys each of the 14 pools" || fail "the plan destroys each pool"

. tests/e2e/runner-stubs.lib

if [ "$(id -u)" = 0 ]; then
	stub_run zfs --modes none,aes-128-gcm
	expect_rc "zfs backend with stubs exits 0" 0
	normalise < "$STATE/log" | grep -v '^zpool list\|^truncate\|^mountpoint' > "$TMP/seq"
	# Interleaved: the warm-up round of both modes, then rep 1 of both,
	# each on a fresh pool exported and imported between write and read.
	{
		echo "zfs version"
		echo "mount -t tmpfs -o size=285212672,mode=0700 P W/P"
		for round in 0 1; do
			echo "zpool create -o ashift=12 -O compression=off -O atime=off -O recordsize=131072 -O org.encbench:run=P -m none P-none raidz2 W/P/vdev1 W/P/vdev2 W/P/vdev3 W/P/vdev4"
			echo "zfs create -o mountpoint=W/P/mnt-none P-none/data"
			echo "zpool export P-none"
			echo "zpool import -d W/P P-none"
			echo "zpool destroy P-none"
			echo "zpool create -o ashift=12 -O compression=off -O atime=off -O recordsize=131072 -O org.encbench:run=P -m none P-aes-128-gcm raidz2 W/P/vdev1 W/P/vdev2 W/P/vdev3 W/P/vdev4"
			echo "zfs create -o encryption=aes-128-gcm -o keyformat=passphrase -o keylocation=file://W/P/key -o mountpoint=W/P/mnt-aes-128-gcm P-aes-128-gcm/data"
			echo "zpool export P-aes-128-gcm"
			echo "zpool import -l -d W/P P-aes-128-gcm"
			echo "zpool destroy P-aes-128-gcm"
		done
		echo "umount W/P"
	} > "$TMP/want"
	if diff "$TMP/want" "$TMP/seq" >"$TMP/diff"; then pass "zfs backend runs the exact sequence"; else
		fail "zfs backend runs the exact sequence"; sed 's/^/  /' "$TMP/diff"; fi
	[ -z "$(left_behind)" ] && pass "a finished zfs run leaves nothing behind" || fail "a finished zfs run leaves nothing behind"

	for point in "mount" "truncate" "create" "encryption=aes-128-gcm" "export" "import" "destroy"; do
		: > "$STATE/mapper"
		STUB_FAIL=$point stub_run zfs --modes none,aes-128-gcm
		[ "$rc" -eq 1 ] && grep -q "injected failure" "$TMP/err" && pass "zfs: a failure at '$point' fails the run" || fail "zfs: a failure at '$point' fails the run"
		if [ -z "$(left_behind)" ]; then pass "zfs: after a failure at '$point' everything is cleaned up"; else
			fail "zfs: after a failure at '$point' everything is cleaned up"; left_behind | sed 's/^/  left: /'; fi
		grep -q '^zpool destroy tank' "$STATE/log" && fail "zfs: failure at '$point' destroyed a pool it did not create" \
			|| pass "zfs: after '$point', nothing it did not create was destroyed"
	done

	# ZFS mounts the dataset on its folder until the pool is destroyed, so
	# the folder is removed after the pool (the third audit's zfs-stub
	# found it the other way round), and a pool that will not go is listed
	# before the folder in the order the user must follow.
	STUB_FAIL_ALWAYS="zpool destroy" stub_run zfs --modes none
	sed -n '/^encbench-run: error: cleanup failed/,$p' "$TMP/err" | normalise | sed -n '2,3p' > "$TMP/left"
	printf '  zpool destroy P-none\n  rmdir W/P/mnt-none\n' > "$TMP/want"
	if [ "$rc" -eq 1 ] && diff "$TMP/want" "$TMP/left" >/dev/null; then pass "zfs: a pool left is listed before its mountpoint folder"; else
		fail "zfs: a pool left is listed before its mountpoint folder"; sed 's/^/  /' "$TMP/err"; fi
	echo tank > "$STATE/pools"
	rm -rf "$TMP/work"/* "$TMP"/encbench-run-undo.*

	# A test that fails in the middle (dd's third run, the measured write)
	# also cleans up; so does a failing warm-up (its first).
	mkdir -p "$TMP/faildd"
	REAL_DD=$(command -v dd)
	cat > "$TMP/faildd/dd" <<EOF
#!/bin/sh
[ "\$1" != --version ] || exec "$REAL_DD" --version
n=\$(cat "$TMP/faildd/n" 2>/dev/null || echo 0); n=\$((n + 1)); echo \$n > "$TMP/faildd/n"
[ "\$n" -ne "\$DD_FAIL_AT" ] || { echo "dd: injected failure" >&2; exit 1; }
exec "$REAL_DD" "\$@"
EOF
	chmod +x "$TMP/faildd/dd"
	echo 0 > "$TMP/faildd/n"
	DD_FAIL_AT=3 PATH="$TMP/faildd:$PATH" stub_run zfs --modes none
	[ "$rc" -eq 1 ] && grep -q "none/dd-write-r1.txt failed (exit 1)" "$TMP/err" && pass "zfs: a failing test fails the run" || fail "zfs: a failing test fails the run"
	[ -z "$(left_behind)" ] && pass "zfs: after a failing test everything is cleaned up" || fail "zfs: after a failing test everything is cleaned up"
	echo 0 > "$TMP/faildd/n"
	DD_FAIL_AT=1 PATH="$TMP/faildd:$PATH" stub_run zfs --modes none
	[ "$rc" -eq 1 ] && grep -q "the warm-up run of none/dd-write failed (exit 1): dd: injected failure" "$TMP/err" && pass "zfs: a failing warm-up fails the run" || fail "zfs: a failing warm-up fails the run"
	[ -z "$(left_behind)" ] && pass "zfs: after a failing warm-up everything is cleaned up" || fail "zfs: after a failing warm-up everything is cleaned up"

	stub_run luks
	expect_rc "luks backend with stubs exits 0" 0
	# Each of the two rounds (warm-up and rep 1) formats four devices.
	[ "$(grep -c '^cryptsetup luksFormat --batch-mode --type luks2 --cipher aes-xts-plain64 --key-size 512 --sector-size 4096 ' "$STATE/log")" -eq 8 ] \
		&& pass "luks-xts-4k formats four devices with 4 KiB sectors a round" || fail "luks-xts-4k sectors"
	[ "$(grep -c '^cryptsetup luksFormat .* --sector-size 512 ' "$STATE/log")" -eq 8 ] \
		&& pass "luks-xts-512 formats with 512-byte sectors" || fail "luks-xts-512 sectors"
	[ "$(grep -c '^zpool create .* encbench-[0-9]*-[0-9]*-none raidz2 .*/vdev1 .*/vdev4$' "$STATE/log")" -eq 2 ] \
		&& pass "the luks backend's own baseline: a none pool on the same four files" || fail "the luks backend's own baseline"
	grep -q "^zpool import -d /dev/mapper encbench-[0-9]*-[0-9]*-luks-xts-4k$" "$STATE/log" \
		&& pass "a luks pool is imported again from its mapper devices" || fail "a luks pool is imported again from its mapper devices"
	[ -z "$(left_behind)" ] && pass "a finished luks run leaves nothing behind" || fail "a finished luks run leaves nothing behind"
	for point in "luksFormat" "open" "create" "export" "import" "destroy" "close"; do
		STUB_FAIL=$point stub_run luks --modes luks-xts-4k
		[ "$rc" -eq 1 ] && grep -q "injected failure" "$TMP/err" && pass "luks: a failure at '$point' fails the run" || fail "luks: a failure at '$point' fails the run"
		if [ -z "$(left_behind)" ]; then pass "luks: after a failure at '$point' everything is cleaned up"; else
			fail "luks: after a failure at '$point' everything is cleaned up"; left_behind | sed 's/^/  left: /'; fi
	done

	old=encbench-20200101000000-99999
	printf '%s\n' tank "$old-none" > "$STATE/pools"
	echo "$old-none $old" > "$STATE/props"
	stub_run zfs
	expect_rc "a pool an earlier run left makes the zfs backend refuse" 1
	expect_err_line "it names the leftover and how to remove it" "  pool $old-none: zpool destroy $old-none"
	if grep -v '^zpool list\|^zfs get' "$STATE/log" | grep -q .; then fail "refusing touched something"; else pass "refusing touched nothing"; fi

	# Outside audit E2: a pool only named like the runner's, without its
	# property, is not the runner's to destroy, nor a reason to refuse.
	printf '%s\n' tank encbench-tank "$old-none" > "$STATE/pools"
	: > "$STATE/props"
	stub_run zfs --modes none
	expect_rc "pools named like the runner's but not its own do not stop a run" 0
	expect_err_line "the one of its name form is named as not the runner's" \
		"encbench-run: warning: pool $old-none is named like this runner's but does not carry its org.encbench:run property; it is not touched"
	grep -q "destroy $old-none\|destroy encbench-tank" "$STATE/log" "$TMP/err" &&
		fail "a pool not the runner's was destroyed or offered for destruction" ||
		pass "no pool that is not the runner's is destroyed or offered for destruction"
	grep -q -- "-O org.encbench:run=encbench-[0-9]\{14\}-[0-9]* -m none encbench-" "$STATE/log" &&
		pass "a pool of the runner's own carries its run in a property" || fail "a pool of the runner's own carries its run in a property"

	# Outside audit E3: beside a run in progress a run says so, and its
	# pool is no leftover; a live PID of another program is not a run.
	sh -c 'sleep 30; :' encbench-run & live=$!
	sleep 30 & other=$!
	printf '%s\n' tank "encbench-20200101000000-$live-none" "encbench-20200101000000-$other-none" > "$STATE/pools"
	printf '%s\n' "encbench-20200101000000-$live-none encbench-20200101000000-$live" \
		"encbench-20200101000000-$other-none encbench-20200101000000-$other" > "$STATE/props"
	stub_run zfs --modes none
	expect_rc "beside a run in progress a run refuses, for the dead run's pool" 1
	expect_err_line "it says that another run is running" "encbench-run: warning: another encbench-run is running, and two runs at once measure each other:"
	expect_err_line "it names the run and its pool" "  pid $live (its pool encbench-20200101000000-$live-none)"
	grep -q "pid $other" "$TMP/err" && fail "another program's PID was taken for a run" || pass "another program's PID is not taken for a run"
	grep -q "pool encbench-20200101000000-$live-none:" "$TMP/err" && fail "a live run's pool was named a leftover" ||
		pass "a live run's pool is not named a leftover"
	expect_err_line "the pool of the PID that is no run's is a leftover" \
		"  pool encbench-20200101000000-$other-none: zpool destroy encbench-20200101000000-$other-none"
	kill "$live" "$other" 2>/dev/null
	wait "$live" "$other" 2>/dev/null
	echo tank > "$STATE/pools"
	: > "$STATE/props"
else
	skip "zfs and luks stub runs need root"
fi

# Without zpool the zfs backend refuses before doing anything, naming it.
mkdir -p "$TMP/nozfs"
for c in sh dd awk sed grep cat mkdir date id head od tr wc hostname uname nproc mktemp dirname rm; do
	p=$(command -v $c) && ln -s "$p" "$TMP/nozfs/$c"
done
PATH="$TMP/nozfs" "$RUNNER" --backend zfs --yes --tests dd --out "$TMP/nz" >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "without zpool the zfs backend refuses" 1
grep -q "zpool is not installed" "$TMP/err" && pass "the refusal names zpool" || fail "the refusal names zpool"
[ ! -e "$TMP/nz" ] && pass "the refusal created nothing" || fail "the refusal created nothing"

if command -v shellcheck >/dev/null; then
	if shellcheck "$RUNNER" >"$TMP/sc" 2>&1; then pass "the runner is shellcheck-clean"; else
		fail "the runner is shellcheck-clean"; sed 's/^/  /' "$TMP/sc" | head -20; fi
else
	skip "shellcheck is not installed"
fi
