# runner_fscrypt.sh - the fscrypt backend for real: ext4 with native
# encryption on a loop device in a RAM disk, measured, reported and
# removed without a trace; its failures and signals clean up too.
. tests/e2e/lib.sh
RUNNER=${RUNNER:-$(pwd)/runner/encbench-run}
HELPER=$(cd "$(dirname "${BUILD:-build}/encbench-fscrypt")" && pwd)/encbench-fscrypt
TMPDIR=$TMP
export TMPDIR

# ---- the helper refuses what is not a key, before any ioctl

if [ -x "$HELPER" ]; then
	mkdir -p "$TMP/hd"
	head -c 32 /dev/zero > "$TMP/short.key"
	"$HELPER" add-key "$TMP/hd" "$TMP/short.key" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	expect_rc "encbench-fscrypt: a 32-byte key file is bad data" 65
	expect_err_line "it says a key is 64 bytes" "encbench-fscrypt: $TMP/short.key: error: a key file is a regular file of exactly 64 bytes"
	# Outside audit F12: a link is refused as no key file, saying why.
	ln -s "$TMP/short.key" "$TMP/link.key"
	"$HELPER" add-key "$TMP/hd" "$TMP/link.key" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	expect_rc "encbench-fscrypt: a linked key file is bad data" 65
	expect_err_line "it says a key file is no link" "encbench-fscrypt: $TMP/link.key: error: a key file is a regular file of exactly 64 bytes, not a symbolic link"
	# Outside audit E21: a FIFO is refused at once, not waited on.
	mkfifo "$TMP/fifo.key"
	timeout 10 "$HELPER" add-key "$TMP/hd" "$TMP/fifo.key" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	expect_rc "encbench-fscrypt: a FIFO key file is bad data, at once" 65
	expect_err_line "it says what a key file is" "encbench-fscrypt: $TMP/fifo.key: error: a key file is a regular file of exactly 64 bytes"
	"$HELPER" remove-key "$TMP/hd" 0123 >"$TMP/out" 2>"$TMP/err"
	rc=$?
	expect_rc "encbench-fscrypt: a short identifier is a usage error" 64
	"$HELPER" set-policy "$TMP/hd" 0123456789abcdef0123456789abcdef aes-128-cbc >"$TMP/out" 2>"$TMP/err"
	rc=$?
	expect_rc "encbench-fscrypt: an unknown policy mode is a usage error" 64
	"$HELPER" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	expect_rc "encbench-fscrypt without arguments is a usage error" 64
fi
if ! grep -q '^name *: adiantum' /proc/crypto; then
	"$RUNNER" --backend fscrypt --modes fscrypt-adiantum --dry-run >"$TMP/out" 2>"$TMP/err"
	rc=$?
	expect_rc "fscrypt-adiantum where /proc/crypto has no adiantum is a usage error" 64
	"$RUNNER" --backend fscrypt --dry-run >"$TMP/plan" 2>&1
	grep -q '^# encbench-run --dry-run: fscrypt backend, 36 outputs into' "$TMP/plan" && ! grep -q adiantum "$TMP/plan" \
		&& pass "without adiantum the default modes are none and fscrypt-aes-256-xts" || fail "the default fscrypt modes"
fi

if [ "$(id -u)" != 0 ]; then why="it needs root"
elif [ ! -e /dev/loop-control ] || ! command -v losetup >/dev/null; then why="this machine has no loop devices"
elif [ ! -e /sys/fs/ext4/features/encryption ]; then why="this kernel's ext4 has no encryption"
elif ! command -v mkfs.ext4 >/dev/null; then why="mkfs.ext4 is not installed"
elif ! command -v fio >/dev/null; then why="fio is not installed"
elif [ ! -x "$HELPER" ]; then why="$HELPER is not built (make)"
else why=""; fi
if [ -n "$why" ]; then
	skip "the fscrypt backend for real: $why"
	exit 0
fi

W=$TMP/work
mkdir -p "$W"
# A helper that logs each call and its exit beside the real one.
cat > "$TMP/helper" <<EOF
#!/bin/sh
"$HELPER" "\$@"
rc=\$?
echo "\$1 \$3 \$4 exit=\$rc" >> "$TMP/helper.log"
exit \$rc
EOF
chmod +x "$TMP/helper"

