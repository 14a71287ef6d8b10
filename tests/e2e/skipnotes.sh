# skipnotes.sh - the files a folder skips as not benchmark output are told
# in one note (one file: the file's own note), each in its place with -v,
# none with -q; the records are the same every way.
. tests/e2e/lib.sh

D=$TMP/runs
mkdir -p "$D/sub"
echo "just some notes" >"$D/a.txt"
echo "more notes" >"$D/b.txt"
echo "and more" >"$D/sub/c.txt"
cp tests/data/dd/gnu-9.1-sigusr1.log "$D/"
dd_notes="$D/gnu-9.1-sigusr1.log:3: warning: taken as interim statistics (SIGUSR1/SIGINFO) of the run ending at line 7, which goes on from them (more bytes and time, the same block size), so only that line's figure is kept; runs appended to one log that grow so (a size sweep, a warm-up) look the same: give each run a file of its own
$D/gnu-9.1-sigusr1.log:7: warning: taken as interim statistics (SIGUSR1/SIGINFO) of the run ending at line 10, which goes on from them (more bytes and time, the same block size), so only that line's figure is kept; runs appended to one log that grow so (a size sweep, a warm-up) look the same: give each run a file of its own"

eb ingest "$D"
expect_rc "a folder with three files of notes is read" 0
cp "$TMP/out" "$TMP/records"
want="$dd_notes
$D: note: skipped 3 files that are not benchmark output, $D/a.txt among them (-v names each)"
if [ "$(cat "$TMP/err")" = "$want" ]; then pass "three skipped files: one note, after the folder's other messages"; else
	fail "three skipped files: one note, after the folder's other messages"; printf '%s\n' "$want" | sed 's/^/  wanted: /'; fi
[ "$(sed -n '2,$p' "$TMP/records" | cut -d, -f10,11,14)" = "bw,B/s,$D/gnu-9.1-sigusr1.log:10" ] \
	&& pass "the folder's one dd record is read" || fail "the folder's one dd record is read"

eb ingest -v "$D"
want="$D/a.txt: note: skipped: not benchmark output
$D/b.txt: note: skipped: not benchmark output
$dd_notes
$D/sub/c.txt: note: skipped: not benchmark output"
if [ "$(cat "$TMP/err")" = "$want" ]; then pass "-v: a note for each skipped file, in walk order"; else
	fail "-v: a note for each skipped file, in walk order"; printf '%s\n' "$want" | sed 's/^/  wanted: /'; fi
cmp -s "$TMP/out" "$TMP/records" && pass "-v: the same records" || fail "-v: the same records"

eb ingest --verbose -q "$D"
[ "$(cat "$TMP/err")" = "$dd_notes" ] && pass "-q silences the skipped files' notes, even with --verbose" \
	|| fail "-q silences the skipped files' notes, even with --verbose"

rm "$D/b.txt" "$D/sub/c.txt"
eb ingest "$D"
want="$dd_notes
$D/a.txt: note: skipped: not benchmark output"
if [ "$(cat "$TMP/err")" = "$want" ]; then pass "one skipped file: its own note"; else
	fail "one skipped file: its own note"; fi

eb overhead -v "$D"
expect_err_line "other commands take -v too" "$D/a.txt: note: skipped: not benchmark output"
