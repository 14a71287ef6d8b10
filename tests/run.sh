#!/bin/sh
# run.sh - runs every unit test binary given and every end-to-end script in
# tests/e2e, and closes with one "N passed, N failed, N skipped" line.
# VALGRIND=1 runs the unit tests and the CLI under valgrind's memcheck;
# E2E=DIR takes the scripts from DIR instead and TEST_LOG=DIR keeps the
# outputs there (run.sh's own test does both).
#
# An e2e script counts its PASS:, FAIL: and SKIP: lines. It fails as a
# whole, once more, when it exits non-zero (it died halfway and its later
# checks never ran) or says none of the three (it checked nothing). lib.sh
# holds the scripts' helpers and is no test.
set -u
passed=0 failed=0 skipped=0 corpus_skips=0
log=${TEST_LOG:-${BUILD:-build}/tests/log}
mkdir -p "$log"
export CORPUS="${CORPUS:-../shared/corpus}"
e2e=${E2E:-tests/e2e}
vg=""
if [ "${VALGRIND:-0}" = 1 ]; then
	vg="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite"
fi

count() { # $1: cmocka output file; adds its counts
	p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$1" | tail -1)
	f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$1" | tail -1)
	s=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) test.*/\1/p' "$1" | tail -1)
	c=$(grep -c '^corpus-skip: ' "$1")
	passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0})); skipped=$((skipped + ${s:-0}))
	corpus_skips=$((corpus_skips + c))
}

for t in "$@"; do
	name=${t##*/}
	out=$log/$name.out
	if $vg "$t" >"$out" 2>&1; then
		count "$out"
	else
		rc=$?
		count "$out"
		grep -q '^\[  FAILED  \]' "$out" || failed=$((failed + 1))
		echo "--- $name failed (exit $rc):"
		grep -E 'FAILED|ERROR|error|Assert|==[0-9]+==' "$out" | head -40
	fi
done

ENCBENCH=$(cd "$(dirname "${BUILD:-build}/encbench")" && pwd)/encbench
export ENCBENCH VALGRIND_CMD="$vg"
for s in "$e2e"/*.sh; do
	[ -f "$s" ] || continue
	name=${s##*/}
	[ "$name" = lib.sh ] && continue
	out=$log/$name.out
	sh "$s" >"$out" 2>&1
	rc=$?
	p=$(grep -c '^PASS: ' "$out"); f=$(grep -c '^FAIL: ' "$out"); k=$(grep -c '^SKIP: ' "$out")
	c=$(grep -c '^SKIP: .*no corpus at ' "$out")
	passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + k))
	corpus_skips=$((corpus_skips + c))
	if [ "$rc" -ne 0 ]; then
		failed=$((failed + 1))
		echo "--- $name exited $rc after $p passed, $f failed; its last lines:"
		tail -8 "$out" | sed 's/^/  /'
	elif [ $((p + f + k)) -eq 0 ]; then
		failed=$((failed + 1))
		echo "--- $name printed no PASS:, FAIL: or SKIP: line; its last lines:"
		tail -8 "$out" | sed 's/^/  /'
	fi
	if [ "$f" -gt 0 ]; then
		echo "--- $name:"
		grep -A6 '^FAIL: ' "$out" | head -60
	fi
done

if [ "$corpus_skips" -gt 0 ]; then
	echo "check: $corpus_skips of the $skipped skipped want the corpus, not found at $CORPUS"
fi
echo "check: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
