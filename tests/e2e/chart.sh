# chart.sh - "encbench chart" end to end: every kind as SVG, PNG and PDF
# from the multi-release fixture and from the shared corpus; SVG that is XML
# with real text; byte-identical repeats; a failed chart leaves the old
# file; usage errors; the gnuplot back end, its escaping and its absence.
. tests/e2e/lib.sh
S=tests/data/charts/series.csv
LOG=tests/data/charts/seq_bw.1.log

xml_ok() { # FILE: parses as XML (skipped without python3)
	command -v python3 >/dev/null 2>&1 || return 0
	python3 -c 'import xml.dom.minidom, sys; xml.dom.minidom.parse(sys.argv[1])' "$1" 2>/dev/null
}
png_size() { # FILE: "WIDTH HEIGHT" from the IHDR chunk
	od -An -tu1 -j16 -N8 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4,
	    $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }'
}
check_outputs() { # NAME STEM: STEM.svg, .png and .pdf look right
	if xml_ok "$2.svg" && grep -q '<text' "$2.svg" && grep -q '<metadata>' "$2.svg"; then
		pass "$1: SVG is XML with text and metadata"
	else
		fail "$1: SVG is XML with text and metadata"
	fi
	case "$(png_size "$2.png")" in
	"800 "*) pass "$1: PNG is 800 px wide" ;;
	*) fail "$1: PNG is 800 px wide (it is $(png_size "$2.png"))" ;;
	esac
	if head -c 5 "$2.pdf" | grep -q '%PDF-'; then pass "$1: PDF"; else fail "$1: PDF"; fi
}
render_all() { # NAME STEM ARGS...: renders the three formats
	name=$1 stem=$2
	shift 2
	ok=1
	for ext in svg png pdf; do
		eb chart "$@" -o "$stem.$ext"
		[ "$rc" -eq 0 ] || { ok=0; fail "$name: chart -o .$ext exits 0"; }
	done
	[ "$ok" = 1 ] && pass "$name: svg, png and pdf drawn" && check_outputs "$name" "$stem"
}

for kind in bars overhead trend diff heatmap; do
	render_all "$kind" "$TMP/$kind" --kind "$kind" "$S"
done
render_all "trend --relative" "$TMP/trendrel" --kind trend --relative "$S"
render_all "heatmap --columns block-size" "$TMP/heatbs" --kind heatmap --columns block-size \
	tests/data/charts/blocksizes.csv
render_all "timeseries" "$TMP/ts" --kind timeseries "$LOG"

# Text stays text: mode names are found by grep.
for mode in none aes-128-ccm aes-256-gcm luks-xts-4k; do
	grep -q ">$mode</text>" "$TMP/bars.svg" || fail "bars.svg has no <text> $mode"
done
pass "bars.svg names every mode in <text>"
grep -q '<dc:source>tests/data/charts/series.csv</dc:source>' "$TMP/bars.svg" \
	&& pass "bars.svg keeps its source in <metadata>" || fail "bars.svg source in <metadata>"
grep -q '<title>Throughput by encryption mode</title>' "$TMP/bars.svg" \
	&& pass "bars.svg has a <title>" || fail "bars.svg <title>"

# The same input, the same bytes.
for ext in svg pdf; do
	eb chart --kind trend -o "$TMP/again.$ext" "$S"
	cmp -s "$TMP/trend.$ext" "$TMP/again.$ext" && pass "trend .$ext is byte-identical when drawn again" \
		|| fail "trend .$ext is byte-identical when drawn again"
done

eb chart --kind bars --scale 2 -o "$TMP/b2.png" "$S"
case "$(png_size "$TMP/b2.png")" in
"1600 "*) pass "--scale 2 doubles the PNG" ;;
*) fail "--scale 2 doubles the PNG ($(png_size "$TMP/b2.png"))" ;;
esac

eb chart --kind bars --height 2000 -o "$TMP/tall.svg" "$S"
grep -q 'height="2000"' "$TMP/tall.svg" && pass "--height makes the chart that tall" || fail "--height"
eb chart --kind bars --height 200 -o "$TMP/short.svg" "$S"
grep -q "needs .* px of height for its labels" "$TMP/err" && pass "a --height too small for the labels is a note" \
	|| fail "a --height too small for the labels is a note"

