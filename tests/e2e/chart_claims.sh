# chart_claims.sh - what charts claim (outside audit 9, G3 G4 G7 G8 G21):
# made-up runs say so in the chart itself, bars without an interval say
# why, heatmap cells without a verdict get no colour, a tie has no
# direction, and Fieller's interval at a ratio of 1e-15 holds its estimate.
. tests/e2e/lib.sh
D=tests/data/chart_claims
MADE_UP='text subtitle 24.00 75.69 start bold 13.00 #1a1a1a "Illustrative data, not measurements"'

has_line() { # NAME FILE EXACT-LINE
	if grep -qxF -- "$3" "$2"; then pass "$1"; else
		fail "$1"; echo "  wanted a line of $2: $3"; fi
}
no_match() { # NAME FILE PATTERN
	if grep -q -- "$3" "$2"; then fail "$1"; grep -- "$3" "$2" | head -3; else pass "$1"; fi
}

# ---- G3: illustrative runs (meta.json "illustrative", a sheet's title)
eb chart --kind overhead samples/zfs-series -o "$TMP/zo.scene"
expect_rc "G3: overhead chart of the samples" 0
has_line "G3: meta.json's illustrative runs marked under the subtitle" "$TMP/zo.scene" "$MADE_UP"
grep -q '^desc "Illustrative data, not measurements\. framework-i5-1135g7 · ' "$TMP/zo.scene" &&
	pass "G3: the description (alt text) opens with the mark" ||
	fail "G3: the description (alt text) opens with the mark"
eb chart --kind bars samples/legacy-20.04 -o "$TMP/lb.scene"
has_line "G3: a sheet's 'illustrative numbers' title marks its chart" "$TMP/lb.scene" "$MADE_UP"
# Through results.csv and its datapackage.json, as a report re-read takes it.
mkdir "$TMP/rc"
eb ingest -o "$TMP/rc/results.csv" samples/zfs-series
eb chart --kind heatmap "$TMP/rc/results.csv" -o "$TMP/rh.scene"
has_line "G3: results.csv with its datapackage.json keeps the mark" "$TMP/rh.scene" "$MADE_UP"
# Some runs made up, some not: the chart names the made-up ones.
cp -r samples/zfs-series "$TMP/mixed"
for r in 22.04 23.10; do
	grep -v '"illustrative"' "$TMP/mixed/$r/meta.json" > "$TMP/meta" && cp "$TMP/meta" "$TMP/mixed/$r/meta.json"
done
eb chart --kind trend "$TMP/mixed" -o "$TMP/mt.scene"
has_line "G3: a trend over measured and made-up runs names the made-up one" "$TMP/mt.scene" \
	'text subtitle 24.00 75.69 start bold 13.00 #1a1a1a "Illustrative data, not measurements: the run of 24.04"'
