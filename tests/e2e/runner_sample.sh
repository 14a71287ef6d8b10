# runner_sample.sh - encbench-run wraps every measured dd, fio and bonnie++
# command in encbench-sample when it finds one (ENCBENCH_SAMPLE, beside the
# runner, on PATH), hands it --power-cmd untouched, and says "sampler": null
# when there is none; a stub sampler stands in for the real one.
. tests/e2e/lib.sh
RUNNER=${RUNNER:-$(pwd)/runner/encbench-run}
TMPDIR=$TMP
export TMPDIR

# The stub keeps the contract: encbench-sample [-i S] [-p CMD] -o PREFIX --
# COMMAND...; it runs COMMAND without a shell, writes PREFIX.samples, and
# exits with COMMAND's status.
mkdir -p "$TMP/bin"
cat > "$TMP/bin/encbench-sample" <<EOF
#!/bin/sh
log="$TMP/sampler.log"
echo "call" >> "\$log"
for a in "\$@"; do printf 'arg %s\n' "\$a" >> "\$log"; done
prefix="" power=""
while [ \$# -gt 0 ]; do
	case \$1 in
	-i) shift 2 ;;
	-p) power=\$2; shift 2 ;;
	-o) prefix=\$2; shift 2 ;;
	--) shift; break ;;
	*) echo "encbench-sample: bad argument \$1" >&2; exit 64 ;;
	esac
done
[ -n "\$prefix" ] || { echo "encbench-sample: no -o" >&2; exit 64; }
"\$@"
rc=\$?
printf 'power=%s\n' "\$power" > "\$prefix.samples"
exit \$rc
EOF
chmod +x "$TMP/bin/encbench-sample"
mkdir -p "$TMP/A" "$TMP/B"

# ---- named by ENCBENCH_SAMPLE, with a power command full of shell syntax

# A meter is a program run as named: one whose path holds shell syntax
# reaches the sampler as it is, and runs nothing of it.
mkdir -p "$TMP/meters"
power=$TMP/meters/'meter; echo $(id) > not-run'
printf '#!/bin/sh\necho 10\n' > "$power"
chmod +x "$power"
ENCBENCH_SAMPLE=$TMP/bin/encbench-sample "$RUNNER" --backend dir --target none="$TMP/A" \
	--target b="$TMP/B" --tests dd,fio --size 1M --reps 1 --power-cmd "$power" --out "$TMP/R" >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "a run with a sampler exits 0" 0
n=$(grep -c '^call$' "$TMP/sampler.log")
[ "$n" -eq 12 ] && pass "the sampler wrapped the 12 measured tests and no warm-up" || fail "the sampler wrapped $n tests, not 12"
for f in none/dd-write-r1 none/dd-read-r1 none/fio-seq-write-r1 none/fio-seq-read-r1 none/fio-rand-write-r1 \
	none/fio-rand-read-r1 b/dd-write-r1 b/dd-read-r1 b/fio-seq-write-r1 b/fio-seq-read-r1 b/fio-rand-write-r1 b/fio-rand-read-r1; do
	[ -f "$TMP/R/$f.samples" ] || { fail "the sampler's prefix is the output without its extension ($f)"; continue 1; }
done
pass "each test's samples are OUT/MODE/TEST-rN.samples"
[ "$(cat "$TMP/R/none/dd-write-r1.samples")" = "power=$power" ] && pass "--power-cmd reached the sampler as one argument, unchanged" || fail "--power-cmd reached the sampler unchanged"
# The first call's whole argument vector.
sed -n '2,/^call$/p' "$TMP/sampler.log" | sed '/^call$/d' > "$TMP/argv"
{
	echo "arg -p"; echo "arg $power"; echo "arg -o"; echo "arg $TMP/R/none/dd-write-r1"; echo "arg --"
	echo "arg env"; echo "arg LC_ALL=C"; echo "arg dd"; echo "arg if=/dev/zero"
} > "$TMP/want"
head -n 9 "$TMP/argv" | cmp -s "$TMP/want" - && pass "the sampler gets -p CMD -o PREFIX -- and the test's command" || { fail "the sampler's arguments"; head -n 9 "$TMP/argv"; }
grep -q "\"sampler\": \"$TMP/bin/encbench-sample\"" "$TMP/R/meta.json" && pass "meta.json names the sampler" || fail "meta.json names the sampler"
eb ingest "$TMP/R"
expect_rc "a sampled run directory still ingests" 0
[ "$(awk -F, '$10 == "bw"' "$TMP/out" | wc -l)" -eq 12 ] && pass "its tests' records are all there" || fail "its tests' records are all there"
[ ! -e /tmp/not-run ] && [ ! -e not-run ] && [ ! -e "$TMP/meters/not-run" ] && pass "the power command was never run by a shell of the runner's" || fail "the power command was run"

