# selftest.sh - tests/run.sh itself, on folders of made-up e2e scripts: a
# script that dies after a PASS, or says nothing, fails the check (and so
# make check); lib.sh is not run; skips for want of the corpus are counted.
. tests/e2e/lib.sh

B=${BUILD:-build}
mkdir -p "$TMP/bad" "$TMP/good" "$TMP/build"
printf '%s\n' '. tests/e2e/lib.sh' 'pass "one"' 'exit 3' >"$TMP/bad/dies.sh"
printf '%s\n' 'true' >"$TMP/bad/silent.sh"
printf '%s\n' '. tests/e2e/lib.sh' 'pass "a"' 'skip "b: no corpus at /nowhere"' >"$TMP/bad/good.sh"
printf '%s\n' 'echo "FAIL: lib.sh was run as a test"' 'exit 4' >"$TMP/bad/lib.sh"
cp "$TMP/bad/good.sh" "$TMP/bad/lib.sh" "$TMP/good/"

run() { # E2E-DIR [UNIT-TEST...]: tests/run.sh; sets $rc
	d=$1; shift
	E2E=$d BUILD=$TMP/build CORPUS=/nonexistent sh tests/run.sh "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
}

run "$TMP/bad"
expect_rc "run.sh fails when a script exits 3 after one PASS" 1
[ "$(tail -1 "$TMP/out")" = "check: 2 passed, 2 failed, 1 skipped" ] \
	&& pass "the dead and the silent script count one failure each; lib.sh is not run" \
	|| fail "the dead and the silent script count one failure each; lib.sh is not run"
grep -qxF -- "--- dies.sh exited 3 after 1 passed, 0 failed; its last lines:" "$TMP/out" \
	&& pass "run.sh names the script that died and its exit status" \
	|| fail "run.sh names the script that died and its exit status"
grep -qxF -- "--- silent.sh printed no PASS:, FAIL: or SKIP: line; its last lines:" "$TMP/out" \
	&& pass "run.sh names the script that checked nothing" \
	|| fail "run.sh names the script that checked nothing"

run "$TMP/good"
expect_rc "run.sh passes when every script exits 0 and checks something" 0
expect_out "the summary says which skips want the corpus" \
	"check: 1 of the 1 skipped want the corpus, not found at /nonexistent
check: 1 passed, 0 failed, 1 skipped"

# test_dd has four checks that want the corpus; its other fifteen pass
# without it (a test added to test_dd changes the count here).
if [ -x "$B/tests/test_dd" ]; then
	run "$TMP/good" "$B/tests/test_dd"
	expect_out "unit tests skipped for the corpus are counted too" \
		"check: 4 of the 4 skipped want the corpus, not found at /nonexistent
check: 15 passed, 0 failed, 4 skipped"
else
	skip "corpus skips of unit tests: $B/tests/test_dd is not built"
fi

# make check is run.sh: the same dying script makes it fail. The make
# running this suite hands its job server down; this one starts afresh.
rm "$TMP/bad/silent.sh"
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL TEST_LOG="$TMP/log" make -s --no-print-directory check \
	BUILD="$B" TESTS= E2E="$TMP/bad" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ "$rc" -ne 0 ] && [ "$(grep '^check: ' "$TMP/out" | tail -1)" = "check: 2 passed, 1 failed, 1 skipped" ]; then
	pass "make check fails when an e2e script exits 3 after one PASS"
else
	fail "make check fails when an e2e script exits 3 after one PASS"
fi
