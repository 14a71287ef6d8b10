# report.sh - "encbench report": the folder it writes, verdicts that agree
# with "encbench diff", links that resolve, HTML, refresh and failure.
. tests/e2e/lib.sh
TWO=tests/data/analyze/two-releases.csv
R=$TMP/report

eb report -q $TWO -o "$R"
expect_rc "report of a results.csv of two releases exits 0" 0
for f in report.md results.csv results.json summary.json; do
	[ -s "$R/$f" ] && pass "report writes $f" || fail "report writes $f"
done
python3 -c 'import json,sys; [print(d["mode"], d["metric"], d["op"], d["verdict"]) for d in json.load(open(sys.argv[1]))["diff"]]' \
	"$R/summary.json" > "$TMP/report.verdicts"
"$ENCBENCH" diff --json $TWO > "$TMP/diff.json"
python3 -c 'import json,sys; [print(d["mode"], d["metric"], d["op"], d["verdict"]) for d in json.load(open(sys.argv[1]))]' \
	"$TMP/diff.json" > "$TMP/diff.verdicts"
if [ -s "$TMP/diff.verdicts" ] && cmp -s "$TMP/report.verdicts" "$TMP/diff.verdicts"; then
	pass "summary.json has diff's verdicts, pair by pair"; else fail "summary.json has diff's verdicts, pair by pair"; fi
# The markdown: every diff row of the report says what diff says.
sed -n '/^## Throughput/,/^## Every metric/p' "$R/diff-23.10-24.04.md" | grep '^| default' |
	awk -F'|' '{ gsub(/^ +| +$/, "", $10); print $10 }' > "$TMP/md.verdicts"
"$ENCBENCH" diff --metric bw $TWO | grep '^| default' |
	awk -F'|' '{ gsub(/^ +| +$/, "", $10); print $10 }' > "$TMP/diffmd.verdicts"
if [ -s "$TMP/md.verdicts" ] && cmp -s "$TMP/md.verdicts" "$TMP/diffmd.verdicts"; then
	pass "report.md says improved / regressed / no significant change where diff does"
else fail "report.md verdicts differ from diff"; fi
grep -q "improved" "$TMP/md.verdicts" && grep -Eq "no clear change|unchanged" "$TMP/md.verdicts" \
	&& pass "the report's diff has both kinds of verdict" || fail "the report's diff has both kinds of verdict"
python3 tests/e2e/report_check.py links "$R" > "$TMP/links"
if [ $? -eq 0 ] && [ "$(grep -c '](charts/' "$R/report.md")" -eq 8 ]; then
	pass "every link of every page resolves, 8 chart links on the main page"
else fail "every link of every page resolves, 8 chart links on the main page"; head "$TMP/links"; fi
# The checker finds a link that does not resolve.
cp -r "$R" "$TMP/broken" && rm "$TMP/broken/releases/23.10.md"
python3 tests/e2e/report_check.py links "$TMP/broken" > "$TMP/links"
expect_file_is "a page taken away is a link that does not resolve" "$TMP/links" \
	"report.md: releases/23.10.md does not resolve
$(tail -1 "$TMP/links")"

# --full puts every page on the main one; --sections picks.
eb report -q --full $TWO -o "$TMP/full"
expect_rc "report --full exits 0" 0
grep '^## ' "$TMP/full/report.md" | tr '\n' '|' > "$TMP/sections"
expect_file_is "--full: the main sections, then each linked page" "$TMP/sections" \
	"## Findings|## 24.04 at a glance|## Across releases|## More|## Release 24.04|## Release 23.10|## 23.10 → 24.04|## Across releases, case by case|## All findings|## The data|"
eb report -q --sections newest,diff $TWO -o "$TMP/some"
grep '^## ' "$TMP/some/report.md" | tr '\n' '|' > "$TMP/sections"
expect_file_is "--sections newest,diff: those two" "$TMP/sections" "## 24.04 at a glance|## 23.10 → 24.04|"
python3 tests/e2e/report_check.py links "$TMP/some" >/dev/null && python3 tests/e2e/report_check.py links "$TMP/full" >/dev/null &&
	pass "the links of --full and --sections pages resolve" || fail "the links of --full and --sections pages resolve"
# In HTML, a linked page on the main one is a section the links land on.
eb report -q --format html --full $TWO -o "$TMP/full-html"
eb report -q --format html --sections newest,diff $TWO -o "$TMP/some-html"
for d in full-html some-html; do
	if python3 tests/e2e/report_check.py html "$TMP/$d/report.html" > "$TMP/tags"; then
		pass "the HTML of --${d%-html}: every tag closed, every link into it lands"
	else fail "the HTML of --${d%-html}: every tag closed, every link into it lands"; head -3 "$TMP/tags"; fi
