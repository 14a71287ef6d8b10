# sheet_cells.sh - sheet spellings that read two ways are refused, and a
# tab-separated export is read as a comma-separated one is (audit 13 J6,
# J7, K31).
. tests/e2e/lib.sh

# "Q99" in a latency's header: CrystalDiskMark's queue depth 99, or the
# 99th percentile? Either reading could be a wrong number.
printf 'Mode,FIO Rand Read 4k q99 (ms)\nnone,1.5\n' > "$TMP/q99.csv"
eb ingest -o "$TMP/q99.out" "$TMP/q99.csv"
expect_rc "sheet cells: q99 under a latency is refused" 65
expect_err_line "sheet cells: the header's words are named" \
	"$TMP/q99.csv:1:2: error: column B ('FIO Rand Read 4k q99 (ms)') says 'q99', which encbench does not read and which may change what its numbers are; leave it out of the header, or describe the column in a --map file"
# CrystalDiskMark's Q32T1 stays a load, on its latency too.
printf 'Mode,Rand Read Q32T1 (MB/s),Rand Read Q32T1 latency (ms)\nnone,300,1.5\n' > "$TMP/q32.csv"
eb ingest "$TMP/q32.csv"
expect_rc "sheet cells: Q32T1 is read" 0
[ "$(grep -c ',none,sheet,qd32-t1,rand,read,,bw,B/s,1,300000000,' "$TMP/out")" -eq 1 ] &&
	[ "$(grep -c ',none,sheet,qd32-t1,rand,read,,lat_mean,ns,1,1500000,' "$TMP/out")" -eq 1 ] &&
	pass "sheet cells: Q32T1 is the job's load, bandwidth and latency alike" ||
	fail "sheet cells: Q32T1 is the job's load, bandwidth and latency alike"

# "1/3": run 1 of 3, or the mean of runs 1 and 3?
printf 'Mode,Run,Write (MB/s)\nnone,1/3,300\nnone,2/3,301\n' > "$TMP/run.csv"
eb ingest "$TMP/run.csv"
expect_rc "sheet cells: a Run cell of 1/3 is refused" 65
expect_err_line "sheet cells: the cell is named" \
	"$TMP/run.csv:2:2: error: '1/3' in column B ('Run') is not a run number (1, 2, ...); number the row's run, or leave out a run that is not one of the repetitions"

printf 'Mode\tWrite (MB/s)\tRead (MB/s)\nnone\t300\t400\naes-256-gcm\t250\t350\n' > "$TMP/t.tsv"
eb ingest "$TMP/t.tsv"
expect_rc "sheet cells: a tab-separated sheet is read" 0
[ "$(grep -c ',none,sheet,sheet,,read,,bw,B/s,1,400000000,' "$TMP/out")" -eq 1 ] &&
	[ "$(grep -c ',aes-256-gcm,sheet,sheet,,write,,bw,B/s,1,250000000,' "$TMP/out")" -eq 1 ] &&
	[ "$(grep -c ',sheet,' "$TMP/out")" -eq 4 ] &&
	pass "sheet cells: the four cells of the TSV" || fail "sheet cells: the four cells of the TSV"
printf 'Mode\tWrite (MB/s)\nnone\t1,5\naes-256-gcm\t2,5\n' > "$TMP/de.tsv"
eb ingest "$TMP/de.tsv"
[ "$(grep -c ',none,sheet,sheet,,write,,bw,B/s,1,1500000,' "$TMP/out")" -eq 1 ] &&
	pass "sheet cells: a TSV's decimal comma" || fail "sheet cells: a TSV's decimal comma"

# Columns of a test's load (QD, Threads, Size) make its job as a header's
# load does: QD 1 and QD 32 are two tests, never runs 1 and 2 of one
# (audit 13 J9).
printf 'Mode,QD,Threads,Size,FIO Rand Read (MB/s)\nnone,1,1,4G,30\nnone,32,1,4G,200\n' > "$TMP/load.csv"
eb ingest "$TMP/load.csv"
expect_rc "sheet cells: load columns are read" 0
[ "$(grep -c ',none,fio,qd1-t1-size4g,rand,read,,bw,B/s,1,30000000,' "$TMP/out")" -eq 1 ] &&
	[ "$(grep -c ',none,fio,qd32-t1-size4g,rand,read,,bw,B/s,1,200000000,' "$TMP/out")" -eq 1 ] &&
	pass "sheet cells: QD 1 and QD 32 are two tests, each run 1" ||
	fail "sheet cells: QD 1 and QD 32 are two tests, each run 1"
