# runner_safety.sh - encbench-run cannot be turned against its user: no
# value is run as shell text, only what it created is removed, and every
# signal (sent for real) stops the running test and undoes the run.
. tests/e2e/lib.sh
. tests/e2e/runner-stubs.lib

dir_run() { # extra args; the dir backend on $TMP/T with dd; sets rc
	"$RUNNER" --backend dir --tests dd --size 1M --reps 1 "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
}

# ---- 1. no value is evaluated as shell text

if [ "$(id -u)" = 0 ]; then
	evil="$TMP/w';touch $TMP/pwned;'"
	mkdir -p "$evil"
	PATH="$STUB:$PATH" "$RUNNER" --backend zfs --yes --tests dd --size 4M --reps 1 --vdevs 4 \
		--modes none --workdir "$evil" --out "$TMP/out-evil" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	expect_rc "a run with a quote and a ; in --workdir exits 0" 0
	[ ! -e "$TMP/pwned" ] && pass "the command in --workdir never ran" || fail "the command in --workdir ran as root"
	if [ -z "$(find "$evil" -mindepth 1)" ] && ! grep -v '^tank$' "$STATE/pools" | grep -q .; then
		pass "the run with a quoted --workdir removed what it made"; else fail "the run with a quoted --workdir removed what it made"; fi
	grep -q "^umount $evil/encbench-" "$STATE/log" && pass "its RAM disk was unmounted by its exact path" || fail "its RAM disk was unmounted by its exact path"
	rm -rf "$TMP/out-evil"
else
	skip "the quoted --workdir run needs root (stub zfs backend)"
fi

mkdir -p "$TMP/T"
dir_run --target none="$TMP/T" --out "$(printf '%s/nl\nout' "$TMP")"
expect_rc "a newline in --out is a usage error" 64
grep -q "control character" "$TMP/err" && pass "it says a control character is refused" || fail "it says a control character is refused"
[ ! -e "$TMP/nl" ] && [ -z "$(find "$TMP" -maxdepth 1 -name 'nl*')" ] && pass "nothing was created for it" || fail "nothing was created for it"
dir_run --target "$(printf 'none=%s/T\033[2J' "$TMP")" --out "$TMP/esc"
expect_rc "an escape in a --target path is a usage error" 64
# Labels encbench refuses to read are refused before the run, which
# would end with "done" and give a folder no ingest reads (audit 28 N04).
for label in '=HYPERLINK("http://x")' '-2+3' '@sum' '+1' ' ' "$(printf 'caf\351')"; do
	for opt in --release --config; do
		rm -rf "$TMP/lab"
		dir_run --target none="$TMP/T" --out "$TMP/lab" "$opt" "$label"
		expect_rc "$opt '$label' is a usage error" 64
		[ ! -e "$TMP/lab" ] && pass "nothing was made for $opt '$label'" ||
			fail "nothing was made for $opt '$label'"
	done
done
dir_run --target none="$TMP/T" --out "$TMP/lab" --release '=1'
expect_err_line "the error says why a formula label is refused" \
	"encbench-run: error: --release '=1' begins with =, +, - or @, which a spreadsheet opening results.csv would run as a formula: encbench reads no such label"
dir_run --target none="$TMP/T" --out "$TMP/lab" --config "$(printf 'caf\351')"
expect_err_line "the error says a label is not UTF-8" \
	"encbench-run: error: --config 'caf?' is not UTF-8 text, which meta.json must hold"

# ---- 2. files of the same names in a target are not the run's to remove

mkdir -p "$TMP/T2"
echo precious-dd > "$TMP/T2/encbench-dd.bin"
echo precious-fio > "$TMP/T2/encbench-fio.bin"
dir_run --target none="$TMP/T2" --out "$TMP/R2"
expect_rc "a run beside a user's encbench-dd.bin exits 0" 0
expect_file_is "the user's encbench-dd.bin is untouched" "$TMP/T2/encbench-dd.bin" precious-dd
expect_file_is "the user's encbench-fio.bin is untouched" "$TMP/T2/encbench-fio.bin" precious-fio
[ "$(ls -A "$TMP/T2" | wc -l)" -eq 2 ] && pass "the run left nothing of its own in the target" || fail "the run left nothing of its own in the target"

