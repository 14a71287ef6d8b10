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
expect_err_line "a repetition given twice is located where it was read, naming both sources" \
	"$TMP/dup-rep.csv:3: error: 24.04 h none fio j write bw, rep 1 (source b.json:5) is given again; $TMP/dup-rep.csv:2 (source a.json:5) gave it first, and a dataset holds each repetition once"
expect_file_is "a repetition given twice leaves -o as it was" "$TMP/keep.csv" "previous output"
eb overhead "$TMP/dup-rep.csv"
expect_rc "every command refuses a repetition given twice" 65

# A results.csv names in its source where a record was measured, not where
# it was read: errors are located by the file and line read (a blank line
# and a quoted row on two lines count), the source said beside (its
# newline written as a space).
printf '%s\n\n%s\n%s\n' "$HEAD" "24.04,h,c,none,fio,j,seq,write,4096,bw,B/s,1,100,\"x:1
y\"" "24.04,h,c,none,fio,j,seq,write,4096,bw,B/s,1,200,x:2" > "$TMP/dup-lines.csv"
eb ingest "$TMP/dup-lines.csv"
expect_rc "a repetition given twice over a blank line and a quoted row fails" 65
expect_err_line "a repetition given twice is located by the line read" \
	"$TMP/dup-lines.csv:5: error: 24.04 h none fio j write bw, rep 1 (source x:2) is given again; $TMP/dup-lines.csv:3 (source x:1 y) gave it first, and a dataset holds each repetition once"
printf '%s\n%s\n' "$HEAD" "24.04,h,c,none,fio,j,seq,read,4096,bw,B/s,1,100000000.0,gen:1" > "$TMP/m1.csv"
printf '%s\n%s\n%s\n' "$HEAD" "24.04,h,c,none,fio,j,seq,read,4096,bw,B/s,2,102000000.0,gen:2" \
	"24.04,h,c,none,fio,j,seq,read,4096,bw,B/s,1,100000000.0,gen:1" > "$TMP/m2.csv"
eb overhead "$TMP/m1.csv" "$TMP/m2.csv"
expect_rc "one measurement in two results.csv fails" 65
expect_err_line "one measurement in two results.csv is located in the second, where it was read" \
	"$TMP/m2.csv:3: error: the measurement of 24.04 h none fio j read bw, rep 1 (source gen:1) is read twice, first at $TMP/m1.csv:2 (an encbench results.csv beside the files it came from, or one file in two places?)"
# A copy of a record whose digits a spreadsheet rounded is still the
# measurement of its source line (res-rounded-copy.csv of the third audit).
printf '%s\n%s\n' "$HEAD" ",,,,dd,dd,,,,bw,B/s,1,3.8368e+10,$DD:10" > "$TMP/rounded.csv"
eb ingest "$TMP/rounded.csv" "$DD"
expect_rc "a rounded copy of a record beside its file fails" 65
expect_err_line "a rounded copy of a record beside its file is the measurement read twice" \
	"$DD:10: error: the measurement of dd dd bw, rep 2 is read twice, first at $TMP/rounded.csv:2 (an encbench results.csv beside the files it came from, or one file in two places?)"

# The first repeat in the order read is told, whichever test it is of.
printf '%s\n%s\n%s\n%s\n%s\n' "$HEAD" "24.04,h,c,none,fio,j,seq,write,4096,bw,B/s,1,5,s:1" \
	"24.04,h,c,none,fio,j,seq,read,4096,bw,B/s,1,6,s:2" "24.04,h,c,none,fio,j,seq,read,4096,bw,B/s,1,7,s:3" \
	"24.04,h,c,none,fio,j,seq,write,4096,bw,B/s,1,8,s:4" > "$TMP/dup-order.csv"
eb ingest "$TMP/dup-order.csv"
expect_err_line "the first repeat read is the one told" \
	"$TMP/dup-order.csv:4: error: 24.04 h none fio j read bw, rep 1 (source s:3) is given again; $TMP/dup-order.csv:3 (source s:2) gave it first, and a dataset holds each repetition once"

# A file large enough to be read on every CPU locates its rows the same.
{ echo "$HEAD"; awk 'BEGIN { for (i = 1; i <= 20000; i++)
	printf "24.04,h,c,none,fio,j%d,seq,write,4096,bw,B/s,1,%d,a/long/path/to/where/it/was/run/%d.json:12\n", i, i, i
	print "24.04,h,c,none,fio,j15000,seq,write,4096,bw,B/s,1,7,src:last" }'; } > "$TMP/dup-big.csv"
[ "$(wc -c < "$TMP/dup-big.csv")" -gt 2000000 ] || fail "the large file is larger than 2 MB, which is read in parts"
eb ingest "$TMP/dup-big.csv"
expect_err_line "a repetition given twice in a large file is located by the line read" \
	"$TMP/dup-big.csv:20002: error: 24.04 h none fio j15000 write bw, rep 1 (source src:last) is given again; $TMP/dup-big.csv:15001 (source a/long/path/to/where/it/was/run/15000.json:12) gave it first, and a dataset holds each repetition once"

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
grep -q "^$R/copy.csv:[0-9]*: error: the measurement of .* (source $R/[^ ]*) is read twice, first at $R/[^ ]* (an encbench results.csv beside the files it came from, or one file in two places?)$" "$TMP/err" \
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