printf 'Mode,Size,Write (MB/s)\nnone,4k,30\nnone,1M,300\n' > "$TMP/size.csv"
eb ingest "$TMP/size.csv"
[ "$(grep -c ',none,sheet,sheet,,write,4096,bw,B/s,1,30000000,' "$TMP/out")" -eq 1 ] &&
	[ "$(grep -c ',none,sheet,sheet,,write,1048576,bw,B/s,1,300000000,' "$TMP/out")" -eq 1 ] &&
	pass "sheet cells: a column 'Size' of block sizes gives block sizes" ||
	fail "sheet cells: a column 'Size' of block sizes gives block sizes"
printf 'Mode,QD,FIO Rand Read (MB/s)\nnone,deep,30\n' > "$TMP/qdx.csv"
eb ingest "$TMP/qdx.csv"
expect_rc "sheet cells: a queue depth that is no number is refused" 65
expect_err_line "sheet cells: at its cell" \
	"$TMP/qdx.csv:2:2: error: 'deep' in column B ('QD') is not a queue depth (1, 2, ...)"
printf 'Mode,QD,FIO Rand Read QD4 (MB/s)\nnone,1,30\n' > "$TMP/qd2.csv"
eb ingest "$TMP/qd2.csv"
expect_rc "sheet cells: a header's load against the row's is refused" 65
expect_err_line "sheet cells: both loads are named" \
	"$TMP/qd2.csv:2:3: error: column C ('FIO Rand Read QD4 (MB/s)') names the load qd4, but the row's load columns give qd1; name it in one place"

# bonnie++ reports a test's latency as its slowest operation: a sheet's
# bonnie latency is lat_max, not a mean (audit 13 J17).
printf 'Mode,Bonnie Seq Write Latency (ms),Bonnie Seq Write (MB/s)\nnone,30,200\n' > "$TMP/bonnie.csv"
eb ingest "$TMP/bonnie.csv"
[ "$(grep -c ',none,bonnie,bonnie,seq,write,,lat_max,ns,1,30000000,' "$TMP/out")" -eq 1 ] &&
	[ "$(grep -c ',lat_mean,' "$TMP/out")" -eq 0 ] &&
	pass "sheet cells: a bonnie latency is its maximum" || fail "sheet cells: a bonnie latency is its maximum"

# A configuration in a header's brackets is the column's config: read as
# any other column, "DD Read (no AES-NI)" gave AES-NI-off figures to the
# default config (audit 13, headers naming "(no AES-NI)").
printf 'Mode,DD Write (MB/s),DD Read (no AES-NI) (MB/s)\nnone,300,290\naes-256-gcm,200,100\n' > "$TMP/cfg.csv"
eb ingest "$TMP/cfg.csv"
expect_rc "sheet cells: a header's bracketed config is read" 0
[ "$(grep -c '^,,no-aesni,aes-256-gcm,dd,dd,,read,,bw,B/s,1,100000000,' "$TMP/out")" -eq 1 ] &&
	[ "$(grep -c '^,,,aes-256-gcm,dd,dd,,write,,bw,B/s,1,200000000,' "$TMP/out")" -eq 1 ] &&
	pass "sheet cells: the read column is no-aesni, the write one not" ||
	fail "sheet cells: the read column is no-aesni, the write one not"

# The kind of device a test ran on names its job: "NVMe" and "SATA" are
# two tests, never two runs of one (audit 13 J2).
printf 'Mode,FIO Seq Write NVMe (MB/s),FIO Seq Write SATA (MB/s)\nnone,300,200\n' > "$TMP/dev.csv"
eb ingest "$TMP/dev.csv"
expect_rc "sheet cells: two devices in two columns are read" 0
[ "$(grep -c ',none,fio,nvme,seq,write,,bw,B/s,1,300000000,' "$TMP/out")" -eq 1 ] &&
	[ "$(grep -c ',none,fio,sata,seq,write,,bw,B/s,1,200000000,' "$TMP/out")" -eq 1 ] &&
	pass "sheet cells: each device is its own test" || fail "sheet cells: each device is its own test"

# A map gives what the header does not say, never against it: "op":
# "read" over "DD Write" would make the writes reads (audit 13 K10).
printf 'Mode,DD Write (MB/s)\nnone,300\n' > "$TMP/k10.csv"
printf '{"columns": [{"column": "DD Write (MB/s)", "op": "read"}]}' > "$TMP/k10.map.json"
eb ingest --map "$TMP/k10.map.json" "$TMP/k10.csv"
expect_rc "sheet cells: a map against its header is refused" 65
expect_err_line "sheet cells: at the map's entry" \
	"$TMP/k10.map.json:1:15: error: map: columns[0] gives column B ('DD Write (MB/s)') the op read, but its header says write; give what the header says, or correct the header"