scrub() { # leaves this machine as it was, whatever a failed test left
	for mp in $(grep -F " $W/" /proc/mounts | awk '{ print $2 }' | sort -r); do umount "$mp"; done
	for l in $(losetup -a | grep -F "$W/" | cut -d: -f1); do losetup -d "$l"; done
}

traces() { # what of a run is left: loop devices, mounts, files, undo files
	losetup -a | grep -F "$W/"
	grep -F " $W/" /proc/mounts
	find "$W" -mindepth 1
	ls "$TMP"/encbench-run-undo.* 2>/dev/null
}

# ---- the run of the issue: 16M, two reps, dd and fio

ENCBENCH_FSCRYPT=$TMP/helper "$RUNNER" --backend fscrypt --yes --size 16M --reps 2 --tests dd,fio \
	--workdir "$W" --release 12 --out "$TMP/F" >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "fscrypt backend: a real run exits 0" 0
if [ -z "$(traces)" ]; then pass "fscrypt: no loop device, mount, file or undo file is left"; else
	fail "fscrypt: no loop device, mount, file or undo file is left"; traces | sed 's/^/  left: /'; fi
# A warm-up round and two measured rounds of the encrypted mode.
n_add=$(grep -c '^add-key .* exit=0$' "$TMP/helper.log")
n_rm=$(grep -c '^remove-key .* exit=0$' "$TMP/helper.log")
[ "$n_add" -eq 3 ] && [ "$n_rm" -eq 3 ] && pass "fscrypt: each of the 3 keys added was removed from the keyring" || fail "fscrypt: keys added $n_add, removed $n_rm"
[ "$(grep -c '^set-policy .* aes-256-xts exit=0$' "$TMP/helper.log")" -eq 3 ] && pass "fscrypt: a v2 aes-256-xts policy was set in each round" || fail "fscrypt: policies set"
eb ingest "$TMP/F"
expect_rc "fscrypt: its run directory ingests" 0
n=$(awk -F, '$4 == "fscrypt-aes-256-xts" && $10 == "bw"' "$TMP/out" | wc -l)
[ "$n" -eq 12 ] && pass "fscrypt: 12 bw records of fscrypt-aes-256-xts (6 tests, 2 reps)" || fail "fscrypt: $n bw records of fscrypt-aes-256-xts"

xts=$(awk -F' *: ' '$1 == "name" { n = $2 } $1 == "driver" && n == "xts(aes)" { print $2; exit }' /proc/crypto)
grep -qF "\"xts(aes)\": [{\"driver\": \"$xts\"" "$TMP/F/meta.json" && pass "meta.json names the kernel's xts(aes) driver ($xts)" || fail "meta.json names the kernel's xts(aes) driver ($xts)"
grep -qF '"policy_version": 2, "policies": {"fscrypt-aes-256-xts": {"contents": "AES-256-XTS", "filenames": "AES-256-CTS", "flags": "PAD_32"}}' "$TMP/F/meta.json" \
	&& pass "meta.json records the policy" || fail "meta.json records the policy"
grep -qF '"mkfs_options": "-q -O encrypt -E lazy_itable_init=0,lazy_journal_init=0", "mount_options": "rw,noatime' "$TMP/F/meta.json" \
	&& pass "meta.json records the ext4 options" || fail "meta.json records the ext4 options"

eb report "$TMP/F" -o "$TMP/rep"
expect_rc "fscrypt: encbench report exits 0" 0
if grep -q '^- In 12, fscrypt[:, ]' "$TMP/rep/report.md" && ! grep -q '^- In 12, fscrypt-aes' "$TMP/rep/report.md"; then
	pass "the report's findings speak of the fscrypt family"; else
	fail "the report's findings speak of the fscrypt family"; sed -n '/^## Findings/,/^## /p' "$TMP/rep/report.md"; fi
eb overhead --metric bw "$TMP/F"
# The numbers of each row: test, metric, mode, n, mean, baseline, ratio.
grep '| fscrypt-aes-256-xts |' "$TMP/out" | cut -d'|' -f2-8 | tr -s ' ' > "$TMP/ov.want"
# The report's pages (the release's detail page holds the table).
grep -rh --include='*.md' '| fscrypt-aes-256-xts |   2 |' "$TMP/rep" | cut -d'|' -f2-8 | tr -s ' ' | sort -u > "$TMP/ov.got"
if [ "$(wc -l < "$TMP/ov.want")" -eq 6 ] && cmp -s "$TMP/ov.want" "$TMP/ov.got"; then
	pass "the report's overhead rows have encbench overhead's six ratios"; else
	fail "the report's overhead rows have encbench overhead's six ratios"; diff "$TMP/ov.want" "$TMP/ov.got" | head -5; fi