done
# Two hosts, one cheaper and one dearer from 1.0 to 2.0: the headline says
# which host each sentence is of, as findings.md does, and tells both
# changes; the costs are the main host's first.
{
	echo 'release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source'
	for c in 1.0:alpha:none:1000 1.0:alpha:aes-256-gcm:600 2.0:alpha:none:1000 2.0:alpha:aes-256-gcm:800 \
	    1.0:beta:none:900 1.0:beta:aes-256-gcm:700 2.0:beta:none:900 2.0:beta:aes-256-gcm:500; do
		rel=${c%%:*} rest=${c#*:}
		host=${rest%%:*} rest=${rest#*:}
		mode=${rest%%:*} mb=${rest#*:}
		for d in 1 2 3; do
			echo "$rel,$host,default,$mode,dd,dd,,write,1048576,bw,B/s,$d,$((mb * 1000000 + (d - 2) * mb * 4000)),gen"
		done
	done
} > "$TMP/two-hosts.csv"
eb report -q "$TMP/two-hosts.csv" -o "$TMP/two-hosts"
expect_rc "the report of two hosts exits 0" 0
sed -n '/^## Findings/,/^## [^F]/p' "$TMP/two-hosts/report.md" | grep '^- ' > "$TMP/headline"
expect_file_is "the headline of two hosts names the host of each sentence" "$TMP/headline" \
"- In 2.0 on alpha, AES-GCM costs 20.0 % of throughput on sequential writes (1 comparison; 95 % interval 19.3–20.7 %).
- From 1.0 to 2.0 on alpha, the throughput overhead of AES-GCM on writes fell by 20.0 percentage points in 1 comparison: encryption got cheaper (95 % interval -20.9 to -19.2 pp by the ratio of ratios).
- From 1.0 to 2.0 on beta, the throughput overhead of AES-GCM on writes rose by 22.2 percentage points in 1 comparison: encryption got dearer (95 % interval +21.6 to +22.8 pp by the ratio of ratios).
- From 1.0 to 2.0 on alpha, the throughput of the unencrypted baseline (none) improved in 0 of 1 test, regressed in 0, stayed within ±2 % in 1 and changed by an amount the data cannot tell in 0 (Welch's t test, alpha 0.05, Holm over all 2 tests of the two releases on this host).
- From 1.0 to 2.0 on beta, the throughput of the unencrypted baseline (none) improved in 0 of 1 test, regressed in 0, stayed within ±2 % in 1 and changed by an amount the data cannot tell in 0 (Welch's t test, alpha 0.05, Holm over all 2 tests of the two releases on this host).
- In 2.0 on beta, AES-GCM costs 44.4 % of throughput on sequential writes (1 comparison; 95 % interval 43.9–45.0 %)."
python3 tests/e2e/report_check.py headline "$TMP/two-hosts" > "$TMP/heads" &&
	pass "each headline sentence of two hosts is one of findings.md's" ||
	{ fail "each headline sentence of two hosts is one of findings.md's"; head -3 "$TMP/heads"; }
eb report -q --sections newest,charts $TWO -o "$TMP/bad"
expect_rc "--sections with an unknown name is a usage error" 64
expect_err_line "and says which" "encbench: error: --sections: no section 'charts' (there are findings, newest, across, setup, more, releases, diff, trend, all-findings, data)"
grep -q '^!\[[A-Z][^]]\{20,\}\](charts/' "$R/report.md" && pass "images have meaningful alt text" || fail "images have alt text"

# A refresh: files of the user's stay, stale files of encbench's go.
echo "my notes" > "$R/notes.txt"
eb report -q --releases 24.04 $TWO -o "$R"
expect_rc "a refresh with one release exits 0" 0
[ "$(cat "$R/notes.txt" 2>/dev/null)" = "my notes" ] && pass "a refresh keeps the user's files" || fail "a refresh keeps the user's files"
ls "$R/charts" | grep -q '^diff-' && fail "a refresh left a stale diff chart" || pass "a refresh leaves no stale chart"
ls -a "$TMP" | grep -q '^\.report\.tmp-' && fail "a temporary folder was left" || pass "no temporary folder is left"

# --releases in any order: the one release order decides which is older,
# so the diff page and the findings speak of one direction.
eb report -q --releases 24.04,23.10 $TWO -o "$TMP/backwards"
expect_rc "--releases newest first exits 0" 0
ls "$TMP/backwards" | grep '^diff-' | tr '\n' ' ' | grep -qx 'diff-23.10-24.04.md ' &&
	pass "--releases newest first diffs 23.10 to 24.04" || fail "--releases newest first diffs 23.10 to 24.04"
[ "$(head -1 "$TMP/backwards/diff-23.10-24.04.md" 2>/dev/null)" = "# 23.10 → 24.04" ] &&
	grep -q '^- From 23.10 to 24.04, the throughput of the unencrypted baseline (none) improved in 1 of 2 tests' "$TMP/backwards/report.md" &&
	pass "the diff page and the findings go from 23.10 to 24.04" || fail "the diff page and the findings go one way"
eb report -q --releases 24.04,23.10,24.04 $TWO -o "$TMP/twice"
expect_rc "a release named twice in --releases is a usage error" 64
expect_err_line "and the message names it" "encbench: error: --releases names '24.04' twice"
[ ! -e "$TMP/twice" ] && pass "a refused report writes nothing" || fail "a refused report writes nothing"

# A failed report leaves the previous one as it was.
cp "$R/report.md" "$TMP/before.md"
: > "$TMP/empty.log"
eb report "$TMP/empty.log" -o "$R"
expect_rc "a report of bad input fails" 65
cmp -s "$R/report.md" "$TMP/before.md" && pass "a failed report leaves the old one" || fail "a failed report leaves the old one"

# HTML: one page, the charts inlined.
eb report -q --format html $TWO -o "$TMP/html"
expect_rc "report --format html exits 0" 0
if grep -q '<svg' "$TMP/html/report.html" && ! grep -q '<img' "$TMP/html/report.html"; then
	pass "the HTML page inlines its charts"; else fail "the HTML page inlines its charts"; fi
python3 -c 'import html.parser,sys; p=html.parser.HTMLParser(); p.feed(open(sys.argv[1]).read())' "$TMP/html/report.html" \
	&& pass "the HTML page parses" || fail "the HTML page parses"

eb report $TWO
expect_rc "report without -o is a usage error" 64

# Labels from inputs are escaped in every output: markdown cells, HTML,
# SVG (the chart tests check gnuplot scripts too).
H='release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source'
{
	echo "$H"
	for rel in 1.0 2.0; do for mode in none '<script>alert(1)</script>'; do for rep in 1 2 3; do
		printf '%s,"h|x `id`",default,"%s","fio","a|b ""q"" &amp;\nline2",seq,read,4096,bw,B/s,%s,%s,gen-%s\n' \
			"$rel" "$mode" "$rep" "$((1000000 + rep * 1000))" "$rel"
	done; done; done
} > "$TMP/evil.csv"
eb report -q --format html "$TMP/evil.csv" -o "$TMP/evil"
expect_rc "a report of hostile labels exits 0" 0
if grep -q '<script>' "$TMP/evil/report.html"; then fail "HTML carries a raw <script>"; else pass "HTML escapes <script> in labels"; fi
grep -q '&lt;script&gt;' "$TMP/evil/report.html" && pass "HTML shows the label escaped" || fail "HTML shows the label escaped"
for svg in "$TMP"/evil/charts/*.svg; do
	python3 -c 'import xml.dom.minidom,sys; xml.dom.minidom.parse(sys.argv[1])' "$svg" || { fail "SVG with hostile labels is not XML: $svg"; continue; }
done
pass "SVG charts with hostile labels are well-formed XML"
eb report -q "$TMP/evil.csv" -o "$TMP/evil-md"
if awk '!/^\|/ { cols = 0; next } { n = gsub(/[^\\]\|/, "&"); if (!cols) cols = n; else if (n != cols) bad = 1 } END { exit bad }' \
	"$TMP/evil-md/report.md"; then pass "markdown tables keep their columns with | in labels"; else
	fail "markdown tables keep their columns with | in labels"; fi
grep -q 'a\\|b' "$TMP/evil-md/report.md" && pass "markdown escapes | in cells" || fail "markdown escapes | in cells"

# Release labels with / and parentheses still give files and links that work.
cp /dev/null "$TMP/slash.csv"
echo "$H" > "$TMP/slash.csv"
for rel in "a/b 1" "c (x)"; do for m in none aes-256-gcm; do for rep in 1 2; do
	echo "$rel,h,default,$m,dd,dd,,write,1048576,bw,B/s,$rep,$((100 + rep)),x" >> "$TMP/slash.csv"
done; done; done
eb report -q "$TMP/slash.csv" -o "$TMP/slash"
expect_rc "a report of labels with / and ( exits 0" 0
missing=0
for link in $(grep -o '](charts/[^)]*)' "$TMP/slash/report.md" | sed 's/^](//; s/)$//'); do
	[ -s "$TMP/slash/$link" ] || missing=$((missing + 1))
done
[ "$missing" -eq 0 ] && [ -s "$TMP/slash/charts/bars-a-b-1.svg" ] && pass "chart files of odd labels exist and their links resolve" \
	|| fail "chart files of odd labels exist and their links resolve"

# A chart taller than a PNG at 2x can be (32767 px) keeps its SVG, with
# a warning, and the report its link.
awk 'BEGIN { print "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source";
	for (j = 0; j < 450; j++) for (m = 0; m < 2; m++) for (r = 1; r <= 2; r++)
		printf "24.04,h,default,%s,fio,job%d,seq,read,4096,bw,B/s,%d,%d,x:%d\n",
		    m ? "aes-256-gcm" : "none", j, r, 1000000000 + j * 1000 + r * 7 - m * 500000000, NR++ }' > "$TMP/tall.csv"
eb report -q "$TMP/tall.csv" -o "$TMP/tall"
expect_rc "a report whose charts are too tall for a PNG exits 0" 0
expect_err_line "the too-tall chart is named" \
	"encbench: warning: chart bars-24.04 is too big for a PNG at 2x; the report has its SVG only"
if grep -q '](charts/bars-24.04.svg)' "$TMP/tall/report.md" && [ -s "$TMP/tall/charts/bars-24.04.svg" ] &&
    ! grep -q 'bars-24.04.png' "$TMP/tall/report.md" && [ ! -e "$TMP/tall/charts/bars-24.04.png" ]; then
	pass "a chart too tall for a PNG is in the report as SVG only"
else
	fail "a chart too tall for a PNG is in the report as SVG only"
fi

# Golden reports: every page of the samples report and of a generated series
# of 6 releases on 2 hosts in 2 configs, byte for byte. UPDATE=1 rewrites
# tests/golden/report-*/. Which charts fit a PNG depends on text measured
# with DejaVu Sans: without it the cases are skipped.
golden_report() { # NAME FOLDER
	want=tests/golden/$1
	(cd "$2" && find . -name '*.md' | sed 's|^\./||' | sort) > "$TMP/pages"
	if [ "${UPDATE:-0}" = 1 ]; then
		rm -rf "$want" && mkdir -p "$want"
		while read -r page; do
			mkdir -p "$want/$(dirname "$page")" && cp "$2/$page" "$want/$page"
		done < "$TMP/pages"
		pass "golden $1 written ($(wc -l < "$TMP/pages") pages)"
		return
	fi
	(cd "$want" 2>/dev/null && find . -name '*.md' | sed 's|^\./||' | sort) > "$TMP/wanted"
	if ! cmp -s "$TMP/pages" "$TMP/wanted"; then
		fail "golden $1: the pages differ (UPDATE=1 sh tests/e2e/report.sh rewrites them)"
		diff "$TMP/wanted" "$TMP/pages" | head -10
		return
	fi
	bad=0
	while read -r page; do
		if ! diff -u "$want/$page" "$2/$page" > "$TMP/diff"; then
			bad=1
			echo "  $page differs:"
			head -20 "$TMP/diff"
		fi
	done < "$TMP/pages"
	[ "$bad" -eq 0 ] && pass "golden $1: $(wc -l < "$TMP/pages") pages the same byte for byte" ||
		fail "golden $1 differs (UPDATE=1 sh tests/e2e/report.sh rewrites it)"
}
font=$(fc-match -f '%{file}' 'DejaVu Sans' 2>/dev/null)
case "$font" in
*/DejaVuSans.ttf)
	# In HTML as well: its report.md and linked pages are the same byte
	# for byte (samples.sh), and report.html holds them all.
	eb report -q --format html samples -o "$TMP/golden-samples"
	expect_rc "the samples report for its golden pages exits 0" 0
	golden_report report-samples "$TMP/golden-samples"
	python3 bench/gen_decade.py "$TMP/series.csv" 6 2 2 3
	(cd "$TMP" && ${VALGRIND_CMD:-} "$ENCBENCH" report -q --format html series.csv -o golden-series >"$TMP/out" 2>"$TMP/err")
	rc=$?
	expect_rc "the report of 6 releases, 2 hosts, 2 configs exits 0" 0
	golden_report report-series "$TMP/golden-series"
	# With two configs each trend and heat map names its own, default too.
	for f in trend heatmap; do
		for c in default no-aesni; do
			grep -o "laptop-i5-1135g7 · config [a-z-]* · releases 23.04 to 25.10" \
				"$TMP/golden-series/charts/$f-laptop-i5-1135g7-$c.svg" | head -1
		done
	done > "$TMP/subtitles"
	expect_file_is "the trend and heat map of each config name it in the subtitle" "$TMP/subtitles" \
"laptop-i5-1135g7 · config default · releases 23.04 to 25.10
laptop-i5-1135g7 · config no-aesni · releases 23.04 to 25.10
laptop-i5-1135g7 · config default · releases 23.04 to 25.10
laptop-i5-1135g7 · config no-aesni · releases 23.04 to 25.10"
	python3 tests/e2e/report_check.py links "$TMP/golden-series" > "$TMP/links" &&
		pass "every link of the series report resolves" || fail "every link of the series report resolves"
	for g in samples series; do
		python3 tests/e2e/report_check.py headline "$TMP/golden-$g" > "$TMP/heads" &&
			pass "each headline sentence of the $g report is one of findings.md's" ||
			{ fail "each headline sentence of the $g report is one of findings.md's"; head -3 "$TMP/heads"; }
		if python3 tests/e2e/report_check.py html "$TMP/golden-$g/report.html" > "$TMP/tags"; then
			pass "the $g report's HTML: every tag closed in order, every link and linked page in it"
		else
			fail "the $g report's HTML: every tag closed in order, every link and linked page in it"
			head -5 "$TMP/tags"
		fi
	done
	# The checker fails a page whose tags do not nest, and one that
	# lacks a linked page.
	sed '0,/<\/details>/s///' "$TMP/golden-series/report.html" > "$TMP/golden-series/bad.html"
	python3 tests/e2e/report_check.py html "$TMP/golden-series/bad.html" > "$TMP/tags"
	grep -q '^line [0-9]*: </body> closes <details> of line [0-9]*$' "$TMP/tags" &&
		pass "a </details> taken away is a tag that does not nest" || { fail "a </details> taken away is a tag that does not nest"; head -3 "$TMP/tags"; }
	rm "$TMP/golden-series/bad.html"
	cp "$TMP/golden-series/trend.md" "$TMP/golden-series/extra.md"
	python3 tests/e2e/report_check.py html "$TMP/golden-series/report.html" > "$TMP/tags"
	expect_file_is "a page the HTML lacks is named" "$TMP/tags" \
		"extra.md has no section in the page (no id page-extra)
$(tail -1 "$TMP/tags")"
	rm "$TMP/golden-series/extra.md"
	;;
*)
	skip "golden reports: DejaVu Sans is not installed (fc-match gives '$font')"
	;;
esac

# Outputs follow the umask: the report folder (mkdtemp makes 0700) and a
# chart gnuplot draws (into a mkstemp file, 0600).
(umask 022 && "$ENCBENCH" report -q $TWO -o "$TMP/umask" 2>/dev/null)
stat -c '%a' "$TMP/umask" "$TMP/umask/report.md" "$TMP/umask/releases/24.04.md" | tr '\n' ' ' > "$TMP/modes"
expect_file_is "with umask 022 the report folder is 755 and its pages 644" "$TMP/modes" "755 644 644 "
if command -v gnuplot >/dev/null 2>&1; then
	(umask 027 && "$ENCBENCH" chart --backend gnuplot --kind bars $TWO -o "$TMP/gp.png" 2>/dev/null)
	stat -c '%a' "$TMP/gp.png" > "$TMP/modes"
	expect_file_is "with umask 027 a chart drawn by gnuplot is 640" "$TMP/modes" "640"
else
	skip "a chart drawn by gnuplot follows the umask (gnuplot is not installed)"
fi

# A decade of rounds (20 releases x 3 hosts x 3 configs x 9 modes x 6 tests
# x 5 runs, 178,200 records): the main page stays a page; bench/run.sh times
# it. Too slow under valgrind.
if [ -n "${VALGRIND_CMD:-}" ]; then
	skip "the report of a decade (too slow under valgrind)"
else
	python3 bench/gen_decade.py "$TMP/decade.csv"
	eb report -q "$TMP/decade.csv" -o "$TMP/decade"
	expect_rc "the report of a decade exits 0" 0
	lines=$(wc -l < "$TMP/decade/report.md")
	[ "$lines" -le 400 ] && pass "the decade's report.md is $lines lines (at most 400)" ||
		fail "the decade's report.md is $lines lines (at most 400)"
	python3 tests/e2e/report_check.py links "$TMP/decade" > "$TMP/links" &&
		pass "every link of the decade's pages resolves" || { fail "every link of the decade's pages resolves"; head "$TMP/links"; }
	grep -c '^## ' "$TMP/decade/trend.md" > "$TMP/n"
	expect_file_is "the decade's trend.md has a section per host and config, and the table's" "$TMP/n" "10"
fi

# The glance table takes the verdict the headline takes: two GCM modes
# 5.3 % slower in two tests, 3 runs each, significant alone (Welch p 0.029)
# but not after Holm over the family's 4 tests (0.12); every cell is `~`
# with its interval at Holm's step level (98.75 %), which holds 0. The
# relative time and the geomean row are estimates of their own, with
# intervals Bonferroni-adjusted over the 2 modes or the 2 tests (97.5 %),
# and `~` too where none of the cells they pool shows a difference
# (audit 16 M4).
# Latency alone: the glance table, the release page and the charts say
# latency, and the cells are speeds, none's latency over the mode's
# (aes-128-gcm at 900 ns against 1000 ns: +11.1) (audit 19).
eb report -q tests/data/analyze/latency-only.csv -o "$TMP/lat"
expect_rc "the report of latency alone exits 0" 0
grep -q "^Speed by mean latency of each mode (none's mean latency over the mode's) against none in 24.04, in percent" "$TMP/lat/report.md" &&
	pass "the glance caption names latency" || fail "the glance caption names latency"
grep -q '^| aes-128-gcm  *|  *0.900 (0.873–0.928) |  *+11.1 (+8.5 to +13.8) |$' "$TMP/lat/report.md" &&
	pass "the glance row of a faster mode" || fail "the glance row of a faster mode"
grep -q '^## Mean latency$' "$TMP/lat/releases/24.04.md" && ! grep -qi 'throughput of each' "$TMP/lat/releases/24.04.md" "$TMP/lat/report.md" &&
	pass "the release page and the alt texts say latency" || fail "the release page and the alt texts say latency"
G=$TMP/holm.csv
echo "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source" > "$G"
for op in read write; do
	for m in none aes-128-gcm aes-256-gcm; do
		if [ $m = none ]; then vals="100000000 102000000 98000000"; else vals="94700000 96594000 92806000"; fi
		r=0; for v in $vals; do r=$((r + 1))
			echo "24.04,h,c,$m,fio,j,seq,$op,4096,bw,B/s,$r,$v,gen-$m:$r" >> "$G"; done
	done
done
eb report -q "$G" -o "$TMP/holm"
expect_rc "the report of a family not significant after Holm exits 0" 0
grep -E '^\| (mode|none|aes|geomean)' "$TMP/holm/report.md" | tr -s ' ' > "$TMP/glance"
expect_file_is "the glance cells say ~ where the Holm verdict cannot tell, with the unit in the heading" "$TMP/glance" \
"| mode | relative time (none = 1) | fio j seq read 4 KiB (%) | fio j seq write 4 KiB (%) |
| none (absolute) | 1.000 | 100 MB/s | 100 MB/s |
| aes-128-gcm | ~ (1.023–1.090) | ~ (-11.8 to +1.6) | ~ (-11.8 to +1.6) |
| aes-256-gcm | ~ (1.023–1.090) | ~ (-11.8 to +1.6) | ~ (-11.8 to +1.6) |
| geomean of the modes | | ~ (-9.9 to -0.5) | ~ (-9.9 to -0.5) |"
# The modes of a test share its one baseline, whose error moves all their
# ratios together: the geomean's interval counts it once, in full (audit 29
# P01). By hand: four modes over none = 100, 110, 90 MB/s, log-variance
# (sum of the modes' CV^2/n + 16 * 1/300) / 16, 2.0 Welch df, t 4.30.
S=$TMP/shared.csv
echo "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source" > "$S"
for m in none aes-128-ccm aes-128-gcm aes-192-gcm aes-256-gcm; do
	case $m in
	none) vals="100000000 110000000 90000000" ;;
	aes-128-ccm) vals="50000000 50500000 49500000" ;;
	*) vals="146000000 146500000 147000000" ;;
	esac
	r=0; for v in $vals; do r=$((r + 1))
		echo "24.04,h,c,$m,fio,j,seq,write,4096,bw,B/s,$r,$v,gen-$m:$r" >> "$S"; done
