# verdicts.sh - the data-driven verdict cases of tests/verdicts: each folder
# has a results.csv, the arguments (one a line; the results.csv is added at
# the end) and the expected.json that tests/reference/make_verdicts.py
# wrote from SciPy; tests/verdicts/check.py compares. An argument @OUT.svg
# becomes a chart file whose texts, one a line, are compared as stdout.
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
	rm -f "$TMP/out.svg"
	while IFS= read -r a || [ -n "$a" ]; do
		[ "$a" = "@OUT.svg" ] && a=$TMP/out.svg
		set -- "$@" "$a"
	done < "$case/args"
	eb "$@" "$case/results.csv"
	if [ -f "$TMP/out.svg" ]; then
		grep -o '<text[^>]*>[^<]*</text>' "$TMP/out.svg" | sed 's/<[^>]*>//g' >>"$TMP/out"
	fi
	if python3 tests/verdicts/check.py "$case" "$rc" "$TMP/out" "$TMP/err" >"$TMP/why"; then
		pass "verdict case ${case##*/}"
	else
		fail "verdict case ${case##*/}"
		cat "$TMP/why"
	fi
done
[ "$n" -ge 25 ] && pass "at least 25 verdict cases ($n)" || fail "only $n verdict cases"
