# readme.sh - the commands of README's "A short tour" work as written after
# make demo: each indented line is run from a folder laid out like the top
# of the checkout, with build/ and runner/ put on PATH as the tour says.
# The two lines that measure for real (--yes, and the report of runs/ it
# writes) need root and ZFS and are left out.
. tests/e2e/lib.sh

top=$(pwd)
T=$TMP/tour
mkdir -p "$T"
ln -s "$(dirname "$ENCBENCH")" "$T/build"
ln -s "$top/runner" "$T/runner"
ln -s "$top/samples" "$T/samples"
sed -n '/^## A short tour/,/^## /s/^    //p' README.md >"$TMP/lines"
grep -v -e '--yes' -e ' runs/ ' "$TMP/lines" >"$TMP/tour.sh"

n=0
while IFS= read -r line; do
	case $line in export\ PATH=*) continue ;; esac
	n=$((n + 1))
	(cd "$T" && eval "$(grep '^export PATH=' "$TMP/tour.sh")" &&
		eval "$line") >"$TMP/out" 2>"$TMP/err"
	rc=$?
	expect_rc "README tour: $line" 0
done <"$TMP/tour.sh"
[ "$n" -eq 8 ] && pass "the tour has the 8 commands checked here" \
	|| fail "the tour has the 8 commands checked here (found $n)"
grep -q '^export PATH="$PWD/build:$PWD/runner:$PATH"$' "$TMP/tour.sh" \
	&& pass "the tour puts build/ and runner/ on PATH" || fail "the tour puts build/ and runner/ on PATH"

# What the commands wrote.
eb ingest samples/zfs-series
if cmp -s "$TMP/out" "$T/results.csv"; then pass "README tour: results.csv is what ingest prints"; else
	fail "README tour: results.csv is what ingest prints"; fi
magic=$(od -An -c -N4 "$T/overhead.png" | tr -d ' ')
[ "$magic" = '211PNG' ] && pass "README tour: overhead.png is a PNG" || fail "README tour: overhead.png is a PNG ($magic)"
[ -s "$T/report/report.md" ] && pass "README tour: report/report.md is written" \
	|| fail "README tour: report/report.md is written"
# 2147483648 bytes in 1.54446 s, as dd printed them.
(cd "$T" && PATH=$T/build:$PATH encbench ingest --set release=24.04 --set mode=aes-256-gcm \
	--set op=write samples/zfs-series/24.04/aes-256-gcm/dd-write-r1.txt) >"$TMP/out" 2>"$TMP/err"
rc=$?
row=$(awk -F, 'NR == 2 { print $1, $4, $8, $10, $13 }' "$TMP/out")
[ "$row" = "24.04 aes-256-gcm write bw 1390443033.8111703" ] && pass "README tour: the dd line's record" \
	|| fail "README tour: the dd line's record ($row)"