done
eb report -q "$S" -o "$TMP/shared"
expect_rc "the report of modes over a noisy baseline exits 0" 0
grep -q '^| geomean of the modes |  *|  *~ (-12.6 to +43.5) |$' "$TMP/shared/report.md" &&
	pass "the geomean of the modes counts their shared baseline once" ||
	fail "the geomean of the modes counts their shared baseline once"
# The headline's first range is the estimates' spread, as its closing
# parenthesis says (audit 29 P03): every mode is 0.947 of none, 5.3 %.
# A geomean without an interval is marked as the cells it averages are,
# never a bare figure: sqrt(0.9 * 0.8) = 0.8485, -15.1 %.
for form in once:100000000 still:"100000000 100000000"; do
	name=${form%%:*}; base=${form#*:}
	F=$TMP/geo-$name.csv
	echo "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source" > "$F"
	for m in none aes-128-gcm aes-256-gcm; do
		case $m in
		none) vals=$base ;;
		aes-128-gcm) vals="90000000 90000000" ;;
		*) vals="80000000 80000000" ;;
		esac
		r=0; for v in $vals; do r=$((r + 1))
			echo "24.04,h,c,$m,fio,j,seq,write,4096,bw,B/s,$r,$v,gen-$m:$r" >> "$F"; done
	done
	eb report -q "$F" -o "$TMP/geo-$name"
	expect_rc "the report of modes over a baseline without an interval ($name) exits 0" 0
	grep '^| geomean of the modes' "$TMP/geo-$name/report.md" | tr -s ' ' > "$TMP/geo"
	case $name in once) want="(n=1)" ;; *) want="(no variation)" ;; esac
	expect_file_is "the geomean row says $want as the cells do" "$TMP/geo" \
		"| geomean of the modes | | -15.1 $want |"
