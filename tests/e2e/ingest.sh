# ingest.sh - "encbench ingest" end to end: output, options, help, and bad
# input that must give a located error and leave -o untouched.
. tests/e2e/lib.sh
D=tests/data/dd

eb --version
expect_rc "--version exits 0" 0
expect_out "--version prints the version" "encbench 0.1.0"

eb --help
expect_rc "--help exits 0" 0
grep -q "^  ingest " "$TMP/out" && pass "--help lists ingest" || fail "--help lists ingest"
eb help ingest
grep -q "^  --set COLUMN=VALUE" "$TMP/out" && pass "help ingest explains --set" || fail "help ingest explains --set"
eb frobnicate
expect_rc "an unknown command is a usage error" 64
eb ingest --bogus x
expect_rc "an unknown option is a usage error" 64
eb ingest
expect_rc "no path is a usage error" 64
eb ingest --set colour=red $D/gnu-9.1-sigusr1.log
expect_rc "--set of an unknown column is a usage error" 64

eb ingest --set release=24.04 --set mode=aes-256-gcm --set op=read --set config=default $D/gnu-9.1-sigusr1.log $D/gnu-9.1-status-progress.log
expect_rc "ingest of two dd logs exits 0" 0
expect_out "ingest writes the tidy CSV with --set columns and reps across files" \
"release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source
24.04,,default,aes-256-gcm,dd,dd,,read,,bw,B/s,1,38368130914.307045,$D/gnu-9.1-sigusr1.log:10
24.04,,default,aes-256-gcm,dd,dd,,read,1048576,bw,B/s,1,35560820931.37615,$D/gnu-9.1-status-progress.log:4"

"$ENCBENCH" ingest - < $D/gnu-9.1-status-progress.log > "$TMP/out" 2>"$TMP/err"; rc=$?
expect_rc "ingest reads standard input" 0
grep -q ",bw,B/s,1,35560820931.37615,-:4$" "$TMP/out" && pass "stdin records name - as their source" || fail "stdin records name - as their source"

eb ingest -q -o "$TMP/r.json" $D/gnu-9.1-status-progress.log
expect_rc "-o FILE.json exits 0" 0
grep -q '"value": 35560820931.37615' "$TMP/r.json" && pass "-o FILE.json writes JSON" || fail "-o FILE.json writes JSON"

eb ingest -o "$TMP/r.csv" $D/gnu-9.1-status-progress.log
"$ENCBENCH" ingest "$TMP/r.csv" > "$TMP/again.csv" 2>/dev/null
if cmp -s "$TMP/r.csv" "$TMP/again.csv"; then pass "results.csv reads back to the same CSV"; else fail "results.csv reads back to the same CSV"; fi

# Bad input: a located error, a non-zero exit, and -o left as it was.
echo "previous output" > "$TMP/keep.csv"
: > "$TMP/empty.log"
eb ingest -o "$TMP/keep.csv" "$TMP/empty.log"
expect_rc "an empty file is bad data" 65
expect_err_line "an empty file is named" "$TMP/empty.log:1: error: empty file: no benchmark output in it"
expect_file_is "an empty file leaves -o untouched" "$TMP/keep.csv" "previous output"
printf 'no benchmark here\n' > "$TMP/junk.txt"
eb ingest -o "$TMP/keep.csv" "$TMP/junk.txt"
expect_rc "a file of no format is bad data" 65
grep -c "^$TMP/junk.txt:1: error: not output of any format encbench reads (" "$TMP/err" > "$TMP/n"
expect_file_is "a file of no format is named at line 1, where detection looked" "$TMP/n" "1"

printf '4+0 records in\n4+0 rec\0ords out\n' > "$TMP/garbage.bin"
head -c 4096 /dev/urandom >> "$TMP/garbage.bin"
eb ingest -o "$TMP/keep.csv" "$TMP/garbage.bin"
expect_rc "binary garbage is bad data" 65
expect_err_line "binary garbage is named where its first NUL is" "$TMP/garbage.bin:2:8: error: binary data (a NUL byte), not benchmark output"
expect_file_is "binary garbage leaves -o untouched" "$TMP/keep.csv" "previous output"

{ cat $D/gnu-9.1-status-progress.log; head -c 20000000 /dev/zero | tr '\0' 'x'; } > "$TMP/longline.log"
eb ingest --format dd -o "$TMP/keep.csv" "$TMP/longline.log"
expect_rc "a 20 MB line is bad data" 65
expect_err_line "a 20 MB line is located" "$TMP/longline.log:5: error: line longer than 1048576 bytes, the most encbench reads"
expect_file_is "a 20 MB line leaves -o untouched" "$TMP/keep.csv" "previous output"

eb ingest -o "$TMP/keep.csv" "$TMP/does-not-exist.log"
expect_rc "a nonexistent path is an I/O error" 74
expect_err_line "a nonexistent path is named" "$TMP/does-not-exist.log: error: cannot open: No such file or directory"
expect_file_is "a nonexistent path leaves -o untouched" "$TMP/keep.csv" "previous output"

