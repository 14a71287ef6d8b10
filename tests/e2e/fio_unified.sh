# fio_unified.sh - unified_rw_reporting prints a job's figures under
# "mixed" even when the job moves data one way: those are that way's
# figures (audit 13 K17), except where check reads of verify= may be in
# the sum and the output cannot show whether they are.
. tests/e2e/lib.sh

D=tests/data/fio/unified
has() { grep -c -- "$1" "$TMP/out"; }

eb ingest "$D/read-unified-3.33.json"
expect_rc "fio unified: a read job is read" 0
[ "$(has ',fio,read,seq,read,4096,bw,B/s,1,1048576000,')" -eq 1 ] &&
	[ "$(has ',mixed,')" -eq 0 ] &&
	pass "fio unified: a read job's sum is its reads" ||
	fail "fio unified: a read job's sum is its reads"

eb ingest "$D/randwrite-unified-3.33.json"
expect_rc "fio unified: a write job in JSON is read" 0
[ "$(has ',fio,randwrite,rand,write,4096,bw,B/s,1,1398101333,')" -eq 1 ] &&
	[ "$(has ',fio,randwrite,rand,write,4096,iops,1/s,1,341333.333333,')" -eq 1 ] &&
	pass "fio unified: options without verify= make the sum writes" ||
	fail "fio unified: options without verify= make the sum writes"

eb ingest "$D/randwrite-unified-3.33.txt"
expect_rc "fio unified: a write job in normal text is read" 0
[ "$(has ',fio,randwrite,rand,mixed,4096,bw,B/s,1,1398101333.3333333,')" -eq 1 ] &&
	pass "fio unified: without options a write job's sum stays mixed" ||
	fail "fio unified: without options a write job's sum stays mixed"
expect_err_line "fio unified: and a note says why" \
	"$D/randwrite-unified-3.33.txt:6: note: fio job 'randwrite' (rw=randwrite) reports its figures as 'mixed' (unified_rw_reporting), which with verify= would hold its check reads too; this output prints no options to tell, so they are kept as 'mixed': fio's JSON output would give them as writes"

eb ingest "$D/rw-unified-3.33.json"
expect_rc "fio unified: a read-and-write job is read" 0
[ "$(has ',fio,rw,mixed,mixed,4096,bw,B/s,1,2097152000,')" -eq 1 ] &&
	pass "fio unified: a job of both ways stays mixed" ||
	fail "fio unified: a job of both ways stays mixed"