done
grep -c 'no measurable overhead of throughput on sequential writes and sequential reads (estimates 5.3 % slower) (4 comparisons, 2 key sizes; ranges are the spread of the estimates; their Holm-adjusted 95 % intervals lie between 1.6 % faster and 11.8 % slower' "$TMP/holm/report.md" > "$TMP/n"
expect_file_is "and the headline gives the estimates, then the same Holm-level interval" "$TMP/n" "1"
# The overhead chart of the same data says what its tables say: Holm over
# the bars it draws, no "costs" that the glance above refuses (the fourth
# audit found its tooltips and whiskers unadjusted).
eb chart --kind overhead "$G" -o "$TMP/holm-chart.svg"
[ "$(grep -c 'no measurable overhead: between 1.6 % faster and 11.8 % slower' "$TMP/holm-chart.svg")" -ge 4 ] &&
	! grep -q 'costs' "$TMP/holm-chart.svg" && grep -q 'whiskers: Holm-adjusted 95 % Fieller interval' "$TMP/holm-chart.svg" \
	&& pass "the overhead chart gives the Holm verdicts and names the level of its whiskers" \
	|| fail "the overhead chart gives the Holm verdicts and names the level of its whiskers"

# One mode: no geomean row repeating it; an unbounded cell makes the
# mode's relative time unbounded (the write baseline's interval holds 0).
G=$TMP/unbounded.csv
echo "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source" > "$G"
r=0; for v in 100000000 101000000 99000000; do r=$((r + 1))
	echo "24.04,h,c,none,fio,j,seq,read,4096,bw,B/s,$r,$v,gen:$r" >> "$G"; done
