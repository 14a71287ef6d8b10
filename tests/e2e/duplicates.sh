# duplicates.sh - one measurement counts once: a file named twice is read
# once, encbench's own results.csv in a walked folder is skipped, a record
# given twice is an error naming both sources; FIFOs in a folder get a
# note; -o writes through a symlink and keeps a file's mode.
. tests/e2e/lib.sh

DD=tests/data/dd/gnu-9.1-sigusr1.log
HEAD="release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source"

# The same file twice, by the same or another name, or inside a folder
# named before: read once, with a note.
eb ingest -q "$DD" "$DD"
expect_out "a file named twice gives its record once" "$HEAD
,,,,dd,dd,,,,bw,B/s,1,38368130914.307045,$DD:10"
eb ingest "$DD" "./$DD"
expect_err_line "a file named twice is named in a note" "./$DD: note: named before (as $DD): read once"
mkdir -p "$TMP/one" && cp "$DD" "$TMP/one/"
eb ingest -q "$TMP/one" "$TMP/one/gnu-9.1-sigusr1.log"
[ "$(grep -c ',bw,B/s,' "$TMP/out")" -eq 1 ] && pass "a file inside a folder named before is read once" \
	|| fail "a file inside a folder named before is read once"

# Two records of one test and repetition: an error naming both sources.
printf '%s\n%s\n%s\n' "$HEAD" "24.04,h,c,none,fio,j,seq,write,4096,bw,B/s,1,100,a.json:5" \
	"24.04,h,c,none,fio,j,seq,write,4096,bw,B/s,1,200,b.json:5" > "$TMP/dup-rep.csv"
echo "previous output" > "$TMP/keep.csv"
eb ingest -o "$TMP/keep.csv" "$TMP/dup-rep.csv"
expect_rc "a repetition given twice fails" 65
expect_err_line "a repetition given twice names both sources" \
	"b.json:5: error: 24.04 h none fio j write bw, rep 1 is given again; a.json:5 gave it first, and a dataset holds each repetition once"
expect_file_is "a repetition given twice leaves -o as it was" "$TMP/keep.csv" "previous output"
eb overhead "$TMP/dup-rep.csv"
expect_rc "every command refuses a repetition given twice" 65

# encbench's own results.csv in the folder it was made from is skipped;
# a copy without its datapackage.json is the same measurements again.
R=$TMP/run
cp -r samples/zfs-series/24.04 "$R"
eb ingest -q "$R"
cp "$TMP/out" "$TMP/first.csv"
eb ingest -q -o "$R/results.csv" "$R"
eb ingest "$R"
expect_rc "a folder with its own results.csv is read" 0
cmp -s "$TMP/out" "$TMP/first.csv" && pass "its own results.csv adds no record" \
	|| fail "its own results.csv adds no record"
expect_err_line "its own results.csv is named in a note" \
	"$R/results.csv: note: skipped: encbench's own output (the datapackage.json or report manifest beside it names it); name it to read it"
eb ingest -q "$R/results.csv"
[ "$(wc -l < "$TMP/out")" -eq "$(wc -l < "$TMP/first.csv")" ] && pass "its own results.csv named alone is read" \
	|| fail "its own results.csv named alone is read"
cp "$R/results.csv" "$R/copy.csv"
eb ingest -q "$R"
expect_rc "a copy of results.csv beside its files fails" 65
grep -q "^$R/.*: error: the measurement of .* is read twice (an encbench results.csv beside the files it came from, or one file in two places?)$" "$TMP/err" \
	&& pass "the measurement read twice is named" || fail "the measurement read twice is named"
rm "$R/copy.csv" "$R/results.csv" "$R/datapackage.json"

# A report written into the folder it reads gives the same report again.
eb report -q -o "$R/report" "$R"
cp "$R/report/report.md" "$TMP/report1.md"
eb report -q -o "$R/report" "$R"
expect_rc "a report over a folder holding its last report" 0
cmp -s "$R/report/report.md" "$TMP/report1.md" && pass "the report is the same the second time" \
	|| { fail "the report is the same the second time"; diff "$TMP/report1.md" "$R/report/report.md" | head -5; }

# FIFOs, and symlinks to them, are not opened by a walk: a note says so.
F=$TMP/fifos
mkdir -p "$F" && cp "$DD" "$F/a.log" && mkfifo "$F/f" && ln -s f "$F/g"
eb ingest -v "$F"
expect_rc "a folder with a FIFO is read" 0
expect_err_line "-v names the FIFO" "$F/f: note: skipped: not a regular file (a FIFO, socket or device)"
expect_err_line "-v names the symlink to the FIFO" "$F/g: note: skipped: not a regular file (a FIFO, socket or device)"
eb ingest "$F"
expect_err_line "without -v, the FIFOs are counted with the other skipped files" \
	"$F: note: skipped 2 files that are not benchmark output, $F/f among them (-v names each)"

# -o through a symlink writes the file it points to, and keeps its mode.
printf 'old\n' > "$TMP/target.csv" && chmod 600 "$TMP/target.csv" && ln -s target.csv "$TMP/link.csv"
eb ingest -q -o "$TMP/link.csv" "$DD"
expect_rc "-o through a symlink" 0
[ -L "$TMP/link.csv" ] && pass "-o leaves a symlink a symlink" || fail "-o leaves a symlink a symlink"
grep -q ',bw,B/s,1,38368130914.307045,' "$TMP/target.csv" && pass "-o writes the file a symlink points to" \
	|| fail "-o writes the file a symlink points to"
[ "$(stat -c %a "$TMP/target.csv")" = 600 ] && pass "-o keeps an existing file's mode" \
	|| fail "-o keeps an existing file's mode (now $(stat -c %a "$TMP/target.csv"))"
printf 'old\n' > "$TMP/private.csv" && chmod 600 "$TMP/private.csv"
eb ingest -q -o "$TMP/private.csv" "$DD"
[ "$(stat -c %a "$TMP/private.csv")" = 600 ] && grep -q ',bw,B/s,1,38368130914.307045,' "$TMP/private.csv" \
	&& pass "-o replaces a file of mode 600 with one of mode 600" \
	|| fail "-o replaces a file of mode 600 with one of mode 600 (now $(stat -c %a "$TMP/private.csv"))"
ln -s nowhere.csv "$TMP/dangling.csv"
eb ingest -q -o "$TMP/dangling.csv" "$DD"
expect_rc "-o to a symlink to nothing fails" 74
expect_err_line "-o to a symlink to nothing says so" \
	"$TMP/dangling.csv: error: cannot write: a symbolic link to nothing there (No such file or directory)"
[ -L "$TMP/dangling.csv" ] && [ ! -e "$TMP/nowhere.csv" ] && pass "-o to a symlink to nothing creates nothing" \
	|| fail "-o to a symlink to nothing creates nothing"

# fio JSON: bw_bytes 0 beside bytes moved in milliseconds is damaged.
sed '25s/"bw_bytes" : 87381333/"bw_bytes" : 0/' tests/data/fio/jsonplus-numjobs2.json > "$TMP/bw0.json"
eb ingest -q "$TMP/bw0.json"
expect_rc "fio JSON: bw_bytes 0 beside 262144 bytes in 3 ms fails" 65
expect_err_line "fio JSON: bw_bytes 0 is located" \
	"$TMP/bw0.json:25: error: \"bw_bytes\" is 0 while io_bytes is 262144 in 3 ms; fio writes io_bytes * 1000 / runtime there"
