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
			'$1 == "X" && $4 == m && $5 == t && $8 == op && $10 == "bw" && $12 == r' "$TMP/out" | wc -l)
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

"$RUNNER" --backend dir --tests dd,bogus --target none="$TMP/A" 2>"$TMP/err"; rc=$?
expect_rc "an unknown test is a usage error" 64

# ---- zfs backend: the plan

"$RUNNER" --backend zfs --dry-run --reps 1 --tests dd --size 64M --out "$TMP/dry" >"$TMP/plan" 2>&1
rc=$?
expect_rc "--dry-run exits 0" 0
[ ! -e "$TMP/dry" ] && pass "--dry-run creates nothing" || fail "--dry-run creates nothing"
grep -q '^zpool create -m none -O compression=off -O atime=off encbench-[0-9]*-[0-9]*-none raidz2 .*/vdev1 .*/vdev6$' "$TMP/plan" \
	&& pass "the plan creates a raidz2 pool of six files" || fail "the plan creates a raidz2 pool"
grep -q '^zfs create -o encryption=aes-256-gcm -o keyformat=passphrase -o keylocation=file://.*/key' "$TMP/plan" \
	&& pass "the plan creates an encrypted dataset" || fail "the plan creates an encrypted dataset"
[ "$(grep -c '^zpool destroy encbench-' "$TMP/plan")" -eq 7 ] && pass "the plan destroys each of the 7 pools" || fail "the plan destroys each pool"

# ---- stubs that record their calls and keep the state of what exists

STUB=$TMP/stub
STATE=$TMP/state
mkdir -p "$STUB" "$STATE"
: > "$STATE/pools"; : > "$STATE/mapper"; : > "$STATE/mounts"
echo tank > "$STATE/pools"	# a pool the run did not create
REAL_TRUNCATE=$(command -v truncate)
for cmd in zpool zfs cryptsetup mount umount truncate; do
	cat > "$STUB/$cmd" <<STUBEOF
#!/bin/sh
echo "$cmd \$*" >> "$STATE/log"
# The injected failure happens once, as a busy pool or device would.
case " $cmd \$* " in *" \${STUB_FAIL:-@@} "*)
	if [ ! -e "$STATE/failed" ]; then
		: > "$STATE/failed"; echo "$cmd: injected failure" >&2; exit 1
	fi ;;
esac
case "$cmd \$1" in
"zpool list")
	if [ "\$2" = -H ]; then cat "$STATE/pools"; exit 0; fi
	grep -qx "\$2" "$STATE/pools"; exit \$? ;;
"zpool create") for a in "\$@"; do case \$a in encbench-*) echo "\$a" >> "$STATE/pools" ;; esac; done ;;
"zpool destroy") grep -vx "\$2" "$STATE/pools" > "$STATE/p.tmp"; mv "$STATE/p.tmp" "$STATE/pools" ;;
"zfs create") for a in "\$@"; do case \$a in mountpoint=*) mkdir -p "\${a#mountpoint=}" ;; esac; done ;;
"zfs version") echo "zfs-stub" ;;
"cryptsetup open") echo "\$5" >> "$STATE/mapper" ;;
"cryptsetup status") grep -qx "\$2" "$STATE/mapper"; exit \$? ;;
"cryptsetup close") grep -vx "\$2" "$STATE/mapper" > "$STATE/m.tmp"; mv "$STATE/m.tmp" "$STATE/mapper" ;;
"mount -t") echo "\$6" >> "$STATE/mounts" ;;
"truncate "*) exec "$REAL_TRUNCATE" "\$@" ;;
"umount "*) grep -vx "\$1" "$STATE/mounts" > "$STATE/u.tmp"; mv "$STATE/u.tmp" "$STATE/mounts" ;;
esac
exit 0
STUBEOF
	chmod +x "$STUB/$cmd"
done

stub_run() { # backend, then extra args; sets rc
	b=$1
	shift
	: > "$STATE/log"
	rm -f "$STATE/failed"
	PATH="$STUB:$PATH" "$RUNNER" --backend "$b" --yes --tests dd --size 4M --reps 1 \
		--vdevs 4 --workdir "$TMP/work" --out "$TMP/out-$b-$$" "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	rm -rf "$TMP/out-$b-$$"
}

left_behind() { # prints what a run left: pools, devices, mounts, files
	grep -v '^tank$' "$STATE/pools"
	cat "$STATE/mapper" "$STATE/mounts"
	find "$TMP/work" -mindepth 1 2>/dev/null
}

if [ "$(id -u)" = 0 ]; then
	mkdir -p "$TMP/work"
	stub_run zfs --modes none,aes-128-gcm
	expect_rc "zfs backend with stubs exits 0" 0
	sed -e 's/encbench-[0-9]*-[0-9]*/P/g' -e "s|$TMP/work|W|g" "$STATE/log" | grep -v '^zpool list\|^truncate' > "$TMP/seq"
	cat > "$TMP/want" <<'EOF'