r=0; for v in 50000000 50500000 49500000; do r=$((r + 1))
	echo "24.04,h,c,aes-256-gcm,fio,j,seq,read,4096,bw,B/s,$r,$v,gen:$r" >> "$G"; done
r=0; for v in 10000000 210000000; do r=$((r + 1))
	echo "24.04,h,c,none,fio,j,seq,write,4096,bw,B/s,$r,$v,gen:$r" >> "$G"; done
r=0; for v in 50000000 51000000; do r=$((r + 1))
	echo "24.04,h,c,aes-256-gcm,fio,j,seq,write,4096,bw,B/s,$r,$v,gen:$r" >> "$G"; done
eb report -q "$G" -o "$TMP/unb"
expect_rc "the report of an unbounded case exits 0" 0
grep -E '^\| (mode|none|aes|geomean)' "$TMP/unb/report.md" | tr -s ' ' > "$TMP/glance"
expect_file_is "one mode has no geomean row; an unbounded cell leaves its relative time unbounded" "$TMP/glance" \
"| mode | relative time (none = 1) | fio j seq read 4 KiB (%) | fio j seq write 4 KiB (%) |
| none (absolute) | 1.000 | 100 MB/s | 110 MB/s |
| aes-256-gcm | 2.087 (unbounded) | -50.0 (-51.7 to -48.2) | -54.1 (unbounded) |"

# meta.json "illustrative": true or a note draws the banner; false and
# null do not; a number or a string that reads as "no" is a located error.
for val in true '"made-up numbers"' false null '"no"' 0 '""'; do
	rm -rf "$TMP/ill"; cp -r tests/data/rundir/run-24.04 "$TMP/ill"
	sed -i "s/\"cores\": 8}/\"cores\": 8, \"illustrative\": $val}/" "$TMP/ill/meta.json"
	rm -rf "$TMP/illr"; eb report -q "$TMP/ill" -o "$TMP/illr"
	case $val in
	true|'"made-up numbers"') expect_rc "\"illustrative\": true: report exits 0" 0
		grep -c '^> \*\*Illustrative data.\*\*' "$TMP/illr/report.md" > "$TMP/n"
		expect_file_is "\"illustrative\": true draws the banner" "$TMP/n" "1" ;;
	false|null) expect_rc "\"illustrative\": $val: report exits 0" 0
		grep -c 'Illustrative' "$TMP/illr/report.md" > "$TMP/n"
		expect_file_is "\"illustrative\": $val draws no banner" "$TMP/n" "0" ;;
	*) expect_rc "\"illustrative\": $val is a data error" 65
		expect_err_line "naming the key and its line" \
			"$TMP/ill/meta.json:1: error: \"illustrative\" in meta.json must be true, false or a note saying why the numbers are made up"
		[ ! -e "$TMP/illr" ] && pass "and writes no report" || fail "and writes no report" ;;
	esac
done

# CPU and energy: data with samples gets the cost chart under its table,
# data without them gets neither.
eb report -q -o "$TMP/cost" tests/data/sample/bound.csv
expect_rc "report of sampled data exits 0" 0
grep -qxF '![Bar chart: CPU-seconds and joules per GiB moved by each encryption mode, with 95 % confidence intervals](charts/cost.svg)' "$TMP/cost/report.md" \
	&& [ -s "$TMP/cost/charts/cost.svg" ] && [ -s "$TMP/cost/charts/cost.png" ] \
	&& pass "the CPU and energy section links its bar chart" || fail "the CPU and energy section links its bar chart"