mkdir "$TMP/nothing"
echo "just some notes" > "$TMP/nothing/notes.txt"
eb ingest -o "$TMP/keep.csv" "$TMP/nothing"
expect_rc "a directory with nothing recognisable is bad data" 65
expect_err_line "the directory is named" "$TMP/nothing: error: no benchmark output in this directory (formats: $(sed -n 's/.*(formats: \(.*\))$/\1/p' "$TMP/err" | head -1))"
expect_err_line "the skipped file is noted" "$TMP/nothing/notes.txt: note: skipped: not benchmark output"
expect_file_is "an empty directory leaves -o untouched" "$TMP/keep.csv" "previous output"

eb ingest -o "$TMP/keep.csv" $D/gnu-9.1-status-progress.log "$TMP/empty.log"
expect_rc "one bad file among good ones fails the command" 65
expect_file_is "one bad file leaves -o untouched" "$TMP/keep.csv" "previous output"

mkdir "$TMP/runs" && cp $D/gnu-9.1-sigusr1.log $D/gnu-9.1-11-locales.log "$TMP/runs/" && cp "$TMP/nothing/notes.txt" "$TMP/runs/"
eb ingest "$TMP/runs"
expect_rc "a directory is walked" 0
[ "$(grep -c ',bw,B/s,' "$TMP/out")" -eq 12 ] && pass "a directory yields every run of every file" || fail "a directory yields every run of every file"

# A run directory labels its records: meta.json gives release, host and
# config, the folder the mode, the file name op and rep.
eb ingest -q tests/data/rundir/run-24.04
expect_rc "a run directory is read" 0
line=$(grep ',none,dd,dd,,write,1048576,bw,B/s,2,' "$TMP/out")
case "$line" in
"24.04,testbox,default,none,dd,dd,,write,1048576,bw,B/s,2,"*",tests/data/rundir/run-24.04/none/dd-write-r2.txt:3")
	pass "a run directory fills release, host, config, mode, op and rep" ;;
*)	fail "a run directory fills release, host, config, mode, op and rep" ;;
esac
[ "$(grep -c ',bw,B/s,' "$TMP/out")" -eq 8 ] && pass "a run directory yields all 8 runs" || fail "a run directory yields all 8 runs"
printf '{"release": 24.04,\n "host": "x"' > "$TMP/bad-meta.json"
mkdir -p "$TMP/badrun/none" && cp "$TMP/bad-meta.json" "$TMP/badrun/meta.json" && cp tests/data/dd/gnu-9.1-sigusr1.log "$TMP/badrun/none/dd-write-r1.txt"
eb ingest "$TMP/badrun"
expect_rc "a broken meta.json is bad data" 65
grep -q "^$TMP/badrun/meta.json:2:[0-9]*: error: " "$TMP/err" && pass "a broken meta.json is located" || fail "a broken meta.json is located"

# A folder is parsed by one thread per CPU; what it gives, records and
# diagnostics in their order, is the same as on one CPU. tests/data has
# records, notes, warnings, skipped files and errors.
if several_cpus; then
	same_on_one_cpu "a folder read on one CPU and on $(nproc) gives the same output and messages" \
		tests/data 65
	[ "$(wc -l < "$TMP/one")" -gt 40 ] && pass "the folder gives records and messages to compare" \
		|| fail "the folder gives records and messages to compare"
else
	skip "a folder read on one CPU and on several (needs taskset and two CPUs)"
fi

# A file of a run directory named alone is labelled from its path and the
# run's meta.json, as the walk of the run labels it, however it is named.
run=samples/zfs-series/24.04
eb ingest -q "$run/none/dd-write-r1.txt"
expect_out "a lone run file takes its labels from its path" "$(printf '%s\n' \
	release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source \
	"24.04,framework-i5-1135g7,default,none,dd,dd,,write,1048576,bw,B/s,1,1603042368.4151592,$run/none/dd-write-r1.txt:3")"
(cd "$run/aes-256-gcm" && "$ENCBENCH" ingest -q fio-seq-read-r2.json) > "$TMP/lone" 2>&1
eb ingest -q "$run"
grep 'aes-256-gcm/fio-seq-read-r2.json:' "$TMP/out" | sed 's|,[^,]*$||' > "$TMP/walked"
sed 1d "$TMP/lone" | sed 's|,[^,]*$||' > "$TMP/alone"
[ -s "$TMP/walked" ] && cmp -s "$TMP/walked" "$TMP/alone" && pass "a lone run file named from inside its mode folder is labelled as in the walk" \
	|| fail "a lone run file named from inside its mode folder is labelled as in the walk"

# A mode's folder of a run named alone is labelled as the run's walk labels
# it: op from the file names, release and host from the run's meta.json;
# before, its dd reads and writes were one test of no op.
eb ingest samples/zfs-series/24.04/aes-256-gcm
expect_rc "a mode's folder named alone ingests" 0
grep -q '^24.04,framework-i5-1135g7,default,aes-256-gcm,dd,dd,,read,1048576,bw,B/s,1,2581550755.0567527,samples/zfs-series/24.04/aes-256-gcm/dd-read-r1.txt:3$' "$TMP/out" &&
	[ "$(grep -c ',dd,dd,,,' "$TMP/out")" -eq 0 ] && ! grep -q 'have no op' "$TMP/err" \
	&& pass "its dd records have op, release and host from the run" \
	|| fail "its dd records have op, release and host from the run"