eb chart --kind overhead --release 23.10 "$TMP/mixed" -o "$TMP/mo.scene"
no_match "G3: a chart of measured runs only has no mark" "$TMP/mo.scene" "Illustrative"
eb chart --kind bars tests/data/charts/series.csv -o "$TMP/plain.scene"
no_match "G3: data with no illustrative run has no mark" "$TMP/plain.scene" "Illustrative"
# Every chart of a report of made-up runs, SVG and PNG from one scene.
eb report -o "$TMP/rep" samples/zfs-series
n=0 k=0
for f in "$TMP"/rep/charts/*.svg; do
	n=$((n + 1))
	grep -q '>Illustrative data, not measurements</text>' "$f" && k=$((k + 1))
done
[ "$n" -eq 7 ] && [ "$k" -eq 7 ] && pass "G3: all 7 SVG charts of the report say it" ||
	fail "G3: all 7 SVG charts of the report say it ($k of $n)"

# ---- G4: bars without an interval say so; no whisker words without whiskers
eb chart --kind overhead "$D/one.csv" -o "$TMP/one.scene"
has_line "G4: a single run's bar says n=1, no interval" "$TMP/one.scene" \
	'text value 439.49 138.36 start regular 11.00 #1a1a1a "50.0 %  n=1, no interval"'
has_line "G4: its footer speaks of no whiskers" "$TMP/one.scene" \
	'text note 24.00 185.47 start regular 10.50 #5f6368 "Bars: mean with the mode ÷ mean with none, so below 100 % is slower."'
eb chart --kind overhead "$D/tie.csv" -o "$TMP/tie.scene"
has_line "G4: runs without variation say so at the bar" "$TMP/tie.scene" \
	'text value 591.59 138.36 start regular 11.00 #1a1a1a "100.0 %  no variation, no interval"'
eb chart --kind bars "$D/tie.csv" -o "$TMP/tieb.scene"
has_line "G4: bars of runs without variation claim no interval" "$TMP/tieb.scene" \
	'text note 24.00 211.47 start regular 10.50 #5f6368 "Bars: mean of 3 runs."'

# ---- G21: heatmap cells the data cannot tell from 0 (10 of 12 here)
eb chart --kind heatmap "$D/many.csv" -o "$TMP/many.scene"
n=$(grep -c '^text value .* "~ ' "$TMP/many.scene")
[ "$n" -eq 10 ] && pass "G21: the 10 cells without a verdict are marked ~" ||
	fail "G21: the 10 cells without a verdict are marked ~ ($n)"
has_line "G21: j8's -0.7 % is no gain: marked, in grey text" "$TMP/many.scene" \
	'text value 186.72 431.14 middle regular 11.50 #5f6368 "~ −0.7 %"'
grep -q '^rect cell 138.72 412.00 96.00 30.00 fill #ffffff stroke #ffffff 1.50 tip "aes-256-gcm, fio j8 ' \
	"$TMP/many.scene" && pass "G21: j8's cell has no colour" || fail "G21: j8's cell has no colour"
has_line "G21: j1's decided cost keeps its colour" "$TMP/many.scene" \
	'text value 186.72 221.14 middle regular 11.50 #ffffff "3.2 %"'
grep -q '^rect cell 138.72 202.00 96.00 30.00 fill #d20e20 ' "$TMP/many.scene" &&
	pass "G21: j1's cell is red" || fail "G21: j1's cell is red"
has_line "G21: the scale spans the decided cells, 0 to 4 %" "$TMP/many.scene" \
	'text legend-tick 314.82 99.83 middle regular 11.00 #5f6368 "4 %"'
no_match "G21: no 'faster' legend when no cell is decided faster" "$TMP/many.scene" \
	'"below 0: faster than the baseline"'
has_line "G21: the legend keys the uncoloured cells" "$TMP/many.scene" \
	'text legend 58.00 127.22 start regular 12.00 #1a1a1a "no verdict: the data cannot tell these cells from the baseline, so they get no colour"'
grep -q '^desc ".*; uncoloured cells marked ~ have no verdict (Holm-adjusted 95 % interval includes 0)\."$' \
	"$TMP/many.scene" && pass "G21: the note says why" || fail "G21: the note says why"
# Twelve tests of one mode and one release: one panel with a row per test
# in natural order (j2 before j10), not twelve one-cell panels.
[ "$(grep -c '^text column-head ' "$TMP/many.scene")" -eq 1 ] &&
	pass "heatmap of 12 tests of one mode: one panel (one 'Write' head)" ||
	fail "heatmap of 12 tests of one mode: one panel ($(grep -c '^text column-head ' "$TMP/many.scene") heads)"
[ "$(grep '^text category ' "$TMP/many.scene" | sed 's/.*"fio \(j[0-9]*\) .*/\1/' | tr '\n' ' ')" = \
	"j1 j2 j3 j4 j5 j6 j7 j8 j9 j10 j11 j12 " ] &&
	pass "heatmap rows: the tests in natural order, j1 to j12" ||
	fail "heatmap rows: the tests in natural order ($(grep '^text category ' "$TMP/many.scene" | sed 's/.*"fio \(j[0-9]*\) .*/\1/' | tr '\n' ' '))"