# ---- a test that fails under the sampler fails with its own status

mkdir -p "$TMP/faildd"
REAL_DD=$(command -v dd)
cat > "$TMP/faildd/dd" <<EOF
#!/bin/sh
case "\$*" in *encbench-dd.bin*conv=fdatasync*) [ -e "$TMP/faildd/warm" ] || { : > "$TMP/faildd/warm"; exec "$REAL_DD" "\$@"; }; exit 3 ;; esac
exec "$REAL_DD" "\$@"
EOF
chmod +x "$TMP/faildd/dd"
PATH="$TMP/faildd:$PATH" ENCBENCH_SAMPLE=$TMP/bin/encbench-sample "$RUNNER" --backend dir --target none="$TMP/A" \
	--tests dd --size 1M --reps 1 --out "$TMP/RF" >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "a failing test under the sampler fails the run" 1
grep -q '^encbench-run: error: none/dd-write-r1.txt failed (exit 3);' "$TMP/err" && pass "with the test's own exit status" || fail "with the test's own exit status"
[ -z "$(ls -A "$TMP/A")" ] && pass "and leaves nothing in the target" || fail "and leaves nothing in the target"

# ---- found beside the runner, then on PATH

mkdir -p "$TMP/inst"
cp "$RUNNER" "$TMP/inst/encbench-run"
cp "$TMP/bin/encbench-sample" "$TMP/inst/encbench-sample"
ENCBENCH_RUNNER_LIB=$(dirname "$RUNNER") "$TMP/inst/encbench-run" --backend dir --target none="$TMP/A" \
	--tests dd --size 1M --reps 1 --out "$TMP/R2" >"$TMP/out" 2>"$TMP/err"
grep -q "\"sampler\": \"$TMP/inst/encbench-sample\"" "$TMP/R2/meta.json" && [ -f "$TMP/R2/none/dd-read-r1.samples" ] \
	&& pass "a sampler beside the runner is used" || fail "a sampler beside the runner is used"
PATH="$TMP/bin:$PATH" "$RUNNER" --backend dir --target none="$TMP/A" --tests dd --size 1M --reps 1 \
	--out "$TMP/R3" >"$TMP/out" 2>"$TMP/err"
grep -q "\"sampler\": \"$TMP/bin/encbench-sample\"" "$TMP/R3/meta.json" && [ -f "$TMP/R3/none/dd-read-r1.samples" ] \
	&& pass "a sampler on PATH is used" || fail "a sampler on PATH is used"

# ---- none at all

if ! command -v encbench-sample >/dev/null; then
	"$RUNNER" --backend dir --target none="$TMP/A" --tests dd --size 1M --reps 1 --out "$TMP/R4" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	expect_rc "without a sampler the run exits 0" 0
	grep -q '"sampler": null,' "$TMP/R4/meta.json" && pass "meta.json says \"sampler\": null" || fail "meta.json says \"sampler\": null"
	[ -z "$(find "$TMP/R4" -name '*.samples')" ] && pass "and the tests ran unwrapped" || fail "and the tests ran unwrapped"
	"$RUNNER" --backend dir --target none="$TMP/A" --tests dd --size 1M --reps 1 --power-cmd true --out "$TMP/R5" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	expect_rc "--power-cmd without a sampler is refused" 1
	grep -q "^encbench-run: error: --power-cmd is handed to encbench-sample, which is not installed" "$TMP/err" && pass "it says why" || fail "it says why"
	[ ! -e "$TMP/R5" ] && pass "the refusal created nothing" || fail "the refusal created nothing"
else
	skip "an encbench-sample is installed on PATH here"
fi
ENCBENCH_SAMPLE=$TMP/nothing "$RUNNER" --backend dir --target none="$TMP/A" --tests dd --size 1M --reps 1 --out "$TMP/R6" >"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "an ENCBENCH_SAMPLE that is not a program is refused" 1