# ---- 3. an existing RAM-disk path is refused, not reused

if [ "$(id -u)" = 0 ]; then
	: > "$STATE/log"
	# The prefix is the time and the PID; sh -c execs the runner with
	# the PID it had, and the folder is made for this second and the next.
	PATH="$STUB:$PATH" sh -c '
		w=$1; shift
		s=$(date +%s)
		for t in $s $((s + 1)); do
			d="$w/encbench-$(date -d "@$t" +%Y%m%d%H%M%S)-$$"
			mkdir -p "$d" && echo mine > "$d/user-file"
		done
		exec "$@"' sh "$TMP/work" "$RUNNER" --backend zfs --yes --tests dd --size 4M --reps 1 \
		--vdevs 4 --modes none --workdir "$TMP/work" --out "$TMP/out-pre" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	expect_rc "an existing RAM-disk folder makes the run refuse" 1
	grep -q "exists already; it is not this run's to use" "$TMP/err" && pass "it says the folder exists" || fail "it says the folder exists"
	[ "$(find "$TMP/work" -name user-file | wc -l)" -eq 2 ] && pass "the user's file in it is kept" || fail "the user's file in it is kept"
	grep -q '^mount ' "$STATE/log" && fail "it mounted over the existing folder" || pass "nothing was mounted"
	rm -rf "$TMP/work"/* "$TMP/out-pre"
else
	skip "the existing RAM-disk folder needs root (stub zfs backend)"
fi

# ---- 4. an --out with results but no meta.json is not overwritten

mkdir -p "$TMP/O/none"
echo "old result" > "$TMP/O/none/dd-write-r1.txt"
dir_run --target none="$TMP/T" --out "$TMP/O"
expect_rc "a non-empty --out without meta.json is refused" 1
grep -q "is not empty and holds no meta.json" "$TMP/err" && pass "it says why" || fail "it says why"
expect_file_is "the result in it is untouched" "$TMP/O/none/dd-write-r1.txt" "old result"
[ ! -e "$TMP/O/meta.json" ] && pass "no meta.json was written into it" || fail "no meta.json was written into it"

# ---- 5. no mode or label names a path outside --out

for bad in . .. .hidden meta.json; do
	dir_run --target "$bad=$TMP/T" --out "$TMP/O5"
	expect_rc "mode '$bad' is a usage error" 64
done
# Prerequisites found before anything is made, not at the first test (the
# third audit's A27): a ':' fio would split a path at, a meter that is no
# program, a configuration named twice.
"$RUNNER" --backend dir --tests dd,fio --target "none=$TMP/a:b" --out "$TMP/O5" >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "a ':' in a --target path with fio is a usage error" 64
ENCBENCH_SAMPLE=${BUILD:-build}/encbench-sample "$RUNNER" --backend dir --tests dd --target "none=$TMP/T" \
	--power-cmd '$(touch pwned)' --out "$TMP/O5" >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "a --power-cmd that is no program is a usage error" 64
grep -q "^encbench-run: error: --power-cmd '\$(touch pwned)' is no program to run" "$TMP/err" \
	&& pass "it names the --power-cmd" || fail "it names the --power-cmd"
# Two modes on one folder, named twice or through a link, would measure one
# unencrypted folder twice and call the difference encryption.
mkdir -p "$TMP/same"
ln -s "$TMP/same" "$TMP/same-link"
dir_run --target "none=$TMP/same" --target "aes-256-gcm=$TMP/same-link" --out "$TMP/O5"
expect_rc "two modes on one folder are a usage error" 64
grep -q "^encbench-run: error: --target none and aes-256-gcm name the same folder" "$TMP/err" \
	&& pass "it names both modes" || fail "it names both modes"
"$RUNNER" --backend zfs --configs default,default --dry-run >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "--configs naming one twice is a usage error" 64
[ ! -e "$TMP/O5" ] && pass "none of them created --out" || fail "none of them created --out"
mkdir -p "$TMP/cwd"
(cd "$TMP/cwd" && "$RUNNER" --backend dir --tests dd --size 1M --reps 1 --target none="$TMP/T" \
	--release ../../x --config 'a/b' >"$TMP/out" 2>"$TMP/err")
rc=$?
expect_rc "a release of ../../x runs" 0
[ -f "$TMP/cwd/encbench-_.._x-a_b-dir/meta.json" ] && pass "the default out folder is made of the sanitised labels" || fail "the default out folder is made of the sanitised labels"
[ "$(ls -A "$TMP/cwd")" = "encbench-_.._x-a_b-dir" ] && [ ! -e "$TMP/x-a" ] && pass "nothing was written beside it" || fail "nothing was written beside it"

# ---- 6, 7, 9. every signal stops the running test at once and undoes the run

mkdir -p "$TMP/slow"
cat > "$TMP/slow/fio" <<EOF
#!/bin/sh
# A fio that makes its file and then takes long, as a big test would.
[ "\$1" != --version ] || { echo fio-3.33; exit 0; }
: > "\$EB_DIR/encbench-fio.bin"
echo \$\$ > "$TMP/slow/fio.pid"
exec sleep 60
EOF
chmod +x "$TMP/slow/fio"
# Audit 9's G13: every signal whose default ends a process, USR1, ALRM
# and a real-time one among them, not only the five usual ones.
for sig in HUP:1 INT:2 QUIT:3 TERM:15 PIPE:13 USR1:10 USR2:12 ALRM:14 VTALRM:26 XCPU:24 RTMIN:34; do
	num=${sig#*:} sig=${sig%:*}
	rm -f "$TMP/slow/fio.pid"
	rm -rf "$TMP/S" "$TMP/RS"
	mkdir -p "$TMP/S"
	# env puts INT and QUIT back to their defaults, which a shell ignores
	# in what it starts in the background.
	PATH="$TMP/slow:$PATH" env --default-signal=INT,QUIT "$RUNNER" --backend dir --tests dd,fio \
		--size 1M --reps 1 --target none="$TMP/S" --out "$TMP/RS" >"$TMP/out" 2>"$TMP/err" &
	rpid=$!
	i=0
	while [ ! -s "$TMP/slow/fio.pid" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	fpid=$(cat "$TMP/slow/fio.pid" 2>/dev/null)
	t0=$(date +%s)
	kill -"$num" "$rpid"
	wait "$rpid"
	rc=$?
	t1=$(date +%s)
	want=$((128 + num))
	expect_rc "SIG$sig: the runner exits $want" "$want"
	[ $((t1 - t0)) -le 5 ] && pass "SIG$sig: it did not wait for the running fio" || fail "SIG$sig: it waited $((t1 - t0)) s for fio"
	if [ -n "$fpid" ] && ! kill -0 "$fpid" 2>/dev/null; then pass "SIG$sig: the running fio was stopped"; else
		fail "SIG$sig: the running fio was stopped"; [ -z "$fpid" ] || kill "$fpid" 2>/dev/null; fi
	if [ -z "$(ls -A "$TMP/S")" ]; then pass "SIG$sig: no test file is left in the target"; else
		fail "SIG$sig: no test file is left in the target"; find "$TMP/S" | sed 's/^/  left: /'; fi
	[ -z "$(ls "$TMP"/encbench-run-undo.* 2>/dev/null)" ] && pass "SIG$sig: no undo file is left" || fail "SIG$sig: no undo file is left"
done

# ---- 8. a failed cleanup says so; a failing create says so; leftovers are named

if [ "$(id -u)" = 0 ]; then
	STUB_FAIL_ALWAYS="umount" stub_run zfs --modes none
	expect_rc "a run whose cleanup cannot unmount exits 1" 1
	expect_err_line "it says cleanup failed" "encbench-run: error: cleanup failed; these are left, remove them (as root) with, in this order:"
	ram=$(sed -n "s|^umount \($TMP/work/encbench-[0-9]*-[0-9]*\)\$|\1|p" "$STATE/log" | head -n 1)
	expect_err_line "it names the mount and how to remove it" "  umount $ram"
	undo=$(ls "$TMP"/encbench-run-undo.* 2>/dev/null)
	[ -n "$undo" ] && expect_err_line "it names its undo file" "  rm -f $undo" || fail "it keeps its undo file"
	# What it printed removes the rest.
	grep '^  ' "$TMP/err" | sed 's/^  //' > "$TMP/fix.sh"
	PATH="$STUB:$PATH" sh -e "$TMP/fix.sh" 2>/dev/null
	[ -z "$(left_behind)" ] && pass "running what it printed removes everything" || { fail "running what it printed removes everything"; left_behind; }

	STUB_FAIL="create" stub_run zfs --modes none
	expect_rc "a failing zpool create fails the run" 1
	grep -q "^encbench-run: error: zpool create .* failed (exit 1)$" "$TMP/err" && pass "a failing zpool create prints an encbench-run: error: line" || fail "a failing zpool create prints an encbench-run: error: line"
	[ -z "$(left_behind)" ] && pass "and everything is cleaned up" || fail "and everything is cleaned up"

	# kill -9 in the middle of a test: the next run names every leftover.
	mkdir -p "$TMP/slowdd"
	cat > "$TMP/slowdd/dd" <<EOF
#!/bin/sh
[ "\$1" != --version ] || { echo "dd (coreutils) 9.1"; exit 0; }
echo \$\$ > "$TMP/slowdd/dd.pid"
exec sleep 60
EOF
	chmod +x "$TMP/slowdd/dd"
	rm -f "$TMP/slowdd/dd.pid"
	: > "$STATE/log"
	PATH="$TMP/slowdd:$STUB:$PATH" "$RUNNER" --backend zfs --yes --tests dd --size 4M --reps 1 \
		--vdevs 4 --modes none --workdir "$TMP/work" --out "$TMP/out-k9" >"$TMP/out" 2>"$TMP/err" &
	rpid=$!
	i=0
	while [ ! -s "$TMP/slowdd/dd.pid" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	kill -9 "$rpid"
	wait "$rpid" 2>/dev/null
	kill "$(cat "$TMP/slowdd/dd.pid")" 2>/dev/null
	ram=$(sed -n "s|^mount -t tmpfs .* \($TMP/work/encbench-[0-9]*-[0-9]*\)\$|\1|p" "$STATE/log" | head -n 1)
	stub_run zfs --modes none --resume
	expect_rc "after a kill -9 the next run refuses" 1
	expect_err_line "the refusal heads its list" "encbench-run: error: an earlier run left these behind; remove them first (as root), in this order:"
	grep -q "^  pool ${ram##*/}-none: zpool destroy ${ram##*/}-none$" "$TMP/err" && pass "it names the pool" || fail "it names the pool"
	grep -q "^  key file $ram/key: rm -f $ram/key$" "$TMP/err" && pass "it names the key file" || fail "it names the key file"
	grep -q "^  undo file $TMP/encbench-run-undo\.[^:]*: rm -f " "$TMP/err" && pass "it names the undo file" || fail "it names the undo file"
	grep -q "^  step of the undo file .*: umount $ram$" "$TMP/err" && pass "it names the mount, from the undo file" || fail "it names the mount, from the undo file"
	grep -q "^  RAM disk folder $ram: rmdir $ram$" "$TMP/err" && pass "it names the RAM-disk folder" || fail "it names the RAM-disk folder"
	grep -q '^mount \|^zpool create' "$STATE/log" && fail "the refusal created something" || pass "the refusal created nothing"
	# The undo file's steps, newest first, remove the rest.
	sed -n 's/^  step of the undo file [^:]*: //p' "$TMP/err" > "$TMP/fix.sh"
	PATH="$STUB:$PATH" sh "$TMP/fix.sh" 2>/dev/null
	rm -f "$TMP"/encbench-run-undo.*
	[ -z "$(left_behind)" ] && pass "the undo file's steps remove what the killed run made" || { fail "the undo file's steps remove what the killed run made"; left_behind; }
	rm -rf "$TMP/out-k9"
else
	skip "the cleanup-failure and kill -9 stub runs need root"
fi
