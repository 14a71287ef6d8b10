# runner.sh - encbench-run: the dir backend for real with dd and fio, the
# zfs and luks backends against stub zpool/zfs/cryptsetup/mount that record
# their calls, cleanup after a failure at every step, and nothing destroyed
# that the run did not create.
. tests/e2e/lib.sh
RUNNER=$(pwd)/runner/encbench-run

# ---- dir backend, real tools

mkdir -p "$TMP/A" "$TMP/B"
if command -v fio >/dev/null; then
	"$RUNNER" --backend dir --target none="$TMP/A" --target aes-256-gcm="$TMP/B" \
		--tests dd,fio --size 16M --reps 2 --release X --out "$TMP/R" 2>"$TMP/run.err"
	rc=$?
	expect_rc "dir backend run exits 0" 0
	grep -q '^encbench-run: \[24/24\] aes-256-gcm/fio-rand-read-r2.json (ETA ' "$TMP/run.err" \
		&& pass "progress shows step k of n with an ETA" || fail "progress lines"
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
grep -q '^zpool create -o ashift=12 -O compression=off -O atime=off -O recordsize=131072 -m none encbench-[0-9]*-[0-9]*-none raidz2 .*/vdev1 .*/vdev6$' "$TMP/plan" \
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
			echo "zpool create -o ashift=12 -O compression=off -O atime=off -O recordsize=131072 -m none P-none raidz2 W/P/vdev1 W/P/vdev2 W/P/vdev3 W/P/vdev4"
			echo "zfs create -o mountpoint=W/P/mnt-none P-none/data"
			echo "zpool export P-none"
			echo "zpool import -d W/P P-none"
			echo "zpool destroy P-none"
			echo "zpool create -o ashift=12 -O compression=off -O atime=off -O recordsize=131072 -m none P-aes-128-gcm raidz2 W/P/vdev1 W/P/vdev2 W/P/vdev3 W/P/vdev4"
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

	echo encbench-old > "$STATE/pools"
	stub_run zfs
	expect_rc "a leftover encbench pool makes the zfs backend refuse" 1
	expect_err_line "it names the leftover and how to remove it" "  pool encbench-old: zpool destroy encbench-old"
	if grep -v '^zpool list' "$STATE/log" | grep -q .; then fail "refusing touched something"; else pass "refusing touched nothing"; fi
	echo tank > "$STATE/pools"
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
