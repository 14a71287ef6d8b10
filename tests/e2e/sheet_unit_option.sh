# sheet_unit_option.sh - a unit from --unit, a cell or the header never
# turns a column whose header names a latency, IOPS or CPU use into a
# figure of another metric (audit 13 K15).
. tests/e2e/lib.sh

printf 'Mode,Write latency,Read IOPS,CPU\nnone,1.5,300,5\naes-256-gcm,2.0,250,6\n' > "$TMP/lat.csv"
eb ingest --unit MB/s "$TMP/lat.csv"
expect_rc "sheet --unit: a latency column under --unit MB/s is refused" 65
expect_err_line "sheet --unit: the cell and both kinds are named" \
	"$TMP/lat.csv:2:2: error: '1.5' in column B ('Write latency') would be a bandwidth (by --unit), but the header names a latency; give the column a unit of that kind (in its header, its cells, --unit or a --map file)"

printf 'Mode,CPU\nnone,5\naes-256-gcm,6\n' > "$TMP/cpu.csv"
eb ingest --unit MB/s "$TMP/cpu.csv"
expect_rc "sheet --unit: a CPU column under --unit MB/s is refused" 65
expect_err_line "sheet --unit: CPU use is named" \
	"$TMP/cpu.csv:2:2: error: '5' in column B ('CPU') would be a bandwidth (by --unit), but the header names CPU use; give the column a unit of that kind (in its header, its cells, --unit or a --map file)"

printf 'Mode,Write latency\nnone,1.5 MB/s\naes-256-gcm,2.0 MB/s\n' > "$TMP/cell.csv"
eb ingest "$TMP/cell.csv"
expect_rc "sheet --unit: a cell's bandwidth under a latency header is refused" 65
expect_err_line "sheet --unit: the cell's unit is named as the cause" \
	"$TMP/cell.csv:2:2: error: '1.5 MB/s' in column B ('Write latency') would be a bandwidth (by the unit of the cell), but the header names a latency; give the column a unit of that kind (in its header, its cells, --unit or a --map file)"

printf 'Mode,Read latency (MB/s)\nnone,1.5\n' > "$TMP/head.csv"
eb ingest "$TMP/head.csv"
expect_rc "sheet --unit: a header of a latency and a bandwidth unit is refused" 65

# Columns whose header names their kind keep it; --unit gives the others.
printf 'Mode,Write,Write latency (ms),Read IOPS\nnone,300,1.5,2000\naes-256-gcm,250,2.0,1800\n' > "$TMP/mixed.csv"
eb ingest --unit MB/s "$TMP/mixed.csv"
expect_rc "sheet --unit: --unit over the columns without a unit" 0
[ "$(grep -c ',none,sheet,sheet,,write,,bw,B/s,1,300000000,' "$TMP/out")" -eq 1 ] &&
	[ "$(grep -c ',none,sheet,sheet,,write,,lat_mean,ns,1,1500000,' "$TMP/out")" -eq 1 ] &&
	[ "$(grep -c ',aes-256-gcm,sheet,sheet,,read,,iops,1/s,1,1800,' "$TMP/out")" -eq 1 ] &&
	pass "sheet --unit: each column keeps its own kind" || fail "sheet --unit: each column keeps its own kind"
