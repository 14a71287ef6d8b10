# outputs_safe.sh - no output loses a file: a report folder keeps the raw
# data and the user's files in it, an output that is an input is refused,
# and a datapackage.json of someone else's is left as it was.
. tests/e2e/lib.sh
DD=samples/zfs-series/24.04/none/dd-write-r1.txt	# 2147483648 bytes in 1.33963 s

# sums DIR: every file under DIR with its checksum, in name order.
sums() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 cksum); }
no_tmp_beside() { # NAME FOLDER: nothing of encbench's left beside FOLDER
	if ls -a "$(dirname "$2")" | grep -q "^\.$(basename "$2")\.\(tmp\|old\)-"; then
		fail "$1"; else pass "$1"; fi
}
as_before() { # NAME FOLDER SUMS: FOLDER's files are those sums listed, unchanged
	sums "$2" > "$TMP/sums.now"
	cmp -s "$3" "$TMP/sums.now" && pass "$1" || fail "$1"
}

# A31: report -o D D where D/releases/ holds the run folders.
D=$TMP/series
mkdir -p "$D/releases" "$D/charts/raw"
cp -r samples/zfs-series/23.10 samples/zfs-series/24.04 "$D/releases/"
# Another run than the copied folders' (a copy of one would be one run
# read twice): its time one digit on.
sed 's/1\.33963 s/1.33964 s/' "$DD" > "$D/charts/raw/dd-write-r9.txt"
sums "$D" > "$TMP/raw.before"
eb report -q -o "$D" "$D/releases"
expect_rc "report -o D D/releases into a folder whose releases/ holds the runs exits 0" 0
sums "$D" | grep -F -f "$TMP/raw.before" > "$TMP/raw.after"
if cmp -s "$TMP/raw.before" "$TMP/raw.after" && [ "$(wc -l < "$TMP/raw.before")" -eq 327 ]; then
	pass "every one of the 327 raw files under releases/ and charts/ is kept as it was"
else fail "every one of the 327 raw files under releases/ and charts/ is kept as it was"; fi
for f in releases/23.10.md releases/24.04.md report.md; do
	[ -s "$D/$f" ] && pass "the report writes $f beside the runs" ||
		fail "the report writes $f beside the runs"
done
eb report -q -o "$D" "$D"
expect_rc "report -o D D run again exits 0" 0
sums "$D" | grep -F -f "$TMP/raw.before" > "$TMP/raw.after"
cmp -s "$TMP/raw.before" "$TMP/raw.after" && pass "the second run keeps the raw files too" ||
	fail "the second run keeps the raw files too"
# The records are the raw files' alone: a page's tables read back as a
# sheet's, or the old results.csv, would add rows.
"$ENCBENCH" ingest -q "$D/releases" "$D/charts/raw" > "$TMP/runs.csv"
if [ "$(wc -l < "$D/results.csv")" -eq "$(wc -l < "$TMP/runs.csv")" ]; then
	pass "the refreshed report has the runs' records, none of its own read back"
else fail "the refreshed report has the runs' records, none of its own read back"; fi
no_tmp_beside "no temporary or old folder is left beside the report" "$D"

# A28: a refresh keeps the user's files in charts/ and releases/, and
# removes the stale files of encbench's that its manifest lists.
R=$TMP/rep
TWO=tests/data/analyze/two-releases.csv
eb report -q -o "$R" "$TWO"
echo photo > "$R/charts/my-photo.jpg"
mkdir -p "$R/releases/notes"
echo n > "$R/releases/notes/n.md"
echo mine > "$R/releases/my.md"
echo top > "$R/mine.txt"
echo stale > "$R/charts/old-chart.svg"
echo charts/old-chart.svg >> "$R/.encbench-report"
eb report -q -o "$R" "$TWO"
expect_rc "a refresh with files of the user's in the subfolders exits 0" 0
kept=""
for f in mine.txt charts/my-photo.jpg releases/my.md releases/notes/n.md; do
	kept="$kept$(cat "$R/$f" 2>/dev/null) "
done
expect_file_is "the user's files in charts/, releases/ and releases/notes/ are kept" \
	/dev/stdin "top photo mine n " <<EOF
$kept
EOF
[ -e "$R/charts/old-chart.svg" ] && fail "a stale chart the manifest lists is removed" ||
	pass "a stale chart the manifest lists is removed"
grep -qx 'charts/my-photo.jpg' "$R/.encbench-report" &&
	fail "the manifest does not list the user's file" ||
	pass "the manifest does not list the user's file"

# A file of the user's where the report writes one: refused, all kept.
U=$TMP/user
mkdir -p "$U/releases"
echo "my own page" > "$U/report.md"
echo "my notes" > "$U/releases/23.10.md"
sums "$U" > "$TMP/user.before"
eb report -q -o "$U" "$TWO"
expect_rc "a report over a report.md of the user's is a usage error" 64
expect_err_line "it names the file" "$U/report.md: error: not a file of encbench's ($U/.encbench-report does not list it), and the report writes one there; move it or name another -o folder"
as_before "the refused folder is as it was" "$U" "$TMP/user.before"
no_tmp_beside "no temporary folder is left after a refusal" "$U"

# A30: an output that is an input, by name, link or walk, is refused.
cp "$DD" "$TMP/raw.txt"
cp "$DD" "$TMP/raw.orig"
eb ingest --set op=write -o "$TMP/raw.txt" "$TMP/raw.txt"
expect_rc "ingest -o IN IN is a usage error" 64
expect_err_line "it says why" "encbench: error: -o $TMP/raw.txt is also an input (read as $TMP/raw.txt); nothing was written: name another file"
cmp -s "$TMP/raw.txt" "$TMP/raw.orig" && pass "the input is as it was" ||
	fail "the input is as it was"
