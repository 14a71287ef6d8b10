# samples.sh - the bundled samples, the input of the README's main job: the
# records each of them gives and the report made of them all.
. tests/e2e/lib.sh
R=$TMP/report

# Records per release: 22.04 and 23.10 are 9 modes x (dd read, write +
# fio seq/rand read/write) x 3 runs x (bw, plus iops, lat and clat for fio);
# 24.04 has the AES-NI-off config as well; the sheet is 9 modes x 6
# columns; freebsd (meta.json says FreeBSD) is the real geli/none bonnie++ pair.
eb ingest -q samples
expect_rc "ingest of samples/ exits 0" 0
cut -d, -f1 "$TMP/out" | sed 1d | sort | uniq -c | awk '{ print $2 "=" $1 }' | tr '\n' ' ' > "$TMP/counts"
expect_file_is "samples/ gives every record its release" "$TMP/counts" \
	"20.04=54 22.04=594 23.10=594 24.04=1188 freebsd=58 "

# The legacy sheet's group row names the release of every column.
eb ingest -q samples/legacy-20.04/zfs-encryption-20.04.csv
grep ',none,dd,dd,,read,' "$TMP/out" | cut -d, -f1,13 > "$TMP/ddread"
expect_file_is "the 20.04 sheet: none, dd read 2,688 MB/s" "$TMP/ddread" "20.04,2688000000"

eb report -q samples -o "$R"
expect_rc "report of samples/ exits 0" 0
grep '^## ' "$R/report.md" | tr '\n' '|' > "$TMP/sections"
expect_file_is "the samples report.md: headline, the newest release, across releases, setup, links" \
	"$TMP/sections" "## Findings|## 24.04 (default, framework-i5-1135g7) at a glance|## Across releases|## Setup|## More|"
lines=$(wc -l < "$R/report.md")
[ "$lines" -le 250 ] && pass "the samples report.md is $lines lines (at most 250)" ||
	fail "the samples report.md is $lines lines (at most 250)"
python3 tests/e2e/report_check.py links "$R" > "$TMP/links" && pass "every link of every page of the samples report resolves" ||
	{ fail "every link of every page of the samples report resolves"; head "$TMP/links"; }
ls "$R/charts" | tr '\n' ' ' > "$TMP/charts"
expect_file_is "the samples report draws its charts, PNGs for the main page's" "$TMP/charts" \
	"bars-24.04-default.png bars-24.04-default.svg bars-24.04-no-aesni.svg bars-freebsd.svg diff-framework-i5-1135g7-default-23.10-24.04.svg heatmap-framework-i5-1135g7-default.png heatmap-framework-i5-1135g7-default.svg overhead-24.04-default.png overhead-24.04-default.svg overhead-24.04-no-aesni.svg overhead-freebsd.svg trend-framework-i5-1135g7-default.png trend-framework-i5-1135g7-default.svg "

# Labels that are true: the runs whose meta.json or sheet says the numbers
# are made up, every one of them (the 20.04 sheet's group row says
# "illustrative numbers") and no other (the geli pair is measured).
grep '^> \*\*Illustrative data' "$R/report.md" > "$TMP/banner"
expect_file_is "the banner names exactly the illustrative runs" "$TMP/banner" \
	"> **Illustrative data.** The runs of 20.04, 22.04 (framework-i5-1135g7), 23.10 (framework-i5-1135g7), 24.04 (default, framework-i5-1135g7) and 24.04 (no-aesni, framework-i5-1135g7) say in their meta.json or sheet that their numbers are made up, to show the formats and the report: they are not measurements. The other runs say nothing of the kind."
if grep -rq 'Illustrative data: not measurements' "$R"/*.md || grep -q 'freebsd' "$TMP/banner"; then
	fail "no page calls the real geli pair illustrative"
else
	pass "no page calls the real geli pair illustrative"
fi
grep -o 'Made-up numbers, by what their inputs say: .*' "$R/data.md" > "$TMP/footer"
expect_file_is "data.md names the same runs" "$TMP/footer" \
	"Made-up numbers, by what their inputs say: 20.04, 22.04 (framework-i5-1135g7), 23.10 (framework-i5-1135g7), 24.04 (default, framework-i5-1135g7) and 24.04 (no-aesni, framework-i5-1135g7)."

# The trend table tells 24.04's configs and the hosts apart, and says "ran
# once" of the side that did.
grep -c '^| framework-i5-1135g7 | no-aesni | ' "$R/trend.md" > "$TMP/noaesni"
expect_file_is "the trend table has host and config columns: 54 rows of 24.04 no-aesni" "$TMP/noaesni" "54"
grep '| dd read 1 MiB  *| none  *| 22.04 ' "$R/trend.md" | awk -F'|' '{ gsub(/^ +| +$/, "", $11); print $11 }' > "$TMP/once"
expect_file_is "22.04 against 20.04: the side measured once is named" "$TMP/once" "no test: 20.04 ran once"
grep -q 'single run' "$R/trend.md" && fail "the trend table says single run of a side run three times" ||
	pass "the trend table says single run of no side run three times"

# Markdown and HTML come from one plan: --format html writes report.md as
# well, the same byte for byte, so make demo-html keeps what make demo wrote.
cp -r "$R" "$TMP/both"
eb report -q --format html samples -o "$TMP/both"
expect_rc "report --format html of samples/ exits 0" 0
cmp -s "$TMP/both/report.md" "$R/report.md" && [ -s "$TMP/both/report.html" ] &&
	pass "--format html keeps report.md, the same as without it" ||
	fail "--format html keeps report.md, the same as without it"
python3 tests/e2e/report_check.py html "$TMP/both/report.html" > "$TMP/tags" &&
	pass "report.html closes every tag and its links resolve ($(tail -1 "$TMP/tags"))" ||
	{ fail "report.html closes every tag and its links resolve"; head "$TMP/tags"; }
grep -c '^<details id="page-' "$TMP/both/report.html" > "$TMP/folded"
expect_file_is "report.html folds the 9 linked pages" "$TMP/folded" "9"

# The folder follows the umask.
(umask 027 && "$ENCBENCH" report -q samples -o "$TMP/masked" 2>/dev/null)
stat -c '%a' "$TMP/masked" "$TMP/masked/charts" "$TMP/masked/report.md" "$TMP/masked/charts/bars-24.04-default.png" |
	tr '\n' ' ' > "$TMP/modes"
expect_file_is "with umask 027 the report is 750 folders and 640 files" "$TMP/modes" "750 750 640 640 "
(umask 022 && "$ENCBENCH" report -q samples -o "$TMP/open" 2>/dev/null)
stat -c '%a' "$TMP/open" "$TMP/open/releases" "$TMP/open/data.md" | tr '\n' ' ' > "$TMP/modes"
expect_file_is "with umask 022 the report is 755 folders and 644 files" "$TMP/modes" "755 755 644 "

# The charts are drawn by one process per CPU; the folder is the same,
# byte for byte, when there is one.
if several_cpus; then
	${VALGRIND_CMD:-} taskset -c 0 "$ENCBENCH" report -q samples -o "$TMP/one-cpu" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if [ "$rc" -eq 0 ] && diff -r "$R" "$TMP/one-cpu" >/dev/null; then
		pass "the samples report drawn on one CPU and on $(nproc) is the same"
	else
		fail "the samples report drawn on one CPU and on $(nproc) is the same"
	fi
else
	skip "the samples report on one CPU and on several (needs taskset and two CPUs)"
fi