# A failed chart leaves the old file alone.
printf keep >"$TMP/keep.svg"
eb chart --kind diff -o "$TMP/keep.svg" tests/data/rundir/run-24.04
expect_rc "diff of one release is bad data" 65
expect_file_is "a failed chart leaves the old file" "$TMP/keep.svg" keep
grep -q "a diff needs two releases" "$TMP/err" && pass "diff says why" || fail "diff says why"

eb chart --kind bars "$S"
expect_rc "chart without -o is a usage error" 64
grep -q "no output: name it with -o" "$TMP/err" && pass "chart without -o says so" || fail "chart without -o says so"
eb chart --kind pie -o "$TMP/x.svg" "$S"
expect_rc "an unknown kind is a usage error" 64
eb chart --kind bars -o "$TMP/x.gif" "$S"
expect_rc "an unknown extension is a usage error" 64
grep -q "end it in .svg, .png or .pdf" "$TMP/err" && pass "the extension error names the formats" \
	|| fail "the extension error names the formats"
eb chart --kind bars --theme blue -o "$TMP/x.svg" "$S"
expect_rc "an unknown theme is a usage error" 64
eb chart --kind bars --metric power -o "$TMP/x.svg" "$S"
expect_rc "a metric with no records is bad data" 65
eb chart --kind timeseries -o "$TMP/x.svg" "$S"
expect_rc "a timeseries of a results.csv is bad data" 65
eb help chart
grep -q "^Kinds:" "$TMP/out" && grep -q "timeseries" "$TMP/out" && pass "help chart teaches the kinds" \
	|| fail "help chart teaches the kinds"

# Labels that are markup, quotes and shell stay text in SVG.
eb chart --kind bars -o "$TMP/esc.svg" tests/data/charts/escape.csv
if xml_ok "$TMP/esc.svg" && grep -q '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;' "$TMP/esc.svg" \
	&& ! grep -q '<script' "$TMP/esc.svg"; then
	pass "escape.csv: labels are escaped in SVG"
else
	fail "escape.csv: labels are escaped in SVG"
fi

# --alpha is the level of every interval and verdict drawn, as in the
# tables: the overhead chart and heat map say what "overhead --alpha 0.1"
# says; means' whiskers are 90 % t intervals (1000, 1030, 970 MB/s: mean
# 1000 +/- 2.919986 * 30 / sqrt 3 = 949.4 to 1050.6); a timeseries, which
# draws no interval, refuses it.
H=tests/data/charts/holm-edge.csv
eb overhead --alpha 0.1 $H
grep -c 'costs 7.5 % (2.3 to 12.4 %)\|costs 7.6 % (0.8 to 13.9 %)' "$TMP/out" | grep -qx 2 &&
	pass "overhead --alpha 0.1: the verdicts the charts must draw" || fail "overhead --alpha 0.1 verdicts"
eb chart --kind overhead --alpha 0.1 $H -o "$TMP/alpha-oh.svg"
expect_rc "chart --kind overhead --alpha 0.1 exits 0" 0
grep -q '<desc>.*whiskers: Holm-adjusted 90 % Fieller interval\.</desc>' "$TMP/alpha-oh.svg" &&
	grep -q '<title>aes-256-gcm, fio j seq read 1 MiB 24.04: 92.5 % of none, 90 % CI 87.6 to 97.7 (costs 7.5 % (2.3 to 12.4 %))</title>' "$TMP/alpha-oh.svg" &&
	grep -q '<title>aes-256-gcm, fio j seq write 1 MiB 24.04: 92.4 % of none, Holm-adjusted 90 % CI 86.1 to 99.2 (costs 7.6 % (0.8 to 13.9 %))</title>' "$TMP/alpha-oh.svg" &&
	pass "the overhead chart draws at --alpha, as the table" || fail "the overhead chart draws at --alpha"