# The main page's glance row: dd read's throughput change is minus its overhead.
# With two runs a side the verdict may be that the data cannot tell, and
# the main page's table is a Holm family of its own (one mode's tests), so
# when encbench overhead gives no cost the cell is "~", unbounded or a
# change; when it gives one, the cell carries that figure.
dd_row=$(grep '| dd read 1 MiB .*| fscrypt-aes-256-xts |' "$TMP/out" | head -n 1)
case "$dd_row" in
*"| costs "*)
	dd_over=$(printf '%s\n' "$dd_row" | awk -F'|' '{ print $9 }' | grep -o '[0-9.]* %' | head -n 1 | tr -d ' %')
	glance="\\| *-$dd_over " ;;
*) glance='\| *(~ \(|-[0-9.]+ )' ;;
esac
grep '^| fscrypt-aes-256-xts ' "$TMP/rep/report.md" | grep -Eq -- "$glance" \
	&& pass "the report's main page shows fscrypt's dd read change as encbench overhead decides it" \
	|| fail "the report's main page shows fscrypt's dd read change as encbench overhead decides it ($glance)"

# ---- the plan, run by sh as printed, does the run

ENCBENCH_FSCRYPT=$HELPER "$RUNNER" --backend fscrypt --dry-run --size 4M --reps 1 --tests dd \
	--workdir "$W" --out "$TMP/FP" >"$TMP/plan" 2>"$TMP/err"
rc=$?
expect_rc "fscrypt: --dry-run exits 0" 0
grep -q '^dev=$(losetup -f --show .*/none.img)$' "$TMP/plan" && grep -q '^mkfs.ext4 -q -O encrypt -E lazy_itable_init=0,lazy_journal_init=0 "$dev"$' "$TMP/plan" \
	&& pass "fscrypt: the plan keeps the loop device in \$dev" || fail "fscrypt: the plan keeps the loop device in \$dev"
sh -e "$TMP/plan" >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "fscrypt: the plan runs as printed" 0
[ "$(find "$TMP/FP" -name 'dd-*-r1.txt' -size +0 | wc -l)" -eq 4 ] && pass "fscrypt: the plan wrote the 4 outputs" || fail "fscrypt: the plan wrote the 4 outputs"
[ -z "$(traces)" ] && pass "fscrypt: the plan removes all it made" || { fail "fscrypt: the plan removes all it made"; traces; scrub; }

# ---- failures at each new step clean up

mkdir -p "$TMP/failmkfs"
printf '#!/bin/sh\necho "mkfs.ext4: injected failure" >&2\nexit 1\n' > "$TMP/failmkfs/mkfs.ext4"
chmod +x "$TMP/failmkfs/mkfs.ext4"
PATH="$TMP/failmkfs:$PATH" ENCBENCH_FSCRYPT=$HELPER "$RUNNER" --backend fscrypt --yes --size 4M --reps 1 \
	--tests dd --workdir "$W" --out "$TMP/F2" >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "fscrypt: a failing mkfs.ext4 fails the run" 1
grep -q '^encbench-run: error: mkfs.ext4 -q -O encrypt .* failed (exit 1)$' "$TMP/err" && pass "fscrypt: it says mkfs.ext4 failed" || fail "fscrypt: it says mkfs.ext4 failed"
[ -z "$(traces)" ] && pass "fscrypt: after a failing mkfs the loop device is detached and all removed" || { fail "fscrypt: after a failing mkfs all is removed"; traces; }

for step in set-policy remove-key; do
	cat > "$TMP/failhelper" <<EOF