printf '{"columns": [{"column": "DD Write (MB/s)", "block_size": 1048576}]}' > "$TMP/k10.map.json"
eb ingest --map "$TMP/k10.map.json" "$TMP/k10.csv"
[ "$(grep -c ',none,dd,dd,,write,1048576,bw,B/s,1,300000000,' "$TMP/out")" -eq 1 ] &&
	pass "sheet cells: a map fills what the header does not say" ||
	fail "sheet cells: a map fills what the header does not say"

# Q99 is refused wherever the unit that makes it a latency comes from: a
# units row, --unit, a Test cell's column (audit 17 P3).
printf 'Mode,Run,Read Q99\n,,ms\nnone,1,3\n' > "$TMP/q99row.csv"
eb ingest "$TMP/q99row.csv"
expect_rc "sheet cells: Q99 made a latency by a units row is refused" 65
expect_err_line "sheet cells: at the cell" \
	"$TMP/q99row.csv:3:3: error: '3' in column C ('Read Q99') is a latency of a test its header or Test cell names by 'Q' and a percentile's number: a queue depth or that percentile? write QD or p (QD99, p99)"
printf 'Mode,Run,Read Q99\nnone,1,3\n' > "$TMP/q99u.csv"
eb ingest --unit ms "$TMP/q99u.csv"
expect_rc "sheet cells: Q99 made a latency by --unit is refused" 65
printf 'Mode,Run,Test,Value (ms)\nnone,1,FIO Read latency Q99,3\n' > "$TMP/q99t.csv"
eb ingest "$TMP/q99t.csv"
expect_rc "sheet cells: Q99 in a Test cell of a latency is refused" 65
# bonnie named by a group row is bonnie as much as by the header
# (audit 17 P4).
printf ',,Bonnie++,\nMode,Run,Seq Write Latency (ms),Seq Write (MB/s)\nnone,1,3,100\n' > "$TMP/bgroup.csv"
eb ingest "$TMP/bgroup.csv"
[ "$(grep -c ',none,bonnie,bonnie,seq,write,,lat_max,ns,1,3000000,' "$TMP/out")" -eq 1 ] &&
	pass "sheet cells: a group row's bonnie latency is lat_max" ||
	fail "sheet cells: a group row's bonnie latency is lat_max"
# A run marked in doubt is no plain repetition (audit 17 P5).
printf 'Mode,Run,Seq Read (MB/s)\nnone,1,300\nnone,2,310\nnone,3?,900\n' > "$TMP/doubt.csv"
eb ingest "$TMP/doubt.csv"
expect_rc "sheet cells: a Run cell 3? is refused" 65
expect_err_line "sheet cells: the marked cell is named" \
	"$TMP/doubt.csv:4:2: error: '3?' in column B ('Run') is not a run number (1, 2, ...); number the row's run, or leave out a run that is not one of the repetitions"

# Under a block size header without a unit, a bare number below 512 is an
# error, a fraction too (audit 17 P11).
printf 'Mode,Block size,Write (MB/s)\nnone,0.5,30\n' > "$TMP/bshalf.csv"
eb ingest "$TMP/bshalf.csv"
expect_rc "sheet cells: a bare 0.5 block size is refused" 65
expect_err_line "sheet cells: as written" \
	"$TMP/bshalf.csv:2:2: error: '0.5' in column B ('Block size') is a block size without a unit, which would be 0.5 bytes; write its unit (4k, 512B) or name one in the header (Block size (KiB))"

# A Test cell the grammar reads whole names no tool: its records get the
# placeholder a header's do, never the cell as a tool (audit 17 P7); an
# unknown tool's name is kept.
printf 'Mode,Run,Test,Value (ms)\nnone,1,Read (no AES-NI),3\nnone,1,iozone write,4\n' > "$TMP/testcell.csv"
eb ingest "$TMP/testcell.csv"
expect_rc "sheet cells: Test cells are read" 0
[ "$(grep -c '^,,no-aesni,none,sheet,sheet,,read,,lat_mean,ns,1,3000000,' "$TMP/out")" -eq 1 ] &&
	[ "$(grep -c ',none,iozone-write,iozone-write,,write,,lat_mean,ns,1,4000000,' "$TMP/out")" -eq 1 ] &&
	pass "sheet cells: a Test cell of known words is the placeholder tool" ||
	fail "sheet cells: a Test cell of known words is the placeholder tool"
