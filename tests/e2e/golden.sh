# golden.sh - the data-driven golden cases of tests/golden, one folder each
# with an args file (one argument a line, never read by a shell):
#   CASE/        "encbench chart ARGS" drawn as a scene dump and as SVG,
#                compared with CASE/chart.scene and CASE/chart.svg;
#   ingest-CASE/ "encbench ingest ARGS" compared with CASE/results.csv;
#   md-CASE/     "encbench ARGS" (its first line the command) compared
#                with CASE/out.md.
# ingest and md cases also compare standard error with CASE/stderr (absent
# when there is none) and the exit status with CASE/exit (absent for 0).
# UPDATE=1 rewrites the expected files instead.
# Charts measure text with DejaVu Sans: without it their layout differs, so
# the chart cases are skipped.
. tests/e2e/lib.sh

font=$(fc-match -f '%{file}' 'DejaVu Sans' 2>/dev/null)
case "$font" in
*/DejaVuSans.ttf) charts=1 ;;
*)
	charts=0
	skip "golden charts: DejaVu Sans is not installed (fc-match gives '$font')"
	;;
esac

# compare NAME EXPECTED-FILE ACTUAL-FILE [EMPTY-MEANS-ABSENT]
compare() {
	if [ "${UPDATE:-0}" = 1 ]; then
		if [ -n "${4:-}" ] && [ ! -s "$3" ]; then rm -f "$2"; else cp "$3" "$2"; fi
		pass "golden $1 written"
		return
	fi
	if [ -n "${4:-}" ] && [ ! -e "$2" ]; then
		: >"$TMP/none"
		set -- "$1" "$TMP/none" "$3"
	fi
	if diff -u "$2" "$3" >"$TMP/diff" 2>&1; then
		pass "golden $1"
	else
		fail "golden $1 differs (UPDATE=1 sh tests/e2e/golden.sh rewrites it)"
		head -30 "$TMP/diff"
	fi
}

# run_case NAME DIR EXPECTED-NAME ARGS...: encbench ARGS, its standard
# output compared with DIR/EXPECTED-NAME, its errors and exit status too.
run_case() {
	name=$1 dir=$2 want=$3
	shift 3
	eb "$@"
	compare "$name" "$dir/$want" "$TMP/out"
	compare "$name stderr" "$dir/stderr" "$TMP/err" absent-when-empty
	echo "$rc" >"$TMP/rc"
	[ "$rc" -eq 0 ] && : >"$TMP/rc"
	compare "$name exit" "$dir/exit" "$TMP/rc" absent-when-empty
}

for dir in tests/golden/*/; do
	dir=${dir%/}
	name=${dir##*/}
	[ -f "$dir/args" ] || continue
	set --
	while IFS= read -r arg; do
		set -- "$@" "$arg"
	done <"$dir/args"
	case $name in
	ingest-*)
		run_case "$name" "$dir" results.csv ingest "$@"
		continue
		;;
	md-*)
		run_case "$name" "$dir" out.md "$@"
		continue
		;;
	esac
	[ "$charts" -eq 1 ] || continue
	for ext in scene svg; do
		eb chart "$@" -o "$TMP/chart.$ext"
		if [ "$rc" -ne 0 ]; then
			fail "golden $name.$ext: encbench chart failed"
		else
			compare "$name.$ext" "$dir/chart.$ext" "$TMP/chart.$ext"
		fi
	done
done