#!/bin/sh
[ "\$1" != $step ] || { echo "encbench-fscrypt: injected failure" >&2; exit 1; }
exec "$HELPER" "\$@"
EOF
	chmod +x "$TMP/failhelper"
	ENCBENCH_FSCRYPT=$TMP/failhelper "$RUNNER" --backend fscrypt --yes --size 4M --reps 1 --tests dd \
		--modes fscrypt-aes-256-xts --workdir "$W" --out "$TMP/F-$step" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	expect_rc "fscrypt: a failing $step fails the run" 1
	grep -q "^encbench-run: error: .*$step.* failed" "$TMP/err" && pass "fscrypt: it says $step failed" || fail "fscrypt: it says $step failed"
	# The keyring goes with the unmount, so a key that could not be
	# removed is not left either.
	[ -z "$(traces)" ] && pass "fscrypt: after a failing $step all is removed" || { fail "fscrypt: after a failing $step all is removed"; traces; }
done

# ---- a real SIGTERM in the middle of a real test

ENCBENCH_FSCRYPT=$HELPER "$RUNNER" --backend fscrypt --yes --size 64M --reps 3 --tests fio \
	--modes fscrypt-aes-256-xts --workdir "$W" --out "$TMP/F3" >"$TMP/out" 2>"$TMP/err" &
rpid=$!
i=0
while ! grep -q '^encbench-run: warm-up fscrypt-aes-256-xts/fio-seq-write' "$TMP/err" && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
kill -TERM "$rpid"
wait "$rpid"
rc=$?
expect_rc "fscrypt: SIGTERM in a test exits 143" 143
[ -z "$(traces)" ] && pass "fscrypt: after SIGTERM nothing is left" || { fail "fscrypt: after SIGTERM nothing is left"; traces; }

# ---- kill -9: the next run names the real mounts, the loop device and the key

mkdir -p "$TMP/slowdd"
cat > "$TMP/slowdd/dd" <<EOF
#!/bin/sh
[ "\$1" != --version ] || { echo "dd (coreutils) 9.1"; exit 0; }
echo \$\$ > "$TMP/slowdd/dd.pid"
exec sleep 60
EOF
chmod +x "$TMP/slowdd/dd"
PATH="$TMP/slowdd:$PATH" ENCBENCH_FSCRYPT=$HELPER "$RUNNER" --backend fscrypt --yes --size 4M --reps 1 \
	--tests dd --modes fscrypt-aes-256-xts --workdir "$W" --out "$TMP/F4" >"$TMP/out" 2>"$TMP/err" &
rpid=$!
i=0
while [ ! -s "$TMP/slowdd/dd.pid" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
kill -9 "$rpid"
wait "$rpid" 2>/dev/null
kill "$(cat "$TMP/slowdd/dd.pid")" 2>/dev/null
ENCBENCH_FSCRYPT=$HELPER "$RUNNER" --backend fscrypt --yes --size 4M --reps 1 --tests dd --resume \
	--modes fscrypt-aes-256-xts --workdir "$W" --out "$TMP/F4" >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "fscrypt: after a kill -9 the next run refuses" 1
ram=$(find "$W" -mindepth 1 -maxdepth 1 -name 'encbench-*' | head -n 1)
grep -q "^  mount $ram/mnt-fscrypt-aes-256-xts: umount $ram/mnt-fscrypt-aes-256-xts$" "$TMP/err" && pass "fscrypt: it names the ext4 mount" || fail "fscrypt: it names the ext4 mount"
grep -q "^  mount $ram: umount $ram$" "$TMP/err" && pass "fscrypt: it names the RAM disk's mount" || fail "fscrypt: it names the RAM disk's mount"
grep -q "^  loop device /dev/loop[0-9]* over $ram/fscrypt-aes-256-xts.img: losetup -d /dev/loop[0-9]*$" "$TMP/err" && pass "fscrypt: it names the loop device" || fail "fscrypt: it names the loop device"
grep -q "^  key file $ram/key.raw: rm -f $ram/key.raw$" "$TMP/err" && pass "fscrypt: it names the key file" || fail "fscrypt: it names the key file"
grep -q "^  undo file $TMP/encbench-run-undo\." "$TMP/err" && pass "fscrypt: it names the undo file" || fail "fscrypt: it names the undo file"
# The undo file's steps, as printed, remove everything.
sed -n 's/^  step of the undo file [^:]*: //p' "$TMP/err" > "$TMP/fix.sh"
sh "$TMP/fix.sh" >/dev/null 2>&1
rm -f "$TMP"/encbench-run-undo.*
if [ -z "$(traces)" ]; then pass "fscrypt: the printed steps remove what the killed run made"; else
	fail "fscrypt: the printed steps remove what the killed run made"; traces | sed 's/^/  left: /'
	scrub
fi