eb chart --kind heatmap --alpha 0.1 $H -o "$TMP/alpha-heat.svg"
grep -q '<title>aes-256-gcm, fio j seq read 1 MiB 24.04: 92.5 % of none, 90 % CI 87.6 to 97.7 (costs 7.5 % (2.3 to 12.4 %))</title>' "$TMP/alpha-heat.svg" &&
	pass "the heat map decides at --alpha" || fail "the heat map decides at --alpha"
eb chart --kind bars --alpha 0.1 $H -o "$TMP/alpha-bars.svg"
grep -q '<desc>.*whiskers: 90 % confidence interval\.</desc>' "$TMP/alpha-bars.svg" &&
	grep -q '<title>none, fio j seq read 1 MiB 24.04: 1.00 GB/s, 90 % CI 0.949 to 1.05 (n=3)</title>' "$TMP/alpha-bars.svg" &&
	pass "bars draw 90 % intervals of the means at --alpha 0.1" || fail "bars draw at --alpha"
eb chart --kind timeseries --alpha 0.1 $LOG -o "$TMP/alpha-ts.svg"
expect_rc "chart --kind timeseries --alpha is a usage error" 64
expect_err_line "and says why" "encbench: error: --alpha: a timeseries chart draws no interval and no verdict"
[ ! -e "$TMP/alpha-ts.svg" ] && pass "a refused chart writes nothing" || fail "a refused chart writes nothing"

# ---- the gnuplot back end
if command -v gnuplot >/dev/null 2>&1; then
	for ext in svg png pdf; do
		eb chart --kind bars --tool dd --backend gnuplot -o "$TMP/gp.$ext" "$S"
		expect_rc "gnuplot draws .$ext" 0
	done
	xml_ok "$TMP/gp.svg" && pass "gnuplot's SVG is XML" || fail "gnuplot's SVG is XML"
	for kind in overhead trend diff heatmap; do
		eb chart --kind "$kind" --backend gnuplot -o "$TMP/gp-$kind.png" "$S"
		expect_rc "gnuplot draws $kind" 0
	done
	eb chart --kind timeseries --backend gnuplot --emit-script "$TMP/gpts" -o "$TMP/gp-ts.png" "$LOG"
	expect_rc "gnuplot draws timeseries" 0
	[ -s "$TMP/gpts/gp-ts.gp" ] && [ -s "$TMP/gpts/gp-ts.dat" ] && pass "--emit-script keeps the script and data" \
		|| fail "--emit-script keeps the script and data"
	(cd "$TMP/gpts" && gnuplot gp-ts.gp) && [ -s "$TMP/gpts/gp-ts.png" ] \
		&& pass "the kept script redraws the chart by itself" || fail "the kept script redraws the chart by itself"

	eb chart --kind bars --backend gnuplot --emit-script "$TMP/gpesc" -o "$TMP/gpesc/esc.svg" \
		tests/data/charts/escape.csv
	expect_rc "gnuplot draws escape.csv" 0
	if [ ! -e "$TMP/gpesc/PWNED" ] && [ ! -e PWNED ] && grep -qF "'q\"uote'.\"\\047\".'s'" "$TMP/gpesc/esc.gp" \
		&& grep -q "'back\`touch PWNED\`tick'" "$TMP/gpesc/esc.gp"; then
		pass "gnuplot labels are single-quoted strings: no backquote runs"
	else
		fail "gnuplot labels are single-quoted strings: no backquote runs"
	fi
	xml_ok "$TMP/gpesc/esc.svg" && grep -q '&lt;script' "$TMP/gpesc/esc.svg" \
		&& pass "gnuplot's SVG of escape.csv is XML with the labels as text" \
		|| fail "gnuplot's SVG of escape.csv is XML with the labels as text"
	# gnuplot 5.4 refuses '''' (a lone quote) and 'a''''b': labels made of
	# quotes (the third audit's label-apostrophe.csv) draw all the same.
	eb chart --kind bars --backend gnuplot -o "$TMP/gpesc/apostrophe.svg" tests/data/charts/apostrophe.csv
	expect_rc "gnuplot draws modes named ' and ''x''" 0
	xml_ok "$TMP/gpesc/apostrophe.svg" && grep -qF ">''x''<" "$TMP/gpesc/apostrophe.svg" \
		&& pass "gnuplot's SVG names the mode ''x''" || fail "gnuplot's SVG names the mode ''x''"
