# golden.sh - every tests/golden/CASE/args (one argument of "encbench chart"
# a line) drawn as a scene dump and as SVG, compared with CASE/chart.scene
# and CASE/chart.svg. UPDATE=1 rewrites the expected files instead.
# Text is measured with DejaVu Sans: without it the layout differs, so the
# cases are skipped.
. tests/e2e/lib.sh

font=$(fc-match -f '%{file}' 'DejaVu Sans' 2>/dev/null)
case "$font" in
*/DejaVuSans.ttf) ;;
*)
	skip "golden charts: DejaVu Sans is not installed (fc-match gives '$font')"
	exit 0
	;;
esac

for dir in tests/golden/*/; do
	dir=${dir%/}
	name=${dir##*/}
	[ -f "$dir/args" ] || continue
	set --
	while IFS= read -r arg; do
		set -- "$@" "$arg"
	done <"$dir/args"
	for ext in scene svg; do
		eb chart "$@" -o "$TMP/chart.$ext"
		if [ "$rc" -ne 0 ]; then
			fail "golden $name.$ext: encbench chart failed"
		elif [ "${UPDATE:-0}" = 1 ]; then
			cp "$TMP/chart.$ext" "$dir/chart.$ext"
			pass "golden $name.$ext written"
		elif diff -u "$dir/chart.$ext" "$TMP/chart.$ext" >"$TMP/diff" 2>&1; then
			pass "golden $name.$ext"
		else
			fail "golden $name.$ext differs (UPDATE=1 sh tests/e2e/golden.sh rewrites it)"
			head -30 "$TMP/diff"
		fi
	done
done
