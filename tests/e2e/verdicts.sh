# verdicts.sh - the data-driven verdict cases of tests/verdicts: each folder
# has a results.csv, the arguments (one a line; the results.csv is added at
# the end) and the expected.json that tests/reference/make_verdicts.py
# wrote from SciPy; tests/verdicts/check.py compares.
. tests/e2e/lib.sh

if ! command -v python3 >/dev/null 2>&1; then
	skip "verdict cases (no python3 to compare with)"
	exit 0
fi
n=0
for dir in tests/verdicts/*/; do
	case=${dir%/}
	[ -f "$case/expected.json" ] || continue
	n=$((n + 1))
	set --
	while IFS= read -r a || [ -n "$a" ]; do
		set -- "$@" "$a"
	done < "$case/args"
	eb "$@" "$case/results.csv"
	if python3 tests/verdicts/check.py "$case" "$rc" "$TMP/out" "$TMP/err" >"$TMP/why"; then
		pass "verdict case ${case##*/}"
	else
		fail "verdict case ${case##*/}"
		cat "$TMP/why"
	fi
done
[ "$n" -ge 25 ] && pass "at least 25 verdict cases ($n)" || fail "only $n verdict cases"
