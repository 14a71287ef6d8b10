# runner_writes.sh - encbench-run, run as root, writes results only as new
# files in folders of its own: a link planted where a result goes is
# refused, never written through; and its numbers are decimal and bounded,
# never read as octal or wrapped by the shell's arithmetic.
. tests/e2e/lib.sh
RUNNER=${RUNNER:-$(pwd)/runner/encbench-run}
case ${BUILD:-build} in /*) SAMPLER=$BUILD/encbench-sample ;; *) SAMPLER=$(pwd)/${BUILD:-build}/encbench-sample ;; esac
TMPDIR=$TMP
export TMPDIR

run_dir() { # extra args: a dir-backend dd run of two modes into $TMP/o
	ENCBENCH_SAMPLE=$SAMPLER "$RUNNER" --backend dir --tests dd --size 1M --reps 2 \
		--target none="$TMP/n" --target aes-256-gcm="$TMP/e" --out "$TMP/o" "$@" \
		>"$TMP/out" 2>"$TMP/err"
	rc=$?
}

mkdir -p "$TMP/n" "$TMP/e"
echo "precious user data" > "$TMP/victim"

# ---- 1. --resume never writes through a planted link

run_dir
expect_rc "a two-mode dd run exits 0" 0
[ -f "$TMP/o/none/dd-write-r2.txt" ] && [ -f "$TMP/o/none/dd-write-r2.sample" ] &&
	pass "it wrote dd-write-r2.txt and its samples" || fail "it wrote dd-write-r2.txt and its samples"

# An interrupted run: one result missing, and a link where it is written.
rm "$TMP/o/none/dd-write-r2.txt"
ln -s "$TMP/victim" "$TMP/o/none/dd-write-r2.txt.part"
run_dir --resume
expect_rc "--resume with a link at a result's temporary name is refused" 1
expect_err_line "it names the link" "  $TMP/o/none/dd-write-r2.txt.part"
expect_file_is "the file the link points to is untouched" "$TMP/victim" "precious user data"
[ ! -e "$TMP/o/none/dd-write-r2.txt" ] && pass "no result was moved into place through it" ||
	fail "no result was moved into place through it"
rm "$TMP/o/none/dd-write-r2.txt.part"

# The same for the sampler's temporary name and for a result's final name.
ln -s "$TMP/victim" "$TMP/o/none/dd-write-r2.sample.part"
run_dir --resume
expect_rc "--resume with a link at a sample file's temporary name is refused" 1
expect_file_is "the sample link's target is untouched" "$TMP/victim" "precious user data"
rm "$TMP/o/none/dd-write-r2.sample.part"
ln -s "$TMP/victim" "$TMP/o/none/dd-write-r2.txt"
run_dir --resume
expect_rc "--resume with a link as a finished result is refused" 1
expect_file_is "a linked result is neither read as done nor overwritten" "$TMP/victim" "precious user data"
rm "$TMP/o/none/dd-write-r2.txt"

# A mode folder that is a link would send every result elsewhere.
mkdir "$TMP/elsewhere"
mv "$TMP/o/aes-256-gcm" "$TMP/o-aes"
ln -s "$TMP/elsewhere" "$TMP/o/aes-256-gcm"
run_dir --resume
expect_rc "--resume with a mode folder that is a link is refused" 1
[ -z "$(ls -A "$TMP/elsewhere")" ] && pass "nothing was written where the link points" ||
	fail "nothing was written where the link points"
rm "$TMP/o/aes-256-gcm"
mv "$TMP/o-aes" "$TMP/o/aes-256-gcm"

# A mode folder others may write into could be given links at any time.
chmod 0777 "$TMP/o/none"
run_dir --resume
expect_rc "--resume into a mode folder anyone may write into is refused" 1
grep -q "others may write into it" "$TMP/err" && pass "it says why" || fail "it says why"
chmod 0755 "$TMP/o/none"

# A regular file of this user at the temporary name is an interrupted run's
# own leftover: it is replaced, and the run completes.
echo "half a dd output" > "$TMP/o/none/dd-write-r2.txt.part"
run_dir --resume
expect_rc "--resume over its own leftover .part completes" 0
grep -q '^1+0 records out$' "$TMP/o/none/dd-write-r2.txt" && ! grep -q "half a dd" "$TMP/o/none/dd-write-r2.txt" &&
	pass "the result is the new dd output" || fail "the result is the new dd output"
[ ! -L "$TMP/o/none/dd-write-r2.txt" ] && [ ! -e "$TMP/o/none/dd-write-r2.txt.part" ] &&
	pass "it is a plain file, and no .part is left" || fail "it is a plain file, and no .part is left"

# A hard link at the temporary name is not the run's to truncate.
rm "$TMP/o/none/dd-write-r2.txt"
ln "$TMP/victim" "$TMP/o/none/dd-write-r2.txt.part"
run_dir --resume
expect_rc "--resume with a hard link at a temporary name is refused" 1
expect_file_is "the hard-linked file is untouched" "$TMP/victim" "precious user data"
rm "$TMP/o/none/dd-write-r2.txt.part"

# The sampler itself opens a new file only.
ln -s "$TMP/victim" "$TMP/s.sample.part"
"$SAMPLER" -o "$TMP/s" -- true >"$TMP/out" 2>"$TMP/err"
rc=$?
[ "$rc" -ne 0 ] && pass "encbench-sample refuses a link at its temporary name" ||
	fail "encbench-sample refuses a link at its temporary name"
expect_file_is "encbench-sample wrote nothing through the link" "$TMP/victim" "precious user data"

# ---- 2. numbers are decimal, bounded, and checked before anything runs

plan() { # extra args: the dry-run plan of one dd run
	"$RUNNER" --backend dir --tests dd --reps 1 --target none="$TMP/n" --out "$TMP/dry" --dry-run "$@" \
		>"$TMP/out" 2>"$TMP/err"
	rc=$?
}
plan --size 010M --bs 1M
expect_rc "--size 010M is a size" 0
grep -q ' bs=1048576 count=10 ' "$TMP/out" && pass "--size 010M is 10 MiB, not octal 8" || fail "--size 010M is 10 MiB, not octal 8"
plan --size 10M --bs 010K
grep -q ' bs=10240 count=1024 ' "$TMP/out" && pass "--bs 010K is 10 KiB" || fail "--bs 010K is 10 KiB"
plan --size 1M --bs 3K
expect_rc "a --size of no whole number of --bs blocks is a usage error" 64
expect_err_line "it says so" "encbench-run: error: --size 1M is not a whole number of --bs 3K and --rand-bs 4K blocks"
plan --reps 010 --ashift 012
expect_rc "leading zeros are decimal in every count" 0
# Outside audit E18, F4: the runner's own configuration names, in any
# spelling encbench reads as them, are claims.
plan --config no-aesni
expect_rc "--config no-aesni without --aes-impl is a usage error" 64
expect_err_line "it says why" "encbench-run: error: --config no-aesni is the name of a configuration the runner sets itself, and these flags make 'default': give --aes-impl or --cpus to run it, or another label"
plan --config 2-cores --cpus 4
expect_rc "--config 2-cores with --cpus 4 is a usage error" 64
for c in "No AES-NI" noaesni "2 CPUs"; do
	plan --config "$c"
	expect_rc "--config '$c', as encbench reads it a name of the runner's, is a usage error without its flag" 64
done
# Spellings beyond the runner's names that speak of its settings are
# refused, not guessed at (F4's class).
for c in "w/o AES-NI" "AES-NI off" "icp generic" "2 vCPUs" 2cpu two-cores "zfs default"; do
	plan --config "$c"
	expect_rc "--config '$c' speaks of the runner's settings: a usage error" 64
	expect_err_line "--config '$c': it says why" "encbench-run: error: --config '$c' speaks of AES-NI, CPUs or the default, which the runner's flags set: name the configuration as the runner does ('default' for these flags) or give a label without those words"
done
plan --config my-laptop-label
expect_rc "a free --config label is taken" 0
plan --size 08M
expect_rc "--size 08M is a size" 0
grep -q ' count=8 ' "$TMP/out" && [ -z "$(grep -v 'warning: without --drop-caches' "$TMP/err")" ] && pass "--size 08M is 8 MiB, with no shell error" ||
	fail "--size 08M is 8 MiB, with no shell error"
"$RUNNER" --backend zfs --dry-run --tests dd --reps 1 --size 4M --ramdisk-size 0100M --out "$TMP/dry" >"$TMP/out" 2>"$TMP/err"
rc=$?
grep -q 'size=104857600' "$TMP/out" && pass "--ramdisk-size 0100M is 100 MiB" || fail "--ramdisk-size 0100M is 100 MiB"

for bad in "--reps 99999999999999999999" "--reps 00" "--reps 1001" "--size 18446744073709551617" \
	"--size 99999999999999G" "--size 1025T" "--bs 0x10" "--vdevs 1001" "--cpus 10000" "--ashift 17" \
	"--tests dd,dd" "--tests dd,,fio"; do
	# shellcheck disable=SC2086
	plan $bad
	expect_rc "$bad is a usage error" 64
	grep -q "^encbench-run: error: ${bad%% *} .*'${bad#* }'" "$TMP/err" &&
		pass "$bad: the error names the option and the value given" ||
		fail "$bad: the error names the option and the value given"
	grep -q "Illegal number\|arithmetic" "$TMP/err" && fail "$bad: a raw shell error" || pass "$bad: no raw shell error"
done
[ ! -e "$TMP/dry" ] && pass "no dry run created its --out" || fail "no dry run created its --out"

# ---- 3. bonnie++ stopped by a signal leaves nothing in the target

# The stub makes what bonnie++ makes in -d DIR (its file Bonnie.PID and,
# for the file tests, a folder of that name's kind) and then waits.
mkdir -p "$TMP/slowbonnie" "$TMP/B"
cat > "$TMP/slowbonnie/bonnie++" <<STUBEOF
#!/bin/sh
while [ \$# -gt 0 ]; do [ "\$1" = -d ] && d=\$2; shift; done
echo scratch > "\$d/Bonnie.\$\$" && mkdir "\$d/Bonnie.\$\$.d" && echo f > "\$d/Bonnie.\$\$.d/f"
echo \$\$ > "$TMP/slowbonnie/pid"
exec sleep 60
STUBEOF
chmod +x "$TMP/slowbonnie/bonnie++"
bonnie_run() { # runs the stub bonnie++ and sends signal $1 once it has made its files
	rm -f "$TMP/slowbonnie/pid"
	PATH="$TMP/slowbonnie:$PATH" "$RUNNER" --backend dir --tests bonnie --size 4M --reps 1 --bonnie-cached \
		--target none="$TMP/B" --out "$TMP/ob-$1" >"$TMP/out" 2>"$TMP/err" &
	rpid=$!
	i=0
	while [ ! -s "$TMP/slowbonnie/pid" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	kill "-$1" "$rpid"
	wait "$rpid" 2>/dev/null
	rc=$?
	kill "$(cat "$TMP/slowbonnie/pid")" 2>/dev/null
}
bonnie_run TERM
expect_rc "SIGTERM during bonnie++ stops the run" 143
[ -z "$(ls -A "$TMP/B")" ] && pass "bonnie++'s scratch files and the test folder are gone" ||
	{ fail "bonnie++'s scratch files and the test folder are gone"; find "$TMP/B"; }
grep -q "cleanup failed" "$TMP/err" && fail "the cleanup says it failed" || pass "the cleanup did not fail"

# After a kill -9 the next run names the leftover with a command that works.
bonnie_run KILL
PATH="$TMP/slowbonnie:$PATH" "$RUNNER" --backend dir --tests bonnie --size 4M --reps 1 --bonnie-cached \
	--target none="$TMP/B" --out "$TMP/ob-next" >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "after a kill -9 the next run refuses" 1
sed -n 's/^  test folder [^:]*: //p' "$TMP/err" > "$TMP/fix.sh"
[ -s "$TMP/fix.sh" ] && sh "$TMP/fix.sh" && [ -z "$(ls -A "$TMP/B")" ] &&
	pass "the printed command removes the test folder and bonnie++'s files" ||
	{ fail "the printed command removes the test folder and bonnie++'s files"; cat "$TMP/fix.sh"; find "$TMP/B"; }
rm -f "$TMP"/encbench-run-undo.*

# ---- 4. fio's job files are checked before anything is made

mkdir -p "$TMP/lib"
ENCBENCH_RUNNER_LIB=$TMP/lib "$RUNNER" --backend dir --tests fio --size 1M --reps 1 \
	--target none="$TMP/n" --out "$TMP/of" >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "a runner without its fio job files refuses" 1
expect_err_line "it names the missing job file" "encbench-run: error: the fio job file $TMP/lib/fio/seq-write.fio is missing or unreadable (install the runner with its fio/ folder, or name the folder holding fio/ with ENCBENCH_RUNNER_LIB)"
[ ! -e "$TMP/of" ] && pass "nothing was created for it" || fail "nothing was created for it"
"$RUNNER" --backend zfs --dry-run --modes none,none --tests dd --reps 1 --size 4M --out "$TMP/dry" >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "a mode named twice is a usage error" 64
expect_err_line "it names the mode" "encbench-run: error: --modes 'none,none' names 'none' twice"

# The sampler's interval is decimal seconds: 0x10 is no 16.
"$SAMPLER" -i 0x10 -o "$TMP/hx" -- true >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "encbench-sample -i 0x10 is refused, as a sampler error" 125
[ ! -e "$TMP/hx.sample" ] && pass "no sample file for it" || fail "no sample file for it"

# ---- 5. --resume measures each mode where it measured it before

mkdir -p "$TMP/n2"
run_dir
rm "$TMP/o/none/dd-read-r2.txt"
ENCBENCH_SAMPLE=$SAMPLER "$RUNNER" --backend dir --tests dd --size 1M --reps 2 \
	--target none="$TMP/n2" --target aes-256-gcm="$TMP/e" --out "$TMP/o" --resume >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "--resume with another folder for a mode is refused" 1
grep -q "^    was: .*\"targets\": {\"none\": {\"path\": \"$TMP/n\", \"fs\": " "$TMP/err" &&
	grep -q "^    now: .*\"targets\": {\"none\": {\"path\": \"$TMP/n2\", " "$TMP/err" &&
	pass "meta.json records each mode's folder, and the refusal shows both" ||
	fail "meta.json records each mode's folder, and the refusal shows both"

# ---- 6. an undo file another user planted is no instruction

if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	planted=$TMP/encbench-run-undo.encbench-20200101000000-99999.AAAAAA
	printf 'rm\037%s\n' "$TMP/victim" > "$planted"
	chmod 0600 "$planted"
	chown nobody "$planted"
	mkdir -p "$TMP/n3"
	"$RUNNER" --backend dir --tests dd --size 1M --reps 1 --target none="$TMP/n3" --out "$TMP/o3" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	expect_rc "a run beside another user's undo file goes on" 0
	expect_err_line "it warns that the file is ignored" "encbench-run: warning: $planted is not an undo file of this runner (not root's, or others may read or write it); ignored"
	grep -q "victim" "$TMP/err" && fail "the planted step is relayed" || pass "the planted step is not relayed"
	expect_file_is "the planted step's target is untouched" "$TMP/victim" "precious user data"
	rm -f "$planted"
else
	skip "a planted undo file needs root and the user nobody"
fi

# Outside audit F5: a --target folder that does not exist is said, not a
# silent exit 2 of the shell.
"$RUNNER" --backend dir --tests dd --reps 1 --size 1M --target none="$TMP/no-such" --out "$TMP/f5" >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "a --target folder that does not exist is refused" 1
expect_err_line "it says so" "encbench-run: error: --target none: $TMP/no-such is not a directory"
"$RUNNER" --backend dir --tests bonnie --reps 1 --target none="$TMP/no-such" --dry-run >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "a --dry-run in a --target folder that does not exist is refused" 1
expect_err_line "the plan says so" "encbench-run: error: --target none: $TMP/no-such is not a directory"
[ ! -s "$TMP/out" ] && pass "no plan is printed for it" || fail "no plan is printed for it"

# ---- 7. --resume after a stop between a dd write and its read
# The kept write's file went with its test folder: the resumed round writes
# it again, unkept, and keeps the write's first result. A dd on PATH logs
# each call and runs the real one.

mkdir -p "$TMP/ddbin" "$TMP/n7" "$TMP/e7"
REAL_DD=$(command -v dd)
cat > "$TMP/ddbin/dd" <<STUBEOF
#!/bin/sh
echo "dd \$*" | sed "s|encbench-[0-9]*-[0-9]*|RUN|" >> "$TMP/dd.log"
# DD_FAIL_AT=N fails the Nth call, saying DD_SAY and then dd's statistics.
if [ "\$(wc -l < "$TMP/dd.log")" = "\${DD_FAIL_AT:-0}" ]; then
	[ -z "\${DD_SAY:-}" ] || printf '%s\n' "\$DD_SAY" '0+0 records in' '0+0 records out' '0 bytes copied, 0.001 s, 0 B/s' >&2
	exit 1
fi
exec "$REAL_DD" "\$@"
STUBEOF
chmod +x "$TMP/ddbin/dd"
run_dd() { # extra args: a dir-backend dd run of two modes into $TMP/o7, dd logged
	: > "$TMP/dd.log"
	PATH=$TMP/ddbin:$PATH "$RUNNER" --backend dir --tests dd --size 1M --reps 2 \
		--target none="$TMP/n7" --target aes-256-gcm="$TMP/e7" --out "$TMP/o7" "$@" \
		>"$TMP/out" 2>"$TMP/err"
	rc=$?
}
run_dd
expect_rc "a dd run for the resume test exits 0" 0
cp "$TMP/o7/none/dd-write-r2.txt" "$TMP/kept-write"
rm "$TMP/o7/none/dd-read-r2.txt"
run_dd --resume
expect_rc "--resume of a round stopped after its dd write exits 0" 0
expect_err_line "it says it writes the file again, unkept" \
	"encbench-run: none/dd-write-r2.txt again for the file none/dd-read-r2.txt reads (not kept)"
if [ "$(cat "$TMP/dd.log")" = "dd --version
dd if=/dev/zero of=$TMP/n7/RUN/encbench-dd.bin bs=1048576 count=1 conv=fdatasync
dd if=$TMP/n7/RUN/encbench-dd.bin of=/dev/null bs=1048576
dd if=/dev/zero of=$TMP/e7/RUN/encbench-dd.bin bs=1048576 count=1 conv=fdatasync
dd if=$TMP/e7/RUN/encbench-dd.bin of=/dev/null bs=1048576
dd if=/dev/zero of=$TMP/n7/RUN/encbench-dd.bin bs=1048576 count=1 conv=fdatasync
dd if=$TMP/n7/RUN/encbench-dd.bin of=/dev/null bs=1048576" ]; then
	pass "the resumed round runs the warm-ups, the write again and the missing read"
else
	fail "the resumed round runs the warm-ups, the write again and the missing read"; sed 's/^/  got: /' "$TMP/dd.log"
fi
grep -qx '1048576 bytes (1.0 MB, 1.0 MiB) copied, .*' "$TMP/o7/none/dd-read-r2.txt" &&
	pass "the read read the whole file" || fail "the read read the whole file"
cmp -s "$TMP/kept-write" "$TMP/o7/none/dd-write-r2.txt" &&
	pass "the kept write result is the first one" || fail "the kept write result is the first one"
[ -z "$(ls -A "$TMP/n7")" ] && [ -z "$(ls -A "$TMP/e7")" ] && [ ! -e "$TMP/o7/none/dd-write-r2.txt.part" ] &&
	pass "the resumed run leaves nothing in the targets" || fail "the resumed run leaves nothing in the targets"

# A failing write again is a failed run that keeps the first result; it
# and a failing warm-up say the tool's error, not dd's statistics after it.
rm "$TMP/o7/none/dd-read-r2.txt"
DD_FAIL_AT=6 DD_SAY="dd: error writing 'x': No space left on device" run_dd --resume
expect_rc "--resume whose write again fails exits 1" 1
expect_err_line "it names the write and the error" \
	"encbench-run: error: none/dd-write-r2.txt, run again for the file none/dd-read-r2.txt reads, failed (exit 1): dd: error writing 'x': No space left on device"
cmp -s "$TMP/kept-write" "$TMP/o7/none/dd-write-r2.txt" && [ ! -e "$TMP/o7/none/dd-read-r2.txt" ] &&
	pass "the kept write result stays, and no read is kept" || fail "the kept write result stays, and no read is kept"
rm -r "$TMP/o7"
DD_FAIL_AT=2 DD_SAY="dd: error writing 'y': No space left on device" run_dd
expect_rc "a failing warm-up exits 1" 1
expect_err_line "it says dd's error" \
	"encbench-run: error: the warm-up run of none/dd-write failed (exit 1): dd: error writing 'y': No space left on device"
rm -r "$TMP/o7"
DD_FAIL_AT=2 run_dd
expect_rc "a failing warm-up that says nothing exits 1" 1
grep -qx "encbench-run: error: the warm-up run of none/dd-write failed (exit 1): $TMP/o7/warm-up.out.part holds no message ([0-9][0-9]* KiB free in $TMP/o7)" "$TMP/err" &&
	pass "it says the output holds no message, and the free space" ||
	fail "it says the output holds no message, and the free space"
[ -z "$(ls -A "$TMP/n7")" ] && [ -z "$(ls -A "$TMP/e7")" ] && [ "$(ls "$TMP/o7")" = meta.json ] &&
	pass "the failed runs leave nothing in the targets, nor a warm-up output" ||
	fail "the failed runs leave nothing in the targets, nor a warm-up output"

# ---- 8. the closing hint quotes the run folder for the shell
# A folder name with a space, $(...) and a quote is one word when pasted.

odd="$TMP/o x\$(touch $TMP/pwned)'q"
mkdir -p "$TMP/n8"
"$RUNNER" --backend dir --tests dd --size 1M --reps 1 --target none="$TMP/n8" --out "$odd" >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "a run into an odd folder name exits 0" 0
expect_err_line "the hint quotes it" \
	"encbench-run: done: $odd (encbench ingest '$TMP/o x\$(touch $TMP/pwned)'\\''q')"
hint=$(sed -n 's/^encbench-run: done: .* (encbench ingest \(.*\))$/\1/p' "$TMP/err")
# shellcheck disable=SC2016
[ "$(sh -c 'eval "set -- $1"; [ $# = 1 ] && printf "%s" "$1"' sh "$hint")" = "$odd" ] && [ ! -e "$TMP/pwned" ] &&
	pass "the hint's argument is the folder and runs nothing" || fail "the hint's argument is the folder and runs nothing"