else
	skip "gnuplot back end: gnuplot is not installed"
fi

printf keep >"$TMP/keep.png"
(PATH=/nonexistent; export PATH; "$ENCBENCH" chart --kind bars --backend gnuplot -o "$TMP/keep.png" "$S") \
	>"$TMP/out" 2>"$TMP/err"
rc=$?
expect_rc "without gnuplot, --backend gnuplot is a usage error" 64
grep -q "apt-get install gnuplot-nox" "$TMP/err" && pass "without gnuplot, the error says how to install it" \
	|| fail "without gnuplot, the error says how to install it"
expect_file_is "without gnuplot, the old file stays" "$TMP/keep.png" keep

# ---- the shared corpus
F="$CORPUS/fio"
if [ -f "$F/fio-3.28-terse3-plus-normal-8groups.txt" ] && [ -f "$F/fio-3.36-json-randrw-128k-1job.json" ]; then
	# Two runs of the same eight jobs, as two modes of two releases.
	n=0
	for spec in "none 3.28 $F/fio-3.28-terse3-plus-normal-8groups.txt" \
	    "aes-256-gcm 3.28 $F/fio-3.28-terse3-plus-normal-eta-glued.txt" \
	    "none 3.36 $F/fio-3.28-terse3-plus-normal-eta-glued.txt" \
	    "aes-256-gcm 3.36 $F/fio-3.28-terse3-plus-normal-8groups.txt" \
	    "none 3.36 $F/fio-3.36-json-randrw-128k-1job.json" \
	    "aes-128-ccm 3.36 $F/fio-3.36-json-randrw-128k-1job.json"; do
		set -- $spec
		n=$((n + 1))
		# A copy of its own: one file's records under two labels are refused.
		cp "$3" "$TMP/run$n.${3##*.}"
		eb ingest --set mode="$1" --set release="$2" -o "$TMP/corpus$n.csv" "$TMP/run$n.${3##*.}"
		[ "$rc" -eq 0 ] || fail "ingest $3"
	done
	for kind in bars overhead trend diff heatmap; do
		render_all "corpus $kind" "$TMP/c-$kind" --kind "$kind" "$TMP"/corpus*.csv
	done
	render_all "corpus bars of fio JSON" "$TMP/c-json" --kind bars --set mode=none \
		"$F/fio-3.36-json-randrw-128k-1job.json" "$F/fio-2.17-json-pkb-hist-group_reporting.json"
	render_all "corpus timeseries of fio logs" "$TMP/c-ts" --kind timeseries "$F"/*.log
	grep -q "histogram log .* left out" "$TMP/err" && pass "a histogram log is left out with a warning" \
		|| fail "a histogram log is left out with a warning"
else
	skip "charts of the shared corpus: no corpus at $CORPUS"
fi

# Jobs whose names say only what the label says ("write", "seq-write")
# get rows of their own, named by job, when one label would put their bars
# in one place (the tables already name them, audit 22 H10): four rows,
# each with its job's one bar (80, 50, 60 and 70 % of none).
eb chart --kind overhead -o "$TMP/jobs.svg" tests/data/analyze/jobs-one-label.csv
expect_rc "chart: jobs of one label are drawn" 0
sed 's/<[^>]*>/\n/g' "$TMP/jobs.svg" | grep '^fio ' > "$TMP/rows"
printf '%s\n' "fio seq-write seq 4 KiB" "fio seqwrite seq 4 KiB" "fio sw seq 4 KiB" \
	"fio write seq 4 KiB" | cmp -s - "$TMP/rows" &&
	pass "chart: a row per job that one label would name" ||
	fail "chart: a row per job that one label would name ($(tr '\n' ';' < "$TMP/rows"))"
once=yes
for pct in 50.0 60.0 70.0 80.0; do
	[ "$(grep -c ">$pct %</text>" "$TMP/jobs.svg")" -eq 1 ] || once=no
done
[ "$once" = yes ] && pass "chart: each job's bar is drawn once" ||
	fail "chart: each job's bar is drawn once"