has_line "heatmap of one mode and release: what the cells share heads the panel" "$TMP/many.scene" \
	'text row-head 24.00 153.99 start bold 13.00 #1a1a1a "release 24.04"'
has_line "heatmap of one mode and release: the mode heads the column" "$TMP/many.scene" \
	'text cat-tick 186.72 193.93 middle regular 11.00 #5f6368 "aes-256-gcm"'
has_line "heatmap of 12 tests: j10's row right under j9's (cells 30 px apart)" "$TMP/many.scene" \
	'text category 128.72 491.32 end regular 12.00 #1a1a1a "fio j10 seq 64 KiB"'
eb chart --kind overhead "$D/many.csv" -o "$TMP/manyo.scene"
sed -n 's/^text row-head [0-9.]* [0-9.]* start bold 13.00 #1a1a1a "fio \(j[0-9]*\) .*/\1/p' \
	"$TMP/manyo.scene" | tr '\n' ' ' > "$TMP/order"
[ "$(cat "$TMP/order")" = "j1 j2 j3 j4 j5 j6 j7 j8 j9 j10 j11 j12 " ] &&
	pass "the overhead chart's panels in the same natural order" ||
	fail "the overhead chart's panels in the same natural order ($(cat "$TMP/order"))"
eb overhead "$D/many.csv"
grep '^| ' "$TMP/out" | sed -n 's/^| fio \(j[0-9]*\) .*/\1/p' | tr '\n' ' ' > "$TMP/order"
[ "$(cat "$TMP/order")" = "j1 j2 j3 j4 j5 j6 j7 j8 j9 j10 j11 j12 " ] &&
	pass "the overhead table lists the tests in the same natural order" ||
	fail "the overhead table lists the tests in the same natural order ($(cat "$TMP/order"))"
n=$(grep -c 'no measurable overhead' "$TMP/out")
[ "$n" -eq 10 ] && pass "G21: overhead of the same file has the same 10 without a verdict" ||
	fail "G21: overhead of the same file has the same 10 without a verdict ($n)"

# ---- G7: a tie has no direction
eb findings "$D/tie.csv"
expect_out "G7: an exact tie measured the same" "- In 24.04, AES-GCM measured the same (0.0 %) in throughput on sequential writes as the baseline, without a verdict (1 comparison; no variation in the runs, so no interval and no test)."

# ---- G8: Fieller at a ratio of 1e-15. tests/reference/fieller_extreme.py
# (mpmath at 50 digits, Welch's df of the means, t solved in mpmath) gives
# 9.6547019365511426e-16 and 1.0357647564594009e-15.
eb overhead --json "$D/huge.csv"
grep -qF '"ratio": 1e-15, "ratio_ci_low": 9.654701936551143e-16, "ratio_ci_high": 1.0357647564594008e-15' \
	"$TMP/out" && pass "G8: the ratio's interval holds its estimate, as mpmath finds it" ||
	fail "G8: the ratio's interval holds its estimate, as mpmath finds it"
if /usr/bin/python3 -c 'import mpmath' 2>/dev/null; then
	/usr/bin/python3 tests/reference/fieller_extreme.py > "$TMP/ref"
	if /usr/bin/python3 - "$TMP/ref" "$TMP/out" <<'PY'
import json, sys
ref = dict(l.split() for l in open(sys.argv[1]))
row = json.load(open(sys.argv[2]))[0]
for k, j in (("low", "ratio_ci_low"), ("high", "ratio_ci_high")):
    if abs(row[j] / float(ref[k]) - 1) > 1e-14:
        sys.exit(1)
PY
	then pass "G8: the interval agrees with mpmath run now to 1e-14"
	else fail "G8: the interval agrees with mpmath run now to 1e-14"; fi
else
	skip "G8: mpmath (python3-mpmath) is not installed"
fi
eb overhead "$D/huge.csv"
grep -qF '| 1e-15 (9.65e-16–1.04e-15) | costs > 99.9999 % (> 99.9999 to > 99.9999 %) |' "$TMP/out" &&
	pass "G8: the table prints that interval" || fail "G8: the table prints that interval"