ln -s raw.txt "$TMP/out.csv"
ln "$TMP/raw.txt" "$TMP/hard.csv"
for o in out.csv hard.csv; do
	eb ingest --set op=write -o "$TMP/$o" "$TMP/raw.txt"
	expect_rc "ingest -o $o, a link to the input, is a usage error" 64
done
mkdir "$TMP/walk"
cp "$DD" "$TMP/walk/dd-write.txt"
eb ingest --set op=write -o "$TMP/walk/dd-write.txt" "$TMP/walk"
expect_rc "ingest -o DIR/FILE DIR, FILE found by the walk, is a usage error" 64
cmp -s "$TMP/walk/dd-write.txt" "$TMP/raw.orig" && [ ! -e "$TMP/walk/datapackage.json" ] &&
	pass "the walked input is as it was, and no datapackage.json is written" ||
	fail "the walked input is as it was, and no datapackage.json is written"
mkdir -p "$TMP/run/none"
cp tests/data/rundir/run-24.04/meta.json "$TMP/run/meta.json"
cp "$DD" "$TMP/run/none/dd-write-r1.txt"
cp "$TMP/run/meta.json" "$TMP/meta.orig"
eb ingest -o "$TMP/run/meta.json" "$TMP/run"
expect_rc "ingest -o RUN/meta.json RUN is a usage error" 64
cmp -s "$TMP/run/meta.json" "$TMP/meta.orig" && pass "meta.json is as it was" ||
	fail "meta.json is as it was"
cp "$TWO" "$TMP/in.csv"
for cmd in "overhead -o" "chart --kind overhead -o" "diff --fail-on regression --summary"; do
	# shellcheck disable=SC2086 # the command and its options, split
	eb $cmd "$TMP/in.csv" "$TMP/in.csv"
	expect_rc "$cmd IN IN is a usage error" 64
done
expect_err_line "diff names --summary" "encbench: error: --summary $TMP/in.csv is also an input (read as $TMP/in.csv); nothing was written: name another file"
cmp -s "$TMP/in.csv" "$TWO" && pass "the results.csv named as input and output is as it was" ||
	fail "the results.csv named as input and output is as it was"
# -o and --summary naming one file: the summary would replace the diff
# (audit 19).
echo mine > "$TMP/both.md"
eb diff --fail-on regression --summary "$TMP/both.md" -o "$TMP/./both.md" "$TMP/in.csv"
expect_rc "diff -o F --summary F is a usage error" 64
expect_err_line "diff names both options" "encbench: error: --summary $TMP/both.md and -o $TMP/./both.md name one file: the summary would take the place of the diff; name two files"
[ "$(cat "$TMP/both.md")" = mine ] && pass "the file both name is as it was" || fail "the file both name is as it was"
# The report's results.csv named as its input: the refresh would replace it.
sums "$R" > "$TMP/rep.before"
eb report -q -o "$R" "$R/results.csv"
expect_rc "report -o D D/results.csv is a usage error" 64
expect_err_line "it names the file" "encbench: error: -o $R/results.csv is also an input (read as $R/results.csv); nothing was written: name another -o folder"
as_before "the report folder is as it was" "$R" "$TMP/rep.before"
no_tmp_beside "no temporary folder is left after the refusal" "$R"

# A32: a datapackage.json of the user's is kept; one of encbench's names
# every results file written beside it.
P=$TMP/pkg
mkdir "$P"
echo '{"name":"my-own-package","resources":[{"path":"mydata.csv"}]}' > "$P/datapackage.json"
eb ingest --set op=write -o "$P/results.csv" "$DD"
expect_rc "ingest -o beside a datapackage.json of the user's exits 0" 0
expect_file_is "the user's datapackage.json is as it was" "$P/datapackage.json" \
	'{"name":"my-own-package","resources":[{"path":"mydata.csv"}]}'
expect_err_line "a warning says so" "$P/datapackage.json: warning: not encbench's (its name is not \"encbench-results\"), so it is left as it was and $P/results.csv has no data package"
Q=$TMP/two
mkdir "$Q"
cp "$DD" "$Q/dd-write.txt"
"$ENCBENCH" ingest -q --set op=write -o "$Q/a.csv" "$Q"
"$ENCBENCH" ingest -q --set op=write -o "$Q/b.csv" "$Q"
paths=$(sed -n 's/^ *"path": "\(.*\)",$/\1/p' "$Q/datapackage.json" | tr '\n' ' ')
expect_file_is "the package names both results files" /dev/stdin "a.csv b.csv " <<EOF
$paths
EOF
eb ingest --set op=write "$Q"
expect_rc "a walk of the folder then exits 0" 0
expect_out "and reads the dd log alone: 2147483648 B / 1.33963 s" \
"release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source
,,,,dd,dd,,write,1048576,bw,B/s,1,$(awk 'BEGIN { printf "%.17g", 2147483648 / 1.33963 }'),$Q/dd-write.txt:3"

# An output in a folder that is not there: an I/O error naming the output
# (the gnuplot back end named a freed string, read as bytes of garbage).
for backend in cairo gnuplot; do
	command -v gnuplot >/dev/null 2>&1 || [ $backend = cairo ] || { skip "no gnuplot"; continue; }
	eb chart --kind bars --backend $backend -o "$TMP/no/such/b.svg" "$TWO"
	expect_rc "chart --backend $backend -o into a missing folder: exit 74" 74
	sed "s|^$TMP/no/such/b.svg: error: .*|named|" "$TMP/err" > "$TMP/named"
	expect_file_is "the one error names the output" "$TMP/named" named
done
