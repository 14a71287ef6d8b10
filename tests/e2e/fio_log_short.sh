# fio_log_short.sh - a fio log of a short job (one or two samples) is read
# as a fio log by its name (JOB_bw.1.log), not as a spreadsheet, and a
# named log with a damaged line is an error at that line (audit 13 K7).
. tests/e2e/lib.sh

head -2 tests/data/fio/avg_bw.1.log > "$TMP/two_bw.1.log"
eb ingest "$TMP/two_bw.1.log"
expect_rc "fio log short: two samples" 0
# The samples are "143, 8055, 0, 0, 0" and "143, 8055, 1, 0, 0": KiB/s.
[ "$(grep -c ',fio,two,,read,,bw,B/s,1,8248320,' "$TMP/out")" -eq 1 ] &&
	[ "$(grep -c ',fio,two,,write,,bw,B/s,1,8248320,' "$TMP/out")" -eq 1 ] &&
	pass "fio log short: one read and one write sample, 8055 KiB/s" ||
	fail "fio log short: one read and one write sample, 8055 KiB/s"

head -1 tests/data/fio/avg_bw.1.log > "$TMP/one_bw.1.log"
eb ingest "$TMP/one_bw.1.log"
expect_rc "fio log short: one sample" 0
[ "$(grep -c ',fio,one,,read,,bw,B/s,1,8248320,' "$TMP/out")" -eq 1 ] &&
	pass "fio log short: the one sample" || fail "fio log short: the one sample"

printf '143, 8055, 0, 0, 0\n243, 8055, 0, 0, 0\n343, x, 0, 0, 0\n443, 8055, 0, 0, 0\n' > "$TMP/bad_bw.1.log"
eb ingest "$TMP/bad_bw.1.log"
expect_rc "fio log short: a damaged named log" 65
expect_err_line "fio log short: the error is at the damaged line" \
	"$TMP/bad_bw.1.log:3: error: not a fio log sample (time, value, direction, block size)"

# Without a fio log's name, one sample line tells no format.
head -1 tests/data/fio/avg_bw.1.log > "$TMP/one.csv"
eb ingest "$TMP/one.csv"
expect_rc "fio log short: one line of no log's name is no format" 65