zfs version
cryptsetup --version
mount -t tmpfs -o size=285212672,mode=0700 P W/P
zpool create -m none -O compression=off -O atime=off P-none raidz2 W/P/vdev1 W/P/vdev2 W/P/vdev3 W/P/vdev4
zfs create -o mountpoint=W/P/mnt-none P-none/data
zpool destroy P-none
zpool create -m none -O compression=off -O atime=off P-aes-128-gcm raidz2 W/P/vdev1 W/P/vdev2 W/P/vdev3 W/P/vdev4
zfs create -o encryption=aes-128-gcm -o keyformat=passphrase -o keylocation=file://W/P/key -o mountpoint=W/P/mnt-aes-128-gcm P-aes-128-gcm/data
zpool destroy P-aes-128-gcm
umount W/P
EOF
	if diff "$TMP/want" "$TMP/seq" >"$TMP/diff"; then pass "zfs backend runs the exact sequence"; else
		fail "zfs backend runs the exact sequence"; sed 's/^/  /' "$TMP/diff"; fi
	[ -z "$(left_behind)" ] && pass "a finished zfs run leaves nothing behind" || fail "a finished zfs run leaves nothing behind"

	for point in "mount" "truncate" "create" "encryption=aes-128-gcm" "destroy"; do
		: > "$STATE/mapper"
		STUB_FAIL=$point stub_run zfs --modes none,aes-128-gcm
		[ "$rc" -eq 1 ] && grep -q "injected failure" "$TMP/err" && pass "zfs: a failure at '$point' fails the run" || fail "zfs: a failure at '$point' fails the run"
		if [ -z "$(left_behind)" ]; then pass "zfs: after a failure at '$point' everything is cleaned up"; else
			fail "zfs: after a failure at '$point' everything is cleaned up"; left_behind | sed 's/^/  left: /'; fi
		grep -q '^zpool destroy tank' "$STATE/log" && fail "zfs: failure at '$point' destroyed a pool it did not create" \
			|| pass "zfs: after '$point', nothing it did not create was destroyed"
	done

	# A test that fails in the middle (dd cannot write: the dataset's
	# mountpoint is not created) also cleans up.
	sed 's/mkdir -p "\${a#mountpoint=}"/:/' "$STUB/zfs" > "$STUB/zfs.fail" && chmod +x "$STUB/zfs.fail"
	mv "$STUB/zfs" "$STUB/zfs.ok" && mv "$STUB/zfs.fail" "$STUB/zfs"
	stub_run zfs --modes none
	mv "$STUB/zfs.ok" "$STUB/zfs"
	[ "$rc" -eq 1 ] && grep -q "none/dd-write-r1.txt failed" "$TMP/err" && pass "zfs: a failing test fails the run" || fail "zfs: a failing test fails the run"
	[ -z "$(left_behind)" ] && pass "zfs: after a failing test everything is cleaned up" || fail "zfs: after a failing test everything is cleaned up"

	stub_run luks
	expect_rc "luks backend with stubs exits 0" 0
	[ "$(grep -c '^cryptsetup luksFormat --batch-mode --type luks2 --cipher aes-xts-plain64 --key-size 512 --sector-size 4096 ' "$STATE/log")" -eq 4 ] \
		&& pass "luks-xts-4k formats four devices with 4 KiB sectors" || fail "luks-xts-4k sectors"
	[ "$(grep -c '^cryptsetup luksFormat .* --sector-size 512 ' "$STATE/log")" -eq 4 ] \
		&& pass "luks-xts-512 formats with 512-byte sectors" || fail "luks-xts-512 sectors"
	[ -z "$(left_behind)" ] && pass "a finished luks run leaves nothing behind" || fail "a finished luks run leaves nothing behind"
	for point in "luksFormat" "open" "create" "destroy" "close"; do
		STUB_FAIL=$point stub_run luks --modes luks-xts-4k
		[ "$rc" -eq 1 ] && grep -q "injected failure" "$TMP/err" && pass "luks: a failure at '$point' fails the run" || fail "luks: a failure at '$point' fails the run"
		if [ -z "$(left_behind)" ]; then pass "luks: after a failure at '$point' everything is cleaned up"; else
			fail "luks: after a failure at '$point' everything is cleaned up"; left_behind | sed 's/^/  left: /'; fi
	done

	echo encbench-old > "$STATE/pools"
	stub_run zfs
	expect_rc "a leftover encbench pool makes the zfs backend refuse" 1
	grep -q "a pool named encbench-\* exists already" "$TMP/err" && pass "it names the leftover" || fail "it names the leftover"
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