[ ! -e "$R/charts/cost.svg" ] && ! grep -q 'charts/cost' "$R/report.md" \
	&& pass "data without samples has no cost chart" || fail "data without samples has no cost chart"

# A release candidate is older than its release on the report's page too.
eb report -q -o "$TMP/pre" tests/data/analyze/prerelease.csv
head -n 1 "$TMP/pre/report.md" | grep -qxF '# What disk encryption costs on h, 24.04-rc1 to 24.04' \
	&& grep -qF -- '- From 24.04-rc1 to 24.04, the throughput overhead of AES-GCM on writes fell by 10.0 percentage points' "$TMP/pre/report.md" \
	&& pass "report: 24.04-rc1 comes before 24.04" || fail "report: 24.04-rc1 comes before 24.04"

# Two releases whose labels slug alike ("24.04/zfs" and "24.04-zfs") get a
# page and charts each: the label that is its own slug keeps the name.
C="$TMP/collide.csv"
echo "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source" > "$C"
for rel in 24.04/zfs:500000000 24.04-zfs:900000000; do
	for r in 1 2 3; do
		echo "${rel%%:*},h,default,none,dd,dd,,write,1048576,bw,B/s,$r,$((1000000000 + (r - 2) * 10000000)),gen:${rel%%:*}:0:$r"
		echo "${rel%%:*},h,default,aes-256-gcm,dd,dd,,write,1048576,bw,B/s,$r,$((${rel#*:} + (r - 2) * ${rel#*:} / 100)),gen:${rel%%:*}:1:$r"
	done >> "$C"
done
eb report -q -o "$TMP/collide" "$C"
expect_rc "report of two labels that slug alike exits 0" 0
grep '^- Each release' "$TMP/collide/report.md" > "$TMP/each"
expect_file_is "each release links its own page" "$TMP/each" \
	"- Each release: [24.04/zfs](releases/24.04-zfs-2.md), [24.04-zfs](releases/24.04-zfs.md)"
grep -h '^| aes-256-gcm |' "$TMP/collide/releases/24.04-zfs-2.md" "$TMP/collide/releases/24.04-zfs.md" > "$TMP/each"
expect_file_is "24.04/zfs's page has its 0.500, 24.04-zfs's its 0.900" "$TMP/each" \
	"| aes-256-gcm |         0.500 ± 0.012 |
| aes-256-gcm |         0.900 ± 0.022 |"
grep -c '^charts/overhead-24.04-zfs-2.svg$' "$TMP/collide/.encbench-report" > "$TMP/n"
expect_file_is "the newest release's chart is its own file, listed once" "$TMP/n" "1"
python3 tests/e2e/report_check.py links "$TMP/collide" > /dev/null \
	&& pass "the links of labels that slug alike resolve" || fail "the links of labels that slug alike resolve"
eb report -q --format html --full -o "$TMP/collide-html" "$C"
grep -o 'id="page-releases-[^"]*"' "$TMP/collide-html/report.html" | tr '\n' ' ' > "$TMP/ids"
expect_file_is "in HTML, each release's section has its own id" "$TMP/ids" \
	'id="page-releases-24-04-zfs-2" id="page-releases-24-04-zfs" '
# Host "a-b" with config "c" and host "a" with config "b-c": two trend
# charts, not one chart shown for both.
C="$TMP/joins.csv"
echo "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source" > "$C"
for rel in 24.04 24.10; do for hc in a-b:c a:b-c a-b:x a:x; do for m in none aes-256-gcm; do for r in 1 2 3; do
	echo "$rel,${hc%%:*},${hc#*:},$m,dd,dd,,write,1048576,bw,B/s,$r,$((1000000000 + r * 1000000)),gen:$rel:$hc:$m:$r"
done; done; done; done >> "$C"
eb report -q -o "$TMP/joins" "$C"
grep -o 'charts/trend-[^)]*svg' "$TMP/joins/trend.md" | tr '\n' ' ' > "$TMP/each"
expect_file_is "four pairs of host and config, four trend charts" "$TMP/each" \
	"charts/trend-a-x.svg charts/trend-a-b-c.svg charts/trend-a-b-x.svg charts/trend-a-b-c-2.svg "

# Two hosts with as many groups each: the main host is the first by name,
# whichever the rows give first.
C="$TMP/tie.csv"
for h in zeta alpha; do for m in none:1000 aes-256-gcm:900; do for r in 1 2 3; do
	echo "24.04,$h,default,${m%%:*},dd,dd,,write,1048576,bw,B/s,$r,$((${m#*:} * 1000000 + (r - 2) * 10000000)),gen:$h:$m:$r"
done; done; done > "$TMP/tie.rows"
{ echo "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source"; cat "$TMP/tie.rows"; } > "$C"
{ echo "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source"; tac "$TMP/tie.rows"; } > "$TMP/tie-rev.csv"
eb report -q -o "$TMP/tie" "$C"
eb report -q -o "$TMP/tie-rev" "$TMP/tie-rev.csv"
grep 'at a glance' "$TMP/tie/report.md" "$TMP/tie-rev/report.md" | sed "s|$TMP/||" > "$TMP/each"
expect_file_is "a tie of hosts: the first by name is at a glance, in either row order" "$TMP/each" \
	"tie/report.md:## 24.04 (alpha) at a glance
tie-rev/report.md:## 24.04 (alpha) at a glance"
cmp -s "$TMP/tie/report.md" "$TMP/tie-rev/report.md" \
	&& pass "and report.md is the same in either row order" || fail "and report.md is the same in either row order"

# --title: control characters become spaces, with a warning, as in labels.
eb report -q -o "$TMP/title" --title "$(printf 'My \033[31mred\007 disk')" "$C"
expect_err_line "a --title with control characters is warned of" \
	"encbench: warning: --title holds control characters (a newline, a tab, an escape, a reordering mark); they are written as spaces"
head -n 1 "$TMP/title/report.md" > "$TMP/each"
expect_file_is "and its escape and bell are spaces in report.md" "$TMP/each" '# My  \[31mred  disk'

# The tables that the report's pages share with "table" and "diff": a
# single run says n=1, and an overhead that changes sign says which side
# is the cost.
C="$TMP/single.csv"
{ echo "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source"
for r in 1 2 3; do
	echo "24.04,h,default,none,dd,dd,,read,1048576,bw,B/s,$r,$((1000000000 + (r - 2) * 10000000)),gen:n:$r"
	echo "24.04,h,default,aes-256-gcm,dd,dd,,write,1048576,bw,B/s,$r,$((900000000 + (r - 2) * 9000000)),gen:a:$r"
	echo "24.04,h,default,none,dd,dd,,write,1048576,bw,B/s,$r,$((1000000000 + (r - 2) * 10000000)),gen:w:$r"
done
echo "24.04,h,default,aes-256-gcm,dd,dd,,read,1048576,bw,B/s,1,500000000,gen:s:1"; } > "$C"
eb table "$C" > "$TMP/out"
expect_rc "table of a single run exits 0" 0
expect_file_is "table: a single run is 0.500 (n=1), and the caption says what n=1 is" "$TMP/out" \
"Release 24.04: mean of the runs ± half-width of the 95 % confidence interval; a mean with no interval says how many runs it has: (n=1) is a single run.

| mode        | dd read 1 MiB (GB/s) | dd write 1 MiB (GB/s) |
| ----------- | -------------------: | --------------------: |
| none        |          1.00 ± 0.02 |           1.00 ± 0.02 |
| aes-256-gcm |          0.500 (n=1) |         0.900 ± 0.022 |"
C="$TMP/sign.csv"
{ echo "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source"
for rel in 23.10:950:1050 24.04:1050:1150; do
	r1=${rel#*:}; r1=${r1%%:*}; w1=${rel##*:}
	for r in 1 2 3; do
		for op in read write; do
			echo "${rel%%:*},h,default,none,dd,dd,,$op,1048576,bw,B/s,$r,$((1000000000 + (r - 2) * 5000000)),gen:${rel%%:*}:$op:n:$r"
		done
		echo "${rel%%:*},h,default,aes-256-gcm,dd,dd,,read,1048576,bw,B/s,$r,$((r1 * 1000000 + (r - 2) * 5000000)),gen:${rel%%:*}:r:$r"
		echo "${rel%%:*},h,default,aes-256-gcm,dd,dd,,write,1048576,bw,B/s,$r,$((w1 * 1000000 + (r - 2) * 5000000)),gen:${rel%%:*}:w:$r"
	done
done; } > "$C"
eb diff "$C" > "$TMP/out"
grep '| aes-256-gcm |' "$TMP/out" | awk -F'|' '{ gsub(/^ +|:.*$/, "", $11); print $11 }' > "$TMP/each"
expect_file_is "diff: a cost that turns into a speed-up says so, a speed-up on both sides needs no word" "$TMP/each" \
	"costs 5.0 % → 5.0 % faster
5.0 % faster → 15.0 % faster"

# Outside audit C19: against another baseline than none, the title says so.
eb report -q --baseline aes-256-gcm -o "$TMP/against" samples/zfs-series
[ "$(head -n 1 "$TMP/against/report.md")" = "# What disk encryption costs against aes-256-gcm on framework-i5-1135g7, 22.04 to 24.04" ] \
	&& pass "report: the title names a baseline other than none" || fail "report: the title names a baseline other than none"

# Outside audit F7: a ratio beyond what a double holds reads "out of
# range" in the glance table too, never inf.
eb report -q -o "$TMP/beyond" tests/data/analyze/ratio-beyond-double.csv
grep -q '^| aes-128-ccm  *|  *out of range |' "$TMP/beyond/report.md" && ! grep -qw inf "$TMP/beyond/report.md" \
	&& pass "report: a relative time beyond a double is 'out of range'" || fail "report: a relative time beyond a double is 'out of range'"

# Audit 9, G11: with no mode to compare with the baseline, no sentence and
# no title says what anything costs, and the findings section says why.
C="$TMP/nobase.csv"
printf '%s\n' "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source" \
	"24.04,h,default,aes-128-ccm,dd,dd,,write,1048576,bw,B/s,1,1001,n1" \
	"24.04,h,default,aes-256-gcm,dd,dd,,write,1048576,bw,B/s,1,801,a1" > "$C"
eb report -q -o "$TMP/nobase" "$C"
[ "$(head -n 1 "$TMP/nobase/report.md")" = "# What was measured on h in 24.04 (no figure of overhead: no mode could be compared with none)" ] \
	&& pass "report: no pair of mode and baseline, no title of what anything costs" ||
	fail "report: no pair of mode and baseline, no title of what anything costs ($(head -n 1 "$TMP/nobase/report.md"))"
grep -qxF -- "- No figure of overhead: the data has no records of the baseline 'none' to compare the modes with." "$TMP/nobase/report.md" \
	&& pass "report: the findings section says why there is no figure" ||
	fail "report: the findings section says why there is no figure"

# Audit 9, G4: what the page says of intervals is true of its data.
grep -qxF "Made by encbench 0.1.0 from 2 records of 1 input; every case was measured once, so no number has a confidence interval." "$TMP/nobase/report.md" \
	&& pass "report: single runs are said to have no interval" || fail "report: single runs are said to have no interval"
C="$TMP/once.csv"
printf '%s\n' "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source" \
	"24.04,h,default,none,dd,dd,,write,1048576,bw,B/s,1,1000,n1" \
	"24.04,h,default,aes-256-gcm,dd,dd,,write,1048576,bw,B/s,1,800,a1" > "$C"
eb report -q -o "$TMP/once" "$C"
grep -qF "![Bar chart: throughput of each encryption mode in 24.04, reads and writes side by side, single runs without intervals](charts/bars-24.04.svg)" "$TMP/once/report.md" &&
	grep -qF "![Bar chart: throughput of each encryption mode in 24.04 as a percentage of none, single runs without intervals](charts/overhead-24.04.svg)" "$TMP/once/report.md" \
	&& pass "report: the charts' alt texts promise no interval of single runs" ||
	fail "report: the charts' alt texts promise no interval of single runs"

# diff's rule (audit E22) holds for the pair a report compares: the same
# records from the same sources under two releases are refused, and the
# folder -o names is left as it was; equal values from files of their own
# (rate-capped jobs) are compared, with diff's note.
sed 's/^24.04,/23.10,/' tests/data/analyze/side-a.csv > "$TMP/relabelled.csv"
tail -n +2 tests/data/analyze/side-a.csv >> "$TMP/relabelled.csv"
mkdir -p "$TMP/kept" && echo mine > "$TMP/kept/notes.txt"
eb report -q -o "$TMP/kept" "$TMP/relabelled.csv"
expect_rc "report of two releases holding one set of measurements is bad data" 65
expect_err_line "report says the releases hold the same measurements" "$TMP/relabelled.csv:14: error: the 6 records read from g under release '24.04', host 'a', config 'default', mode 'none' are, value for value, the ones read from it under release '23.10', host 'a', config 'default', mode 'none' (at $TMP/relabelled.csv:2): one run measured one test, so rows copied under another label would compare the run with itself; keep the rows under the label of the run that made them"
[ "$(ls -A "$TMP/kept")" = "notes.txt" ] && [ "$(cat "$TMP/kept/notes.txt")" = mine ] &&
	[ -z "$(ls -A "$TMP" | grep '^\.kept\.tmp-')" ] \
	&& pass "report refused leaves -o as it was and no folder of its own" ||
	fail "report refused leaves -o as it was and no folder of its own"
{
	echo "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source"
	for rel in 23.10 24.04; do for m in none aes-256-gcm; do for r in 1 2 3; do
		echo "$rel,h,default,$m,fio,wb,seq,write,65536,bw,B/s,$r,8388608,$rel/$m/fio-r$r.json:70"
	done; done; done
} > "$TMP/capped.csv"
eb report -o "$TMP/capped" "$TMP/capped.csv"
expect_rc "report of two releases with equal figures from their own files is written" 0
expect_err_line "report notes the equal figures as diff does" "encbench: note: releases '23.10' and '24.04' hold the same values in every test (2 tests) from different sources; they are compared as two sets of measurements"

# One finding is "the one finding", never "All 1 findings".
{
	echo "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source"
	for r in 1 2 3; do
		echo "r1,h,c,none,fio,j,seq,write,4096,bw,B/s,$r,10000$r,n$r"
		echo "r1,h,c,aes-256-gcm,fio,j,seq,write,4096,bw,B/s,$r,9000$r,g$r"
	done
} > "$TMP/one.csv"
eb report -o "$TMP/one" "$TMP/one.csv"
expect_rc "report of one finding is written" 0
grep -qxF "The one finding, on a page of its own: [findings.md](findings.md)." "$TMP/one/report.md" &&
	grep -qxF -- "- The one finding: [findings.md](findings.md)" "$TMP/one/report.md" &&
	! grep -q "All 1 findings" "$TMP/one/report.md" &&
	pass "report names one finding as one" || fail "report names one finding as one"

# Labels longer than a file name takes (NAME_MAX, 255 bytes) name files by
# their start and a hash of all of them (audit 13 K20): two alike in their
# first 300 bytes are two pages.
L=$(printf '%0300d' 0)
{
	echo "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source"
	for rel in "r${L}a" "r${L}b"; do for r in 1 2 3; do
		echo "$rel,h,c$L,none,fio,j,seq,write,4096,bw,B/s,$r,10000$r,$rel-n$r"
		echo "$rel,h,c$L,aes-256-gcm,fio,j,seq,write,4096,bw,B/s,$r,9000$r,$rel-g$r"
	done; done
} > "$TMP/long.csv"
eb report -o "$TMP/long" "$TMP/long.csv"
expect_rc "report of labels longer than a file name is written" 0
[ "$(ls "$TMP/long/releases" | wc -l)" -eq 2 ] &&
	[ "$(find "$TMP/long" -printf '%f\n' | awk 'length($0) > 255' | wc -l)" -eq 0 ] &&
	[ "$(ls "$TMP/long/releases" | sed 's/-[0-9a-f]\{8\}\.md$//' | sort -u | wc -l)" -eq 1 ] &&
	pass "report names two long labels' pages apart, each short" ||
	fail "report names two long labels' pages apart, each short"

# A config label is escaped wherever a page names it: the glance heading,
# its caption and the charts' alt texts (audit 18 Q2).
{
	echo "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source"
	for r in 1 2 3; do
		echo "24.04,h,c*em*_[l](http://e.x)|<b>,none,fio,j,seq,write,4096,bw,B/s,$r,10000$r,n$r"
		echo "24.04,h,c*em*_[l](http://e.x)|<b>,aes-256-gcm,fio,j,seq,write,4096,bw,B/s,$r,9000$r,g$r"
	done
} > "$TMP/cfglabel.csv"
eb report -o "$TMP/cfglabel" "$TMP/cfglabel.csv"
expect_rc "report of a hostile config label is written" 0
grep -qxF '## 24.04 (c\*em\*\_\[l\](http://e.x)\|&lt;b>) at a glance' "$TMP/cfglabel/report.md" &&
	! grep -q '<b>' "$TMP/cfglabel/report.md" && ! grep -q '[^\\]](http://e.x)' "$TMP/cfglabel/report.md" &&
	[ "$(grep -c '(c\\\*em\\\*\\_\\\[l\\\](http://e.x)\\|&lt;b>)' "$TMP/cfglabel/report.md")" -eq 4 ] &&
	pass "report escapes the config label in headings, captions and alt texts" ||
	fail "report escapes the config label in headings, captions and alt texts"

# Three jobs numbered apart are three tests, each a column of the glance
# table (audit 20 F05: seq-write-1..3 were one column, showing the first);
# two jobs that one label would name ("seq-write", "write") keep their
# names there.
{
	echo "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source"
	for r in 1 2 3; do
		for j in 1 2 3; do
			echo "24.04,h,c,none,fio,seq-write-$j,seq,write,4096,bw,B/s,$r,10000$r,n$j$r"
			echo "24.04,h,c,aes-256-gcm,fio,seq-write-$j,seq,write,4096,bw,B/s,$r,$((10 - 3 * j))000$r,g$j$r"
		done
	done
} > "$TMP/jobs.csv"
eb report -o "$TMP/jobs" "$TMP/jobs.csv"
expect_rc "report of three numbered jobs" 0
grep -qxF '| mode            | relative time (none = 1) | fio seq-write-1 seq write 4 KiB (%) | fio seq-write-2 seq write 4 KiB (%) | fio seq-write-3 seq write 4 KiB (%) |' "$TMP/jobs/report.md" &&
	pass "the glance table has a column for each numbered job" ||
	fail "the glance table has a column for each numbered job"
sed 's/seq-write-1,/seq-write,/; s/seq-write-2,/write,/; /seq-write-3,/d' "$TMP/jobs.csv" > "$TMP/jobs2.csv"
eb report -o "$TMP/jobs2" "$TMP/jobs2.csv"
grep -qxF '| mode            | relative time (none = 1) | fio seq-write seq write 4 KiB (%) | fio write seq write 4 KiB (%) |' "$TMP/jobs2/report.md" &&
	pass "two jobs one label would name keep their names in the glance table" ||
	fail "two jobs one label would name keep their names in the glance table"

# encbench findings writes markdown as the report's pages do: a label in a
# sentence is text there too, and --csv gives it as it was.
sed 's/^24\.04,/<b>24*04_,/' "$TMP/cfglabel.csv" > "$TMP/rellabel.csv"
eb findings "$TMP/rellabel.csv"
expect_out "findings escape a release label in their markdown" \
	'- In &lt;b>24\*04\_, AES-GCM costs 10.0 % of throughput on sequential writes (1 comparison; 95 % interval 10.0 %).'
eb findings --csv "$TMP/rellabel.csv"
expect_out "findings --csv give the label as it is" 'finding
"In <b>24*04_, AES-GCM costs 10.0 % of throughput on sequential writes (1 comparison; 95 % interval 10.0 %)."'
